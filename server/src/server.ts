import cluster from 'node:cluster';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { VerificationCodes } from './auth/verification-codes.ts';
import { prepareDatabaseUntimed } from './bootstrap.ts';
import type { ChangeBus } from './cache/change-bus.ts';
import { ChannelIndex } from './cache/channel-index.ts';
import { redisBreakerStates } from './cache/breaker-states.ts';
import { CircuitBreakers } from './cache/circuit-breakers.ts';
import { breakerPolicy } from './relay/routing/breaker-policy.ts';
import { KeyCache } from './cache/key-cache.ts';
import { OptionsCache } from './cache/options-cache.ts';
import type { HealthLog } from './cache/redis-connection.ts';
import { openSharedState, type SharedState } from './cache/shared-state.ts';
import { openLimits, type Limits } from './limits/index.ts';
import { QuotaDataRollup, startQuotaDataFlush } from './jobs/quota-data.ts';
import { channelAutoTestJob } from './jobs/channel-auto-test.ts';
import { JobScheduler } from './jobs/scheduler.ts';
import { sessionSweepJob } from './jobs/session-sweep.ts';
import { moveAllLogs, startLogMover } from './jobs/log-mover.ts';
import { RETENTION_JOB, retentionJob, type RetentionJob, type RetentionReport } from './jobs/retention.ts';
import { createChannelTester } from './relay/routing/channel-tester.ts';
import { upstreamAccounts } from './relay/providers/upstream-accounts.ts';
import { Mailer } from './mail/mailer.ts';
import { Notifier } from './notify/notifier.ts';
import { nodeReadiness } from './ops/node-readiness.ts';
import { openMetrics } from './ops/metrics.ts';
import { addNodeGauges } from './ops/node-gauges.ts';
import { openTracing } from './ops/open-tracing.ts';
import type { Config } from './config.ts';
import { openStore, type Store } from './store/db.ts';

export interface RelaygateServer {
  app: FastifyInstance;
  store: Store;
  settings: OptionsCache;
  keys: KeyCache;
  channels: ChannelIndex;
  shared: SharedState;
  /** The dashboard's roll-up of this process (tests flush it). */
  quotaData: QuotaDataRollup;
  limits: Limits;
  /** Deletes logs, dashboard data and tasks past their age (tests run it at will). */
  retention: RetentionJob;
  /** The background jobs of this process. */
  jobs: JobScheduler;
  createdRoot: boolean;
  /** Stops taking requests, finishes background work, and closes the database. */
  close(): Promise<void>;
}

export interface ServerOptions {
  /** Carries cache changes to the other worker processes (none when running alone). */
  bus?: ChangeBus;
  /** This node's id on the node bus, the same for every worker of one node (a random one if unset). */
  nodeId?: string;
  /** Run migrations and the first-start seed (the cluster primary does it once for all workers). */
  prepareDatabase?: boolean;
  /** The time the circuit breakers read (Date.now): a test passes a cool-down by moving its own clock. */
  clock?: () => number;
}

/** Everything `npm start` runs before it listens: store, migrations, first-start seed, caches, app. */
export async function createServer(config: Config, options: ServerOptions = {}): Promise<RelaygateServer> {
  const store = openStore(config);
  // Health changes are logged by the app's logger once it exists (Redis may report before that).
  let logger: HealthLog = console;
  let appLog: FastifyBaseLogger | undefined;
  const log: HealthLog = { warn: (m) => logger.warn(m), info: (m) => logger.info(m) };
  const shared = openSharedState(config, store, log, options.bus, options.nodeId);
  const bus = shared.bus;
  try {
    const createdRoot =
      options.prepareDatabase === false ? false : await prepareDatabaseUntimed(store, config);
    // LOG_RETENTION_DAYS is the retention's default until the console sets one.
    const settings = new OptionsCache(store, bus, { LogRetentionDays: String(config.ops.logRetentionDays) });
    const keys = new KeyCache(store, config.syncFrequencySeconds, bus);
    const channels = new ChannelIndex(store, bus);
    const breakers = new CircuitBreakers(
      bus,
      options.clock ?? Date.now,
      shared.redis ? redisBreakerStates(shared.redis) : undefined,
    );
    const mailer = new Mailer(settings);
    const notifier = new Notifier({
      store,
      settings,
      mailer,
      redis: shared.redis,
      log: {
        warn: (obj, message) => appLog?.warn(obj, message),
        error: (obj, message) => appLog?.error(obj, message),
      },
      webhookCaFile: config.notifyWebhookCaFile,
    });
    // Applied in the background; a failed reload is logged and the periodic one catches up.
    const reloadFailed = (error: unknown) => logger.warn(`reload after a change failed: ${String(error)}`);
    const quotaData = new QuotaDataRollup(store, () => settings.bool('DataExportEnabled'), bus);
    bus.subscribe((event) => {
      if (event.kind === 'dashboard')
        quotaData
          .flush()
          .catch((error: unknown) => logger.warn(`dashboard data flush failed: ${String(error)}`));
      if (event.kind === 'breaker') breakers.apply(event, (id) => breakerPolicy(settings, channels.get(id)));
      if (event.kind === 'token' || event.kind === 'user') keys.applyRemote(event);
      if (event.kind === 'user') notifier.forgetUser(event.id);
      if (event.kind === 'all') keys.clear();
      if (event.kind === 'channels' || event.kind === 'all') channels.reload().catch(reloadFailed);
      if (event.kind === 'option' || event.kind === 'all') settings.reload().catch(reloadFailed);
    });
    // Listen before the first load, so no change made meanwhile is missed.
    await shared.start();
    await settings.reload();
    await channels.reload();
    const metrics = openMetrics(config.ops.metricsEnabled, cluster.isWorker);
    addNodeGauges(metrics, store, shared, channels);
    await breakers.restore();
    const channelTester = createChannelTester({
      config,
      store,
      settings,
      channels,
      notifier,
      metrics,
      breakers,
    });
    const tracing = await openTracing(config.ops.tracing);
    const limits = openLimits(store, settings, shared.redis, cluster.isWorker, log, config.addressLimits);
    const jobs = new JobScheduler({
      store,
      // One lease holder per process: workers of one node share the node id.
      holder: `${shared.nodeId}:${config.workerSlot}:${process.pid}`,
      leaseSeconds: config.jobs.leaseSeconds,
      onError: (job, error) =>
        appLog?.error({ err: error, job }, 'a background job failed; tried again next run'),
    });
    const app = await buildApp({
      config,
      store,
      settings,
      keys,
      channels,
      breakers,
      channelTester,
      upstreamAccounts,
      shared,
      quotaData,
      mailer,
      notifier,
      limits,
      verificationCodes: new VerificationCodes(store, shared.redis),
      readiness: nodeReadiness(store, shared),
      metrics,
      tracing,
      jobs,
    });
    logger = app.log;
    appLog = app.log;
    const logError = (what: string) => (error: unknown) => app.log.error({ err: error }, what);
    jobs.add(sessionSweepJob(store));
    const quotaDataFlush = startQuotaDataFlush(
      quotaData,
      () => settings.number('DataExportInterval'),
      logError('dashboard data flush failed; its counts are kept for the next one'),
    );
    jobs.add(
      retentionJob({
        store,
        settings,
        ops: config.ops,
        onDeleted: (report) => app.log.info({ deleted: report }, 'deleted rows past their retention age'),
      }),
    );
    // LOG_SQL_DSN: the rows waiting in the outbox go to the log database.
    startLogMover(store, jobs);
    const retention: RetentionJob = {
      runOnce: () => jobs.runNow(RETENTION_JOB) as Promise<RetentionReport | undefined>,
    };
    // new-api's CHANNEL_TEST_FREQUENCY: every channel tested, disabled or re-enabled by its outcome.
    if (config.jobs.channelTestIntervalMs !== undefined)
      jobs.add(
        channelAutoTestJob(store, channelTester, config.jobs.channelTestIntervalMs, (channelId, error) =>
          app.log.warn({ err: error, channelId }, 'channel test failed'),
        ),
      );
    const stopFollowingInterval = settings.onChange((key) => {
      if (key === 'DataExportInterval') quotaDataFlush.reschedule();
    });
    settings.startSync(config.syncFrequencySeconds, logError('option reload failed'));
    channels.startSync(config.syncFrequencySeconds, logError('channel index rebuild failed'));
    return {
      app,
      store,
      settings,
      keys,
      channels,
      shared,
      quotaData,
      limits,
      retention,
      jobs,
      createdRoot,
      async close() {
        settings.stopSync();
        channels.stopSync();
        // Runs in progress finish and leases are given up before the app and the store close.
        await jobs.stop();
        stopFollowingInterval();
        // The app's close settles what is queued, which counts it; then the last counts are flushed.
        await app.close();
        // The last settlements' log rows go to the log database now; any left move at the next start.
        if (store.logs.apart) await moveAllLogs(store).catch(logError('moving the last log rows failed'));
        // The spans of the calls that finished while closing go out before the process ends.
        await tracing.close().catch(logError('sending the last traces failed'));
        await limits.close();
        await quotaDataFlush.stop().catch(logError('last dashboard data flush failed'));
        await notifier.close();
        mailer.close();
        await shared.close();
        await store.close();
      },
    };
  } catch (error) {
    await shared.close();
    await store.close();
    throw error;
  }
}
