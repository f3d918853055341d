import { LogType } from '@relaygate/contract';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExport } from '../../src/import/export.ts';
import { runImport } from '../../src/import/run-import.ts';
import { openStore } from '../../src/store/db.ts';
import { nowSeconds } from '../../src/store/users.ts';
import type { ConsoleClient } from '../support/console-client.ts';
import { signInAsRoot, userWithRole } from '../support/console-client.ts';
import { createLogDatabase, logKindBeside, outboxOf, type TestLogDatabase } from '../support/log-database.ts';
import { MockUpstream } from '../support/mock-upstream.ts';
import { setPerCallPrices } from '../support/money-cluster.ts';
import { callGateway, chatAnswer, chatBody, walletOf } from '../support/money.ts';
import { seedChannel, seedToken, setRelayOption, waitFor } from '../support/relay-seed.ts';
import { createTestDatabase, databaseReachable } from '../support/test-database.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

const MODEL = 'log-apart';
const COST = 1000;
const WALLET = 1_000_000;
const DAY = 86_400;
const logKind = logKindBeside();
const logServerAway = !(await databaseReachable(logKind));

/**
 * Issue #30 item 3: LOG_SQL_DSN puts the logs in a database of their own, of another engine than
 * the main one here. Calls are charged in the main database and their rows reach the log database
 * exactly once, through an outage of the log database and a move repeated after a crash; the
 * console's log pages, statistics and the retention job work there.
 */
describe.skipIf(databaseUnavailable() || logServerAway)(`logs in a ${logKind} database of their own`, () => {
  let logs: TestLogDatabase;
  let t: TestServer;
  let mock: MockUpstream;
  let root: ConsoleClient;
  let owner: ConsoleClient;
  let ownerId: number;
  let key: string;
  let channelId: number;

  const logDb = () => t.server.store.logs.db;
  const ownRows = () =>
    logDb().selectFrom('logs').selectAll().where('user_id', '=', ownerId).orderBy('id').execute();
  const call = async () => {
    const answer = await callGateway(t.url, key, chatBody(MODEL, false));
    expect(answer.status).toBe(200);
    return answer.requestId;
  };
  /** Waits until the outbox is empty and the owner has `count` consumption rows in the log database. */
  const movedRows = (count: number) =>
    waitFor(
      // While the log database comes back its reads are refused for a moment: read again.
      async () => ({ outbox: await outboxOf(t.server.store), rows: await ownRows().catch(() => []) }),
      (seen) => seen.outbox === 0 && seen.rows.filter((row) => row.type === LogType.Consume).length === count,
      `${count} consumption rows in the log database`,
    );

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    mock.handler('/v1/chat/completions', () => ({ json: chatAnswer(MODEL, 10, 2) }));
    logs = await createLogDatabase(logKind);
    t = await startTestServer({ LOG_SQL_DSN: logs.dsn, SQL_QUERY_TIMEOUT: '2' });
    root = await signInAsRoot(t.url);
    channelId = await seedChannel(t, { baseUrl: mock.url, models: [MODEL], name: 'apart channel' });
    await setPerCallPrices(root, { [MODEL]: COST / 500_000 });
    owner = await userWithRole(root, 'logowner', 1);
    ownerId = owner.userId!;
    await t.server.store.db.updateTable('users').set({ quota: WALLET }).where('id', '=', ownerId).execute();
    t.server.keys.invalidateUser(ownerId);
    key = (await seedToken(t, { userId: ownerId, unlimited: true })).key;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await logs?.close();
    await mock?.stop();
  });

  it('charges calls in the main database and writes their rows to the log database only', async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await call());
    const { rows } = await movedRows(5);
    expect(rows.map((row) => row.request_id).sort()).toEqual([...ids].sort());
    expect(rows.every((row) => Number(row.quota) === COST && Number(row.channel_id) === channelId)).toBe(
      true,
    );
    const inMain = await t.server.store.db.selectFrom('logs').select('id').execute();
    expect(inMain).toEqual([]);
    expect(WALLET - (await walletOf(t.server.store.db, ownerId))).toBe(5 * COST);
  });

  it('serves the console log pages, the self log and the statistics from the log database', async () => {
    const page = await root.get<{
      total: number;
      items: Array<{ request_id: string; channel_name: string }>;
    }>(`/api/log/?p=1&page_size=10&type=2&username=logowner`);
    expect(page.body.data!.total).toBe(5);
    expect(page.body.data!.items.every((item) => item.channel_name === 'apart channel')).toBe(true);
    const self = await owner.get<{ total: number }>('/api/log/self/?p=1&page_size=10&type=2');
    expect(self.body.data!.total).toBe(5);
    const stat = await owner.get<{ quota: number }>('/api/log/self/stat?type=2');
    expect(stat.body.data!.quota).toBe(5 * COST);
    const ready = await fetch(`${t.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { checks: Record<string, unknown> }).checks.log_database).toEqual({
      ok: true,
    });
  });

  it('deletes old consumption rows in the log database by retention, and keeps the rest', async () => {
    const old = nowSeconds() - 10 * DAY;
    const row = (type: number) => ({
      user_id: ownerId,
      username: 'logowner',
      created_at: old,
      type,
      quota: 7,
    });
    await logDb()
      .insertInto('logs')
      .values([row(LogType.Consume), row(LogType.Consume), row(LogType.Error), row(LogType.TopUp)])
      .execute();
    await setRelayOption(root, 'LogRetentionDays', '1');
    try {
      const report = await t.server.retention.runOnce();
      expect(report?.logs).toBe(3);
    } finally {
      await setRelayOption(root, 'LogRetentionDays', '0');
    }
    const left = await ownRows();
    expect(left.filter((r) => Number(r.created_at) === old).map((r) => r.type)).toEqual([LogType.TopUp]);
    expect(left.filter((r) => r.type === LogType.Consume)).toHaveLength(5);
  });

  it('deletes logs before a time in the log database from the console, and says how many', async () => {
    const old = nowSeconds() - 20 * DAY;
    await logDb()
      .insertInto('logs')
      .values(
        [1, 2].map((quota) => ({
          user_id: ownerId,
          username: 'logowner',
          created_at: old,
          type: LogType.TopUp,
          quota,
        })),
      )
      .execute();
    const deleted = await root.delete<number>(`/api/log/?target_timestamp=${old + 1}`);
    expect(deleted.body.data).toBe(2);
    expect((await ownRows()).filter((r) => Number(r.created_at) === old)).toEqual([]);
  });

  it('does not copy a row twice when a move is repeated after a crash before the outbox let it go', async () => {
    // The state a crash leaves between the log database's commit and the outbox's delete: the rows
    // and their receipts in the log database, the same rows (same keys) still in the outbox.
    const before = await ownRows();
    const twice = before.filter((r) => r.type === LogType.Consume).slice(0, 2);
    const keyed = twice.map(({ id: _id, ...rest }) => ({
      ...rest,
      is_stream: rest.is_stream ? 1 : 0,
      row_key: randomUUID(),
    }));
    await logDb()
      .insertInto('log_outbox_receipts')
      .values(keyed.map((r) => ({ row_key: r.row_key, moved_at: nowSeconds() })))
      .execute();
    await t.server.store.db.insertInto('log_outbox').values(keyed).execute();
    t.server.store.logs.onQueued();
    await waitFor(
      () => outboxOf(t.server.store),
      (n) => n === 0,
      'the outbox emptied',
    );
    expect((await ownRows()).map((r) => r.id)).toEqual(before.map((r) => r.id));
    const receipts = await logDb().selectFrom('log_outbox_receipts').select('row_key').execute();
    expect(receipts).toEqual([]);
  });

  it.skipIf(logKind === 'sqlite')(
    'keeps rows in the outbox while the log database is away, and moves each once when it is back',
    async () => {
      const before = (await ownRows()).filter((r) => r.type === LogType.Consume).length;
      logs.proxy!.cut();
      const ids = [];
      for (let i = 0; i < 4; i++) ids.push(await call());
      await waitFor(
        () => outboxOf(t.server.store),
        (n) => n === 4,
        '4 rows waiting in the outbox',
      );
      const away = await waitFor(
        async () =>
          (await fetch(`${t.url}/readyz`)).json() as Promise<{ checks: { log_database: { ok: boolean } } }>,
        (body) => !body.checks.log_database.ok,
        'readiness to report the log database away',
      );
      expect(away.checks.log_database.ok).toBe(false);
      logs.proxy!.restore();
      const { rows } = await movedRows(before + 4);
      const requestIds = rows.map((r) => r.request_id).filter((id) => id !== '');
      expect(new Set(requestIds).size).toBe(requestIds.length);
      for (const id of ids) expect(requestIds).toContain(id);
      const logged = await logDb()
        .selectFrom('logs')
        .select(sql<number>`coalesce(sum(quota), 0)`.as('quota'))
        .where('user_id', '=', ownerId)
        .where('type', '=', LogType.Consume)
        .executeTakeFirstOrThrow();
      expect(WALLET - (await walletOf(t.server.store.db, ownerId))).toBe(Number(logged.quota));
    },
    60_000,
  );

  it('exports the log rows from the log database, and imports them into the log database', async () => {
    const all = await logDb().selectFrom('logs').select('request_id').execute();
    expect(all.length).toBeGreaterThan(0);
    const dir = mkdtempSync(join(tmpdir(), 'relaygate-logs-apart-'));
    const main = await createTestDatabase();
    const apart = await createLogDatabase(logKind);
    const env = (db: { sqlDsn: string; sqlitePath: string }, logSqlDsn: string) => ({
      SQL_DSN: db.sqlDsn,
      SQLITE_PATH: db.sqlitePath || 'unused.db',
      LOG_SQL_DSN: logSqlDsn,
    });
    try {
      const file = join(dir, 'backup.db');
      await runExport({ to: file, env: env(t.db, logs.dsn) });
      const backup = new SQLite(file, { readonly: true });
      const exported = backup.prepare('select count(*) as n from logs').get() as { n: number };
      backup.close();
      expect(exported.n).toBe(all.length);

      await runImport({ from: file, env: env(main, apart.dsn) });
      const store = openStore({ sqlDsn: main.sqlDsn, sqlitePath: main.sqlitePath, logSqlDsn: apart.dsn });
      try {
        const moved = await store.logs.db.selectFrom('logs').select('request_id').execute();
        expect(moved.map((r) => r.request_id).sort()).toEqual(all.map((r) => r.request_id).sort());
        expect(await store.db.selectFrom('logs').select('id').execute()).toEqual([]);
      } finally {
        await store.close();
      }
    } finally {
      await apart.close();
      await main.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
