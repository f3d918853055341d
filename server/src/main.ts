import { ConfigError, loadConfig, type Config } from './config.ts';
import { createServer } from './server.ts';

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

async function main(): Promise<void> {
  const config = readConfig();
  const server = await createServer(config);
  const { app } = server;
  if (config.sessionSecretGenerated) {
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
    app.log.info(`${signal} received, shutting down`);
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error('relaygate failed to start:', error);
  process.exit(1);
});
