import cluster, { type Worker } from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { clusterWorkerBus, relayBetweenWorkers } from './cache/change-bus.ts';
import { openMigrationStore, prepareDatabase } from './bootstrap.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { RestartBackoff } from './restart-backoff.ts';
import { limitsPrimary } from './limits/cluster-store.ts';
import { primaryMetrics } from './ops/cluster-metrics.ts';
import { nodeVersionProblem } from './node-version.ts';

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

/**
 * A worker's exit code for a start that no restart can mend (its port is taken, or not allowed):
 * the primary then stops the node with the worker's message instead of re-forking it forever.
 */
const CANNOT_LISTEN_EXIT = 78;
/**
 * Connections the kernel may hold before the process accepts them. Node's default (511) overflowed
 * when thousands of streams opened at once while the event loop was busy: the overflow's SYNs were
 * dropped and each client waited a second or more for its retry. Asked high, the kernel caps it at
 * net.core.somaxconn, as Go's listener (new-api's) does.
 */
const LISTEN_BACKLOG = 65_535;

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

  // The first SIGTERM (or SIGINT) stops taking calls and lets those in flight finish; what is still
  // open when SHUTDOWN_GRACE_SECONDS have passed, or at a second signal, is cut. A cut call is a
  // caller that hung up: the relay stops its upstream and settles what it counted, or refunds it.
  let closing = false;
  const cutOpenCalls = (why: string) => {
    app.log.warn(`${why}: cutting the calls still open`);
    app.server.closeAllConnections();
  };
  const shutdown = async (signal: string) => {
    if (closing) return cutOpenCalls(`a second ${signal}`);
    closing = true;
    app.log.info(`${signal} received, finishing the calls in flight and shutting down`);
    const grace = setTimeout(() => cutOpenCalls('the shutdown grace period is over'), config.shutdownGraceMs);
    await server.close();
    clearTimeout(grace);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  try {
    await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EADDRINUSE' && code !== 'EACCES') throw error;
    console.error(`relaygate: cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
    await server.close().catch(() => undefined);
    process.exit(CANNOT_LISTEN_EXIT);
  }
  // Said whatever LOG_LEVEL is, as the cluster primary says it for its workers: where the node serves.
  if (!inCluster) console.log(`relaygate: serving on ${config.host}:${config.port}`);
}

/** Signals a worker that may have died a moment ago (its 'exit' is then on its way). */
function sendSignal(worker: Worker, signal: NodeJS.Signals): void {
  try {
    worker.process.kill(signal);
  } catch {
    // Already gone.
  }
}

/** Sends to a worker that may have died a moment ago: its IPC channel is then closed, and that is fine. */
function sendQuietly(worker: Worker, message: unknown): boolean {
  if (worker.isDead() || !worker.isConnected()) return false;
  try {
    return worker.send(message as never);
  } catch {
    return false;
  }
}

/**
 * The cluster primary: prepares the database once, starts one worker per WORKERS, relays cache
 * changes between them, replaces a worker that dies (after a growing wait, so a worker that cannot
 * start is never re-forked in a tight loop), and stops them all on SIGTERM.
 */
async function runPrimary(config: Config): Promise<void> {
  const store = openMigrationStore(config);
  const createdRoot = await prepareDatabase(store, config);
  await store.close();
  if (createdRoot)
    console.log('relaygate: created the root user (root / 123456): change its password after first login');
  if (config.sessionSecretGenerated) {
    console.warn(
      'relaygate: SESSION_SECRET is not set: a random one is used, so console sessions end at restart',
    );
  }
  // Every worker must sign and check session cookies with the same secret, size its connection
  // pool by the same worker count, and be one node on the node bus (they hear each other through
  // IPC, so they all ignore their node's echo).
  const env = {
    SESSION_SECRET: config.sessionSecret,
    WORKERS: String(config.workers),
    [NODE_ID_ENV]: randomUUID(),
  };
  const liveWorkers = () =>
    Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
  const relay = relayBetweenWorkers(() =>
    liveWorkers().map((worker) => ({ id: worker.id, send: (m: unknown) => sendQuietly(worker, m) })),
  );
  cluster.on('message', (worker, message) => relay(worker.id, message as never));
  // Without Redis the workers count their rate limits here, so they stay exact across workers.
  const limits = limitsPrimary();
  cluster.on('message', (worker, message) => limits.handle(worker, message, (a) => sendQuietly(worker, a)));
  // One scrape of any worker answers for all of them: the worker asks here, and this gathers them.
  if (config.ops.metricsEnabled) {
    const metrics = primaryMetrics();
    cluster.on('message', (worker, message) => metrics(worker, message, (a) => sendQuietly(worker, a)));
  }

  // Each worker has a slot, kept by the worker started in its place: the slot names its settlement
  // journal and its reservations, which the new worker settles or refunds before it serves.
  const slotOf = new Map<number, number>();
  const startedAt = new Map<number, number>();
  const fork = (slot: number) => {
    const worker = cluster.fork({ ...env, RELAYGATE_WORKER_SLOT: String(slot) });
    slotOf.set(worker.id, slot);
    startedAt.set(worker.id, Date.now());
    // A send that fails after the worker died is reported here; it must not end the primary.
    worker.on('error', (error) => console.error(`relaygate: worker ${worker.id}: ${error.message}`));
  };
  let closing = false;
  const backoff = new RestartBackoff();
  const pendingRestarts = new Set<NodeJS.Timeout>();
  cluster.on('exit', (worker, code, signal) => {
    limits.exited(worker.process.pid);
    const lived = Date.now() - (startedAt.get(worker.id) ?? Date.now());
    const slot = slotOf.get(worker.id) ?? 0;
    startedAt.delete(worker.id);
    slotOf.delete(worker.id);
    if (closing) return;
    if (code === CANNOT_LISTEN_EXIT) {
      console.error(`relaygate: a worker cannot listen on port ${config.port}; stopping the node`);
      shutdown(1);
      return;
    }
    const delay = backoff.delayAfter(lived);
    console.error(
      `relaygate: worker ${worker.process.pid} exited (${signal ?? code}) after ${lived} ms, starting another in ${delay} ms`,
    );
    const timer = setTimeout(() => {
      pendingRestarts.delete(timer);
      if (!closing) fork(slot);
    }, delay);
    pendingRestarts.add(timer);
  });
  for (let slot = 0; slot < config.workers; slot++) fork(slot);
  // Said once every first worker listens, not when they are forked: a worker still recovering its
  // slot (journal, then refunds) does not serve yet, and an operator or a test reading this line
  // knows the whole node serves.
  const listening = new Set<number>();
  const announce = (worker: Worker) => {
    listening.add(worker.id);
    if (listening.size < config.workers) return;
    cluster.off('listening', announce);
    console.log(`relaygate: ${config.workers} workers on port ${config.port}`);
  };
  cluster.on('listening', announce);

  const shutdown = (exitCode = 0) => {
    // A second signal is passed on: each worker then cuts the calls it still has open.
    if (closing) {
      for (const worker of liveWorkers()) sendSignal(worker, 'SIGTERM');
      return;
    }
    closing = true;
    for (const timer of pendingRestarts) clearTimeout(timer);
    const workers = liveWorkers();
    let left = workers.length;
    if (left === 0) process.exit(exitCode);
    for (const worker of workers) {
      worker.once('exit', () => --left === 0 && process.exit(exitCode));
      sendSignal(worker, 'SIGTERM');
    }
  };
  process.on('SIGINT', () => shutdown());
  process.on('SIGTERM', () => shutdown());
}

const tooOld = nodeVersionProblem();
if (tooOld) {
  console.error(`relaygate: ${tooOld}`);
  process.exit(1);
}
const config = readConfig();
const start = config.workers > 1 && cluster.isPrimary ? runPrimary(config) : runServer(config);
start.catch((error: unknown) => {
  console.error('relaygate failed to start:', error);
  process.exit(1);
});
