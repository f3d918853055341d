import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { VerificationCodes } from './auth/verification-codes.ts';
import { ensureRootUser } from './bootstrap.ts';
import { OptionsCache } from './cache/options-cache.ts';
import type { Config } from './config.ts';
import { openStore, type Store } from './store/db.ts';
import { migrateToLatest } from './store/migrate.ts';

export interface RelaygateServer {
  app: FastifyInstance;
  store: Store;
  settings: OptionsCache;
  createdRoot: boolean;
  /** Stops taking requests, finishes background work, and closes the database. */
  close(): Promise<void>;
}

/** Everything `npm start` runs before it listens: store, migrations, first-start seed, caches, app. */
export async function createServer(config: Config): Promise<RelaygateServer> {
  const store = openStore(config);
  try {
    await migrateToLatest(store);
    const createdRoot = await ensureRootUser(store, config);
    const settings = new OptionsCache(store);
    await settings.reload();
    const app = await buildApp({ config, store, settings, verificationCodes: new VerificationCodes() });
    settings.startSync(config.syncFrequencySeconds, (error) =>
      app.log.error({ err: error }, 'option reload failed'),
    );
    return {
      app,
      store,
      settings,
      createdRoot,
      async close() {
        settings.stopSync();
        await app.close();
        await store.close();
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
