import { TOTAL_COUNT_HEADER, type Page } from '@relaygate/contract';
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExport } from '../../src/import/export.ts';
import { runImport } from '../../src/import/run-import.ts';
import type { ImportReport } from '../../src/import/report.ts';
import { openStore } from '../../src/store/db.ts';
import { ConsoleClient } from '../support/console-client.ts';
import { buildSource, importedChatAnswer, runImportProcess, targetEnv } from '../support/import-source.ts';
import { importedHoldings } from '../support/import-holdings.ts';
import { MockUpstream } from '../support/mock-upstream.ts';
import { NEW_API_2026 } from '../support/new-api-schemas.ts';
import type { SourceFacts } from '../support/new-api-seed.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';
import { waitFor } from '../support/wait.ts';

const CHAT_ANSWER = importedChatAnswer('hello again');

const LONG_NAME = 'n'.repeat(70);

describe.skipIf(databaseUnavailable())('import of a new-api database (2026 schema)', () => {
  const mock = new MockUpstream();
  let source: { db: TestDatabase; facts: SourceFacts; dsn: string };
  let target: TestDatabase;
  let first: ImportReport;

  beforeAll(async () => {
    await mock.start();
    mock.reply('/v1/chat/completions', { json: CHAT_ANSWER });
    source = await buildSource(NEW_API_2026, { upstreamUrl: mock.url });
    // A name longer than ours takes: PostgreSQL and MariaDB would refuse it, SQLite keeps it.
    const sourceStore = openStore(targetEnvStore(source.db));
    await sourceStore.db
      .insertInto('users')
      .values({ id: 6, username: LONG_NAME, password: 'x', aff_code: 'longAf' })
      .execute();
    // A 2026 table with no place here (TOTP secrets): named in the report.
    await sql`create table two_fas (id integer primary key, user_id integer)`.execute(sourceStore.db);
    await sourceStore.close();
    target = await createTestDatabase();
    first = (await runImport({ from: source.dsn, env: targetEnv(target) })).report;
  });
  afterAll(async () => {
    await source?.db.drop();
    await target?.drop();
    await mock.stop();
  });

  it('imports every table, exactly, and says what it left out and why', async () => {
    const { facts } = source;
    const counts = (table: string) => first.tables.get(table)!;
    if (target.kind === 'sqlite') expect(counts('users')).toMatchObject({ total: 5, imported: 5 });
    else {
      expect(counts('users')).toMatchObject({ total: 5, imported: 4 });
      expect([...counts('users').skipped]).toEqual([['its username is longer than 64 characters', 1]]);
    }
    expect(counts('tokens')).toMatchObject({ total: 3, imported: 3 });
    expect(counts('channels')).toMatchObject({ total: 4, imported: 3 });
    expect([...counts('channels').skipped]).toEqual([
      ['channel type 1000 is not one Relaygate can serve', 1],
    ]);
    expect([...counts('channels').warnings.keys()]).toEqual([expect.stringMatching(/type 11 .*retired/)]);
    expect(counts('logs')).toMatchObject({ total: facts.logCount, imported: facts.logCount });
    expect(counts('quota_data')).toMatchObject({ total: 2, imported: 2 });
    expect(counts('options')).toMatchObject({ total: 5, imported: 3 });
    expect(first.unknownOptions).toEqual(['SomeFutureSetting']);
    expect(first.notes).toContain('source tables not imported: two_fas');
    expect([...counts('options').skipped.keys()].join()).toMatch(/RetryTimes|refused/);
    expect(first.droppedColumns.get('users')).toEqual([
      'auth_version',
      'invite_rebate_eligible',
      'stripe_customer',
    ]);

    const store = openStore(targetEnvStore(target));
    try {
      const alice = await store.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', facts.alice.id)
        .executeTakeFirstOrThrow();
      expect(alice).toMatchObject({
        username: 'alice',
        role: 1,
        group: 'vip',
        email: 'alice@example.com',
        github_id: 'gh-alice',
        oidc_id: 'oidc-alice',
        wechat_id: 'wx-alice',
        telegram_id: 'tg-alice',
        linux_do_id: 'ld-alice',
        discord_id: 'dc-alice',
        access_token: 'AliceAccessToken0123456789abcdef',
        aff_code: 'aliceA',
        remark: 'moved',
      });
      expect(
        [
          alice.quota,
          alice.used_quota,
          alice.request_count,
          alice.aff_count,
          alice.aff_quota,
          alice.aff_history,
        ].map(Number),
      ).toEqual([facts.alice.quota, facts.alice.usedQuota, 4321, 3, 1500, 7000]);
      const bob = await store.db
        .selectFrom('users')
        .select('deleted_at')
        .where('id', '=', 5)
        .executeTakeFirstOrThrow();
      expect(Number(bob.deleted_at)).toBeGreaterThan(1_700_000_000);
      const channel = await store.db
        .selectFrom('channels')
        .selectAll()
        .where('id', '=', facts.channelId)
        .executeTakeFirstOrThrow();
      expect(channel).toMatchObject({
        key: 'sk-upstream-one\nsk-upstream-two',
        tag: 'main',
        group: 'default,vip',
        model_mapping: '{"gpt-4o":"gpt-4o-mini"}',
        status_code_mapping: '{"429":"503"}',
      });
      expect(JSON.parse(channel.channel_info!)).toMatchObject({ is_multi_key: true, multi_key_size: 2 });
      const disabled = await store.db
        .selectFrom('channels')
        .select(['status', 'other_info'])
        .where('id', '=', 6)
        .executeTakeFirstOrThrow();
      expect(disabled.status).toBe(3);
      expect(disabled.other_info).toContain('insufficient quota');
      const abilities = await store.db
        .selectFrom('abilities')
        .select(['group', 'model'])
        .where('channel_id', '=', facts.channelId)
        .execute();
      expect(abilities).toHaveLength(4);
      const hour = await store.db
        .selectFrom('quota_data')
        .select(['count', 'quota', 'token_used'])
        .where('user_id', '=', facts.alice.id)
        .executeTakeFirstOrThrow();
      expect([hour.count, hour.quota, hour.token_used].map(Number)).toEqual([3, 350, 90]);
      const topUp = await store.db
        .selectFrom('top_ups')
        .select('trade_no')
        .where('id', '=', 2)
        .executeTakeFirstOrThrow();
      expect(topUp.trade_no).toBe('imported-2');
    } finally {
      await store.close();
    }
  });

  it("new-api's classic console walks the imported site as root, with the old root password", async () => {
    const { facts } = source;
    const t: TestServer = await startTestServer({}, { ...target, drop: async () => {} });
    try {
      const root = new ConsoleClient(t.url);
      await root.login('root', facts.rootPassword);
      /** A list as new-api's console reads it: a plain array with the total in a header, or a page. */
      const total = async (path: string) => {
        const answer = await root.get<unknown[] | { total: number }>(path);
        expect(answer.body.success, `${path}: ${answer.body.message}`).toBe(true);
        const data = answer.body.data!;
        return Array.isArray(data) ? Number(answer.headers.get(TOTAL_COUNT_HEADER)) : data.total;
      };
      const imported = (table: string) => first.tables.get(table)!.imported;
      expect(await total('/api/user/?p=0&page_size=10')).toBe(imported('users'));
      expect(await total('/api/channel/?p=0&page_size=10&id_sort=false&tag_mode=false')).toBe(
        imported('channels'),
      );
      expect(await total('/api/redemption/?p=0&page_size=10')).toBe(imported('redemptions'));
      expect(await total('/api/mj/?p=0&page_size=10')).toBe(imported('midjourneys'));
      expect(await total('/api/task/?p=0&page_size=10')).toBe(imported('tasks'));
      expect(await total('/api/log/?p=0&page_size=10&type=0')).toBe(facts.logCount);
      const alice = new ConsoleClient(t.url);
      await alice.login('alice', facts.alice.password);
      // Her own key, and not the one she deleted in new-api.
      const tokens = await alice.get<{ name: string }[]>('/api/token/?p=0&size=10');
      expect(tokens.body.data!.map((token) => token.name)).toEqual(['alice-main']);
      expect(Number(tokens.headers.get(TOTAL_COUNT_HEADER))).toBe(1);
    } finally {
      await t.close();
    }
  });

  it('serves what it imported: old passwords, keys, channels, balances, logs and redemption codes', async () => {
    const { facts } = source;
    const t: TestServer = await startTestServer({}, { ...target, drop: async () => {} });
    try {
      const alice = new ConsoleClient(t.url);
      await alice.login('alice', facts.alice.password);
      const answer = await fetch(`${t.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer sk-${facts.alice.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(answer.status, await answer.clone().text()).toBe(200);
      expect(((await answer.json()) as typeof CHAT_ANSWER).choices[0]!.message.content).toBe('hello again');
      expect(facts.upstreamKeys.map((key) => `Bearer ${key}`)).toContain(
        mock.requests.at(-1)!.headers.authorization,
      );

      // The call's own row, found by its request id: the page's total and its rows are read by two
      // queries, so a total that already counts the row may come with rows read just before it.
      const requestId = answer.headers.get('x-oneapi-request-id');
      type LogItem = { quota: number; token_id: number; request_id: string };
      const logs = await waitFor(
        async () => (await alice.get<Page<LogItem>>('/api/log/self/?p=1&page_size=5')).body.data!,
        (page) => page.total === facts.logCount / 2 + 1 && page.items[0]?.request_id === requestId,
        `the call (request ${requestId}) logged beside the imported logs, newest`,
      );
      const charged = logs.items[0]!.quota;
      expect(charged).toBeGreaterThan(0);
      const self = async () => (await alice.get<{ quota: number }>('/api/user/self')).body.data!.quota;
      expect(
        await waitFor(
          self,
          (quota) => quota === facts.alice.quota - charged,
          `the balance charged as the newest log says (${JSON.stringify(logs.items[0])})`,
        ),
      ).toBe(facts.alice.quota - charged);
      const redeemed = await alice.post<number>('/api/user/topup', { key: facts.redemptionKey });
      expect(redeemed.body.success, redeemed.body.message).toBe(true);
      expect(await self()).toBe(facts.alice.quota - charged + facts.redemptionQuota);
    } finally {
      await t.close();
    }
  });

  it('a second run adds nothing and changes nothing', async () => {
    const store = openStore(targetEnvStore(target));
    try {
      const before = await importedHoldings(store);
      const again = (await runImport({ from: source.dsn, env: targetEnv(target) })).report;
      for (const [table, counts] of again.tables) expect(counts.imported, table).toBe(0);
      expect(again.tables.get('logs')!.already).toBe(source.facts.logCount);
      expect(await importedHoldings(store)).toEqual(before);
    } finally {
      await store.close();
    }
  });

  it('a dry run reports without writing, and a run killed with kill -9 resumes to the same result', async () => {
    const fresh = await createTestDatabase();
    const logCount = source.facts.logCount;
    try {
      const dry = (await runImport({ from: source.dsn, env: targetEnv(fresh), dryRun: true })).report;
      expect(dry.format(true)).toMatch(new RegExp(`logs: ${logCount} in source, ${logCount} to import`));
      const killed = await runImportProcess(
        ['--from', source.dsn, '--batch', '5'],
        targetEnv(fresh),
        (stderr) => /^logs: \d+ \/ \d+ rows, \d+ rows\/s$/m.test(stderr),
      );
      expect(killed.signal, killed.stderr).toBe('SIGKILL');
      const store = openStore(targetEnvStore(fresh));
      const reference = openStore(targetEnvStore(target));
      try {
        expect((await importedHoldings(store)).counts.logs).toBeLessThan(logCount);
        const resumed = (await runImport({ from: source.dsn, env: targetEnv(fresh) })).report;
        const logs = resumed.tables.get('logs')!;
        expect(logs.imported + logs.already).toBe(logCount);
        expect(logs.already).toBeGreaterThan(0);
        const [got, want] = [await importedHoldings(store), await importedHoldings(reference)];
        // The reference served one call and one redemption since its import (two logs, an hour's roll-up).
        expect(got.counts).toEqual({ ...want.counts, logs: want.counts.logs! - 2, quota_data: 2 });
        expect(got.logQuota).toBe(source.facts.logCount * 100 + (logCount * (logCount - 1)) / 2);
        expect(got.money.find(([id]) => id === 1)).toEqual(want.money.find(([id]) => id === 1));
      } finally {
        await store.close();
        await reference.close();
      }
    } finally {
      await fresh.drop();
    }
  });

  it('npm run export writes a backup, in one snapshot, that the import restores, with quota held in flight given back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'relaygate-export-'));
    const restored = await createTestDatabase();
    const live = openStore(targetEnvStore(target));
    const copy = openStore(targetEnvStore(restored));
    try {
      await live.db
        .insertInto('reservations')
        .values({
          id: 'in-flight',
          node_id: 'gone',
          user_id: 2,
          token_id: 3,
          token_unlimited: 0,
          amount: 1000,
          created_at: 1,
        })
        .execute();
      const file = join(dir, 'backup.db');
      const exported = (await runExport({ to: file, env: targetEnv(target) })).report;
      expect(exported.notes).toContain('the quota 1 call(s) in flight held was given back in the copy');
      await expect(runExport({ to: file, env: targetEnv(target) })).rejects.toThrow(/exists already/);

      const back = (await runImport({ from: file, env: targetEnv(restored) })).report;
      expect(back.unknownOptions).toEqual([]);
      expect(back.droppedColumns).toEqual(new Map());
      const [got, want] = [await importedHoldings(copy), await importedHoldings(live)];
      expect(got.counts).toEqual(want.counts);
      expect(got.logQuota).toBe(want.logQuota);
      expect(got.money).toEqual(
        want.money.map(([id, quota, used]) => [id, id === 2 ? quota! + 1000 : quota, used]),
      );
    } finally {
      await live.db.deleteFrom('reservations').where('id', '=', 'in-flight').execute();
      await live.close();
      await copy.close();
      await restored.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

function targetEnvStore(db: TestDatabase) {
  return { sqlDsn: db.sqlDsn, sqlitePath: db.sqlitePath };
}
