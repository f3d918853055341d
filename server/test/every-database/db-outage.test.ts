import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleClient } from '../support/console-client.ts';
import { openStore } from '../../src/store/db.ts';
import { MockUpstream } from '../support/mock-upstream.ts';
import { movement, settledLedgers } from '../support/money.ts';
import { waitFor } from '../support/relay-seed.ts';
import { chatCall, rootWithMockChannel } from '../support/spawned-relay.ts';
import { spawnGateway, type SpawnedGateway } from '../support/spawn-gateway.ts';
import { TcpProxy } from '../support/tcp-proxy.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from '../support/test-database.ts';
import { databaseUnavailable } from '../support/test-server.ts';

const ACCESS_TOKEN = 'outagetesttoken0123456789abcdefg';
/** Far longer than any timeout the gateway is given here: a call not answered by then hangs. */
const ANSWER_DEADLINE_MS = 45_000;

/** A status, or 0 when no answer came before the deadline. */
async function within(answer: Promise<number>): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<number>(
    (resolve) => (timer = setTimeout(() => resolve(0), ANSWER_DEADLINE_MS)),
  );
  try {
    return await Promise.race([answer, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The database drops or goes silent under load: a gateway of two workers keeps running, answers
 * 503 in each caller's format without hanging, and serves again when the database returns.
 */
describe.skipIf(databaseUnavailable() || testDbKind() === 'sqlite')('database outage, WORKERS=2', () => {
  let db: TestDatabase;
  let proxy: TcpProxy;
  let gateway: SpawnedGateway;
  let mock: MockUpstream;
  let root: ConsoleClient;
  /** An unlimited key of root: its calls reserve in the wallet only. */
  let unlimitedKey: string;
  /** A key with a small balance: each call reserves quota in the database. */
  let limitedKey: string;

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    db = await createTestDatabase();
    proxy = await TcpProxy.before(db.sqlDsn);
    gateway = await spawnGateway(
      { ...db, sqlDsn: proxy.rewrite(db.sqlDsn) },
      {
        WORKERS: '2',
        INITIAL_ROOT_ACCESS_TOKEN: ACCESS_TOKEN,
        SYNC_FREQUENCY: '3600',
        SQL_QUERY_TIMEOUT: '2',
        LOG_LEVEL: 'error',
      },
    );
    root = await rootWithMockChannel(gateway.url, ACCESS_TOKEN, mock);
    unlimitedKey = await createKey({ name: 'trusted', unlimited_quota: true });
    limitedKey = await createKey({ name: 'limited', unlimited_quota: false, remain_quota: 400_000 });
    // Every worker learns both keys while the database is there (connections spread over workers);
    // the worker that did not create the channel rebuilds its index a moment later.
    const deadline = Date.now() + 15_000;
    for (;;) {
      const statuses = await Promise.all(
        [unlimitedKey, limitedKey].flatMap((key) => Array(8).fill(key).map(call)),
      );
      if (statuses.every((status) => status === 200)) break;
      if (Date.now() > deadline) throw new Error(`warm-up calls failed: ${statuses.join(',')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 90_000);

  afterAll(async () => {
    proxy?.restore();
    await gateway?.stop();
    await proxy?.close();
    await db?.drop();
    await mock?.stop();
  });

  async function createKey(body: Record<string, unknown>): Promise<string> {
    const created = await root.post<Array<{ key: string }>>('/api/token/', body);
    expect(created.body.success, created.body.message).toBe(true);
    return `sk-${created.body.data![0]!.key}`;
  }

  /** A chat call through the official client: its HTTP status, and the error's shape when it failed. */
  /** The error bodies of failed calls: OpenAI's `error` object, or the console's envelope. */
  const failures: Array<
    { openai: { message?: string; code?: string } } | { console: { success: boolean; message?: string } }
  > = [];
  const call = (key: string): Promise<number> =>
    within(
      chatCall(gateway.url, key, ANSWER_DEADLINE_MS).then(({ status, error }) => {
        if (error) failures.push({ openai: error });
        return status;
      }),
    );
  const consoleCall = (): Promise<number> =>
    within(
      root.get<{ id: number }>('/api/user/self').then((answer) => {
        if (answer.status !== 200) failures.push({ console: answer.body });
        return answer.status;
      }),
    );

  async function expectStatuses(make: () => Promise<number>, count: number, allowed: number[]) {
    const statuses = await Promise.all(Array.from({ length: count }, make));
    for (const status of statuses) expect(allowed, `statuses ${statuses.join(',')}`).toContain(status);
  }

  /** A burst of concurrent calls of every kind while the database is away. */
  async function loadDuringOutage(): Promise<void> {
    failures.length = 0;
    await Promise.all([
      // Every call reserves in the database, unlimited key or not.
      expectStatuses(() => call(unlimitedKey), 12, [503]),
      // Reserves quota: the database is needed.
      expectStatuses(() => call(limitedKey), 12, [503]),
      // An unknown key must be looked up.
      expectStatuses(() => call(`sk-unknown${Math.random().toString(36).slice(2)}`), 4, [503]),
      expectStatuses(consoleCall, 6, [503]),
    ]);
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) {
      if ('openai' in failure) {
        expect(failure.openai.code).toBe('database_unavailable');
        expect(failure.openai.message).toMatch(/database is unavailable/);
      } else {
        expect(failure.console.success).toBe(false);
        expect(failure.console.message).toMatch(/database is unavailable/);
      }
    }
  }

  /** The database is back: calls succeed again, and no worker had died meanwhile. */
  async function restoreAndExpectServedWithoutRestart(): Promise<void> {
    proxy.restore();
    // Each worker probes the database on its own (every second while it is away): served again
    // once a burst spread over both workers is answered in full.
    await waitFor(
      () => Promise.all([...Array.from({ length: 6 }, () => call(limitedKey)), consoleCall(), consoleCall()]),
      (statuses) => statuses.every((status) => status === 200),
      'every worker serving again after restore',
      30_000,
    );
    await expectStatuses(() => call(limitedKey), 12, [200]);
    await expectStatuses(consoleCall, 4, [200]);
    expect(gateway.output()).not.toMatch(/worker \d+ exited/);
    expect(gateway.process.exitCode).toBeNull();
  }

  it('answers 503 while the database refuses connections, then serves again without a restart', async () => {
    proxy.cut();
    for (let round = 0; round < 3; round++) await loadDuringOutage();
    await restoreAndExpectServedWithoutRestart();
  }, 120_000);

  it('bills every call answered while the database was away, once it is back', async () => {
    const direct = openStore({ sqlDsn: db.sqlDsn, sqlitePath: '' });
    try {
      const token = await direct.db
        .selectFrom('tokens')
        .select(['id', 'user_id'])
        .where('name', '=', 'limited')
        .executeTakeFirstOrThrow();
      const account = { userId: Number(token.user_id), tokenId: Number(token.id) };
      const idle = () => mock.inFlight === 0;
      const [before] = await settledLedgers(direct.db, [account], idle);
      // Calls reserve with the database there; it goes away before they are answered, so their
      // settlements can only be kept (journal) until it returns.
      mock.holdAnswers();
      const seen = mock.requests.length;
      const calls = Array.from({ length: 10 }, () => call(limitedKey));
      await waitFor(
        async () => mock.requests.length - seen,
        (n) => n === 10,
        'ten calls upstream',
      );
      proxy.cut();
      mock.releaseAnswers();
      expect(await Promise.all(calls)).toEqual(Array(10).fill(200));
      proxy.restore();
      const [after] = await settledLedgers(direct.db, [account], idle, 60_000);
      const moved = movement(before!, after!);
      expect(moved.walletRows).toBe(10);
      expect(moved.tokenRows).toBe(10);
      expect(moved.walletLost).toBe(moved.walletLogged);
      expect(moved.tokenLost).toBe(moved.tokenLogged);
      expect(moved.walletLogged).toBeGreaterThan(0);
    } finally {
      proxy.restore();
      await direct.close();
    }
  }, 120_000);

  it('answers 503 instead of hanging while the database is silent, then serves again', async () => {
    proxy.blackhole();
    for (let round = 0; round < 2; round++) await loadDuringOutage();
    await restoreAndExpectServedWithoutRestart();
  }, 180_000);
});
