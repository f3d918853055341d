import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { clusterWorkerBus, relayBetweenWorkers } from './cache/change-bus.ts';
import { prepareDatabase } from './bootstrap.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openStore } from './store/db.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`relaygate: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

/** How the primary tells its workers the node id they share. */
const NODE_ID_ENV = 'RELAYGATE_NODE_ID';

/** One gateway process: alone, or as one of the cluster's workers. */
async function runServer(config: Config): Promise<void> {
  const inCluster = cluster.isWorker;
  // Loaded here, not at the top: the cluster primary never serves, so it never loads the app.
  const { createServer } = await import('./server.ts');
  const server = await createServer(config, {
    bus: inCluster ? clusterWorkerBus() : undefined,
    nodeId: inCluster ? process.env[NODE_ID_ENV] : undefined,
    prepareDatabase: !inCluster,
  });
  const { app } = server;
  if (!inCluster && config.sessionSecretGenerated) {
    app.log.warn(
      'SESSION_SECRET is not set: a random one is used, so console sessions end when the process restarts',
    );
  }
  if (server.createdRoot)
    app.log.info('created the root user (root / 123456): change its password after first login');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, finishing work and shutting down`);
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
}

/**
 * The cluster primary: prepares the database once, starts one worker per WORKERS, relays cache
 * changes between them, replaces a worker that dies, and stops them all on SIGTERM.
 */
async function runPrimary(config: Config): Promise<void> {
  const store = openStore(config);
  const createdRoot = await prepareDatabase(store, config);
  await store.close();
  if (createdRoot)
    console.log('relaygate: created the root user (root / 123456): change its password after first login');
  if (config.sessionSecretGenerated) {
    console.warn(
      'relaygate: SESSION_SECRET is not set: a random one is used, so console sessions end at restart',
    );
  }
  // Every worker must sign and check session cookies with the same secret, and they are one node
  // on the node bus (they hear each other through IPC, so they all ignore their node's echo).
  const env = { SESSION_SECRET: config.sessionSecret, [NODE_ID_ENV]: randomUUID() };
  const relay = relayBetweenWorkers(() =>
    Object.values(cluster.workers ?? {}).filter((w) => w !== undefined),
  );
  cluster.on('message', (worker, message) => relay(worker.id, message as never));
  let closing = false;
  cluster.on('exit', (worker, code) => {
    if (closing) return;
    console.error(`relaygate: worker ${worker.process.pid} exited (${code}), starting another`);
    cluster.fork(env);
  });
  for (let i = 0; i < config.workers; i++) cluster.fork(env);
  const shutdown = () => {
    if (closing) return;
    closing = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    let left = workers.length;
    if (left === 0) process.exit(0);
    for (const worker of workers) {
      worker.once('exit', () => --left === 0 && process.exit(0));
      worker.process.kill('SIGTERM');
    }
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  console.log(`relaygate: ${config.workers} workers on port ${config.port}`);
}

const config = readConfig();
const start = config.workers > 1 && cluster.isPrimary ? runPrimary(config) : runServer(config);
start.catch((error: unknown) => {
  console.error('relaygate failed to start:', error);
  process.exit(1);
});
