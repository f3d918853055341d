import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { VerificationCodes } from './auth/verification-codes.ts';
import { ensureRootUser } from './bootstrap.ts';
import { ChannelIndex } from './cache/channel-index.ts';
import { KeyCache } from './cache/key-cache.ts';
import { OptionsCache } from './cache/options-cache.ts';
import { createChannelTester } from './relay/channel-tester.ts';
import type { Config } from './config.ts';
import { openStore, type Store } from './store/db.ts';
import { migrateToLatest } from './store/migrate.ts';

export interface RelaygateServer {
  app: FastifyInstance;
  store: Store;
  settings: OptionsCache;
  keys: KeyCache;
  channels: ChannelIndex;
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
    const keys = new KeyCache(store, config.syncFrequencySeconds);
    const channels = new ChannelIndex(store);
    await channels.rebuild();
    const channelTester = createChannelTester({ config, store, settings, channels });
    const app = await buildApp({
      config,
      store,
      settings,
      keys,
      channels,
      channelTester,
      verificationCodes: new VerificationCodes(),
    });
    const logError = (what: string) => (error: unknown) => app.log.error({ err: error }, what);
    settings.startSync(config.syncFrequencySeconds, logError('option reload failed'));
    channels.startSync(config.syncFrequencySeconds, logError('channel index rebuild failed'));
    return {
      app,
      store,
      settings,
      keys,
      channels,
      createdRoot,
      async close() {
        settings.stopSync();
        channels.stopSync();
        await app.close();
        await store.close();
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
