import { ChannelStatus, type BackgroundJobs, type BackgroundJobState } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCE_REFRESH_JOB } from '../../src/api/channel/balance-refresh.ts';
import { CHANNEL_TEST_JOB } from '../../src/jobs/channel-auto-test.ts';
import { RETENTION_JOB } from '../../src/jobs/retention.ts';
import { SESSION_SWEEP_JOB } from '../../src/jobs/session-sweep.ts';
import { TASK_POLL_JOB } from '../../src/relay/tasks/task-poller.ts';
import { openStore, type Store } from '../../src/store/db.ts';
import { insertReturningId } from '../../src/store/insert.ts';
import { migrateToLatest } from '../../src/store/migrate.ts';
import { writeOption } from '../../src/store/options.ts';
import { type ConsoleClient, signInAsRoot } from '../support/console-client.ts';
import { MockUpstream } from '../support/mock-upstream.ts';
import { CHAT_ANSWER } from '../support/spawned-relay.ts';
import { spawnGateway, type SpawnedGateway } from '../support/spawn-gateway.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { databaseUnavailable } from '../support/test-server.ts';
import { waitFor } from '../support/wait.ts';

const LEASED = [BALANCE_REFRESH_JOB, CHANNEL_TEST_JOB, RETENTION_JOB, TASK_POLL_JOB];
const INVALID_KEY = {
  status: 401,
  json: { error: { message: 'invalid api key', type: 'invalid_request_error', code: 'invalid_api_key' } },
};

/**
 * Issue #30 item 4: two gateway processes on one database run their background jobs through one
 * scheduler. Each leased job runs on one node while it lives and on the other once it is killed;
 * root sees every job's holder and last run from either node; the channel auto-test
 * (CHANNEL_TEST_FREQUENCY) disables a failing channel and re-enables a recovered one.
 */
describe.skipIf(databaseUnavailable())('background jobs on two nodes', () => {
  let db: TestDatabase;
  let store: Store;
  let mock: MockUpstream;
  let failing: number;
  let recovered: number;
  let creditLeft: number;
  let spent: number;
  const gateways: SpawnedGateway[] = [];
  const consoles = new Map<SpawnedGateway, ConsoleClient>();

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    mock.reply('/failing/v1/chat/completions', INVALID_KEY);
    mock.reply('/recovered/v1/chat/completions', { json: CHAT_ANSWER });
    db = await createTestDatabase();
    store = openStore({ sqlDsn: db.sqlDsn, sqlitePath: db.sqlitePath });
    await migrateToLatest(store);
    const channel = (name: string, status: number, type = 1) =>
      insertReturningId(store, 'channels', {
        type,
        key: `sk-${name}`,
        name,
        base_url: `${mock.url}/${name}`,
        models: 'gpt-4o-mini',
        group: 'default',
        status,
        auto_ban: 1,
      });
    // The chat channels' accounts have credit too (OpenAI's billing pair), so no refresh fails.
    for (const name of ['failing', 'recovered']) {
      mock.reply(`/${name}/v1/dashboard/billing/subscription`, { json: { hard_limit_usd: 100 } });
      mock.reply(`/${name}/v1/dashboard/billing/usage`, { json: { total_usage: 0 } });
    }
    failing = await channel('failing', ChannelStatus.Enabled);
    recovered = await channel('recovered', ChannelStatus.AutoDisabled);
    // Two OpenRouter accounts for the balance refresh: one with credit left, one spent.
    mock.reply('/credit-left/api/v1/credits', { json: { data: { total_credits: 20, total_usage: 5.5 } } });
    mock.reply('/spent/api/v1/credits', { json: { data: { total_credits: 5, total_usage: 5 } } });
    creditLeft = await channel('credit-left', ChannelStatus.Enabled, 20);
    spent = await channel('spent', ChannelStatus.Enabled, 20);
    await writeOption(store, 'AutomaticDisableChannelEnabled', 'true');
    await writeOption(store, 'AutomaticEnableChannelEnabled', 'true');
    // Retention has something to do (nothing is that old), so it runs.
    await writeOption(store, 'LogRetentionDays', '30');
    const env = {
      WORKERS: '1',
      CHANNEL_TEST_FREQUENCY: '0.005',
      CHANNEL_UPDATE_FREQUENCY: '0.005',
      RETENTION_INTERVAL_SECONDS: '0.3',
      TASK_POLL_INTERVAL_SECONDS: '0.3',
      TASK_POLL_LEASE_SECONDS: '2',
      JOB_LEASE_SECONDS: '2',
      RESERVATION_LEASE_SECONDS: '2',
    };
    gateways.push(await spawnGateway(db, env));
    gateways.push(await spawnGateway(db, env));
    for (const gateway of gateways) consoles.set(gateway, await signInAsRoot(gateway.url));
  }, 90_000);

  afterAll(async () => {
    for (const gateway of gateways) await gateway.stop();
    await store?.close();
    await db?.drop();
    await mock?.stop();
  });

  const jobsOf = async (gateway: SpawnedGateway) => {
    const answer = await consoles.get(gateway)!.get<BackgroundJobs>('/api/jobs');
    expect(answer.body.success).toBe(true);
    return answer.body.data!;
  };
  const job = (jobs: BackgroundJobs, name: string): BackgroundJobState => {
    const found = jobs.jobs.find((state) => state.name === name);
    if (!found) throw new Error(`no job ${name} in ${JSON.stringify(jobs)}`);
    return found;
  };
  const status = async (id: number) =>
    Number(
      (await store.db.selectFrom('channels').select('status').where('id', '=', id).executeTakeFirstOrThrow())
        .status,
    );

  it('tests every channel on its interval: disables the failing one, re-enables the recovered one', async () => {
    await waitFor(
      () => status(failing),
      (s) => s === ChannelStatus.AutoDisabled,
      'the failing channel disabled',
    );
    await waitFor(
      () => status(recovered),
      (s) => s === ChannelStatus.Enabled,
      'the recovered channel enabled',
    );
    // Its upstream recovers: a later run enables it again.
    mock.reply('/failing/v1/chat/completions', { json: CHAT_ANSWER });
    await waitFor(
      () => status(failing),
      (s) => s === ChannelStatus.Enabled,
      'the failing channel back',
    );
  });

  it("refreshes every channel's balance on its interval, and disables a spent account", async () => {
    const balance = async (id: number) =>
      (
        await store.db
          .selectFrom('channels')
          .select(['balance', 'balance_updated_time'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).balance;
    await waitFor(
      () => balance(creditLeft),
      (left) => Number(left) === 14.5,
      'the balance refreshed',
    );
    await waitFor(
      () => status(spent),
      (s) => s === ChannelStatus.AutoDisabled,
      'the spent account disabled',
    );
    expect(await status(creditLeft)).toBe(ChannelStatus.Enabled);
  });

  it('runs each leased job on one node only, and reports it the same from both', async () => {
    const [first, second] = gateways as [SpawnedGateway, SpawnedGateway];
    const nodes = [(await jobsOf(first)).node, (await jobsOf(second)).node];
    expect(nodes[0]).not.toBe(nodes[1]);
    for (const name of LEASED)
      await waitFor(
        async () => job(await jobsOf(first), name),
        (state) => state.last_run !== null,
        `${name} ran`,
      );

    // Three more runs of each: every one by the holder, and the holder never changes.
    const seen = new Map<string, Set<string>>(LEASED.map((name) => [name, new Set<string>()]));
    const holders = new Map<string, string>();
    for (const name of LEASED) holders.set(name, job(await jobsOf(first), name).holder);
    for (let round = 0; round < 3; round += 1) {
      const before = await jobsOf(second);
      for (const name of LEASED) {
        const after = await waitFor(
          async () => job(await jobsOf(round % 2 === 0 ? first : second), name),
          (state) => state.last_run!.started_at > job(before, name).last_run!.started_at,
          `another run of ${name}`,
        );
        seen.get(name)!.add(after.last_run!.node);
        expect(after.holder).toBe(holders.get(name));
      }
    }
    for (const name of LEASED) {
      expect([...seen.get(name)!]).toEqual([holders.get(name)]);
      expect(nodes).toContain(holders.get(name));
      expect(job(await jobsOf(first), name)).toMatchObject({ scope: 'leased', on_this_node: true });
      expect(job(await jobsOf(second), name).holder).toBe(holders.get(name));
    }
    // The session sweep is every node's own: each reports itself.
    for (const gateway of gateways) {
      const jobs = await jobsOf(gateway);
      expect(job(jobs, SESSION_SWEEP_JOB)).toMatchObject({ scope: 'node', holder: jobs.node });
    }
    const channelTest = job(await jobsOf(first), CHANNEL_TEST_JOB);
    expect(channelTest.interval_ms).toBe(300);
    expect(channelTest.last_run).toMatchObject({ outcome: 'ok', error: '' });
  });

  it('moves a leased job to the other node once its holder is killed', async () => {
    const holder = job(await jobsOf(gateways[0]!), CHANNEL_TEST_JOB).holder;
    const dead = (await jobsOf(gateways[0]!)).node === holder ? gateways[0]! : gateways[1]!;
    const survivor = gateways.find((gateway) => gateway !== dead)!;
    const survivorNode = (await jobsOf(survivor)).node;
    const held = async () => {
      const jobs = await jobsOf(dead);
      return LEASED.filter((name) => job(jobs, name).holder === jobs.node);
    };
    const taken = await held();
    expect(taken).toContain(CHANNEL_TEST_JOB);
    await dead.killHard();
    // What the dead node held, the survivor takes over once the lease runs out, and runs.
    for (const name of taken) {
      const state = await waitFor(
        async () => job(await jobsOf(survivor), name),
        (found) => found.holder === survivorNode && found.last_run?.node === survivorNode,
        `${name} taken over`,
      );
      expect(state.last_run!.outcome).toBe('ok');
    }
  });

  it('answers only root', async () => {
    const anonymous = await fetch(`${gateways.at(-1)!.url}/api/jobs`);
    expect(anonymous.status).toBe(401);
  });
});
