import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { VerificationCodes } from './auth/verification-codes.ts';
import { prepareDatabaseUntimed } from './bootstrap.ts';
import { localBus, type ChangeBus } from './cache/change-bus.ts';
import { ChannelIndex } from './cache/channel-index.ts';
import { KeyCache } from './cache/key-cache.ts';
import { OptionsCache } from './cache/options-cache.ts';
import { startSessionSweep } from './jobs/session-sweep.ts';
import { createChannelTester } from './relay/channel-tester.ts';
import type { Config } from './config.ts';
import { openStore, type Store } from './store/db.ts';

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

export interface ServerOptions {
  /** Carries cache changes to the other worker processes (none when running alone). */
  bus?: ChangeBus;
  /** Run migrations and the first-start seed (the cluster primary does it once for all workers). */
  prepareDatabase?: boolean;
}

/** Everything `npm start` runs before it listens: store, migrations, first-start seed, caches, app. */
export async function createServer(config: Config, options: ServerOptions = {}): Promise<RelaygateServer> {
  const bus = options.bus ?? localBus;
  const store = openStore(config);
  try {
    const createdRoot =
      options.prepareDatabase === false ? false : await prepareDatabaseUntimed(store, config);
    const settings = new OptionsCache(store, bus);
    await settings.reload();
    const keys = new KeyCache(store, config.syncFrequencySeconds, bus);
    const channels = new ChannelIndex(store, bus);
    await channels.reload();
    // Set once the app (and its logger) exists; a reload that fails while the database is down
    // must not become an unhandled rejection, which would end the process.
    let logError = (what: string) => (error: unknown) => console.error(`relaygate: ${what}:`, error);
    bus.subscribe((event) => {
      if (event.kind === 'token' || event.kind === 'user') keys.applyRemote(event);
      else if (event.kind === 'channels') channels.reload().catch(logError('channel index rebuild failed'));
      else settings.reload().catch(logError('option reload failed'));
    });
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
    logError = (what: string) => (error: unknown) => app.log.error({ err: error }, what);
    settings.startSync(config.syncFrequencySeconds, logError('option reload failed'));
    channels.startSync(config.syncFrequencySeconds, logError('channel index rebuild failed'));
    const sessionSweep = startSessionSweep(store, logError('expired session sweep failed'));
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
        await sessionSweep.stop();
        await app.close();
        await store.close();
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
