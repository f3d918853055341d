import bcrypt from 'bcryptjs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnknownSchemaError } from '../../src/import/detect.ts';
import { runImport } from '../../src/import/run-import.ts';
import { SourceUnavailableError } from '../../src/import/source.ts';
import { TargetRefusedError } from '../../src/import/target.ts';
import { openStore } from '../../src/store/db.ts';
import { ensureRootUser } from '../../src/bootstrap.ts';
import { loadConfig } from '../../src/config.ts';
import { migrateToLatest } from '../../src/store/migrate.ts';
import { buildSource, newApiDsn, targetEnv } from '../support/import-source.ts';
import { NEW_API_V0_6_0, ONE_API_V0_6_10 } from '../support/new-api-schemas.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { databaseUnavailable } from '../support/test-server.ts';

const UPSTREAM = 'http://127.0.0.1:9';
const storeOf = (db: TestDatabase) => openStore({ sqlDsn: db.sqlDsn, sqlitePath: db.sqlitePath });

/** Runs `use` on a fresh target database, dropped afterwards. */
async function withTarget<T>(use: (target: TestDatabase) => Promise<T>): Promise<T> {
  const target = await createTestDatabase();
  try {
    return await use(target);
  } finally {
    await target.drop();
  }
}

describe.skipIf(databaseUnavailable())('import from older gateways, and what it refuses', () => {
  const drops: TestDatabase[] = [];
  afterAll(async () => {
    for (const db of drops) await db.drop();
  });

  let v060: Awaited<ReturnType<typeof buildSource>>;
  let oneApi: Awaited<ReturnType<typeof buildSource>>;
  beforeAll(async () => {
    [v060, oneApi] = await Promise.all([
      buildSource(NEW_API_V0_6_0, { upstreamUrl: UPSTREAM, logs: 40 }),
      buildSource(ONE_API_V0_6_10, { upstreamUrl: UPSTREAM, logs: 40 }),
    ]);
    drops.push(v060.db, oneApi.db);
  });

  it('new-api v0.6.0: every column it has, passwords that still verify, nothing left unmapped', async () => {
    const source = v060;
    await withTarget(async (target) => {
      const { report, flavour } = await runImport({ from: source.dsn, env: targetEnv(target) });
      expect(flavour).toBe('new-api');
      expect(report.droppedColumns.size).toBe(0);
      expect(report.tables.get('users')).toMatchObject({ total: 4, imported: 4 });
      expect(report.tables.get('logs')).toMatchObject({ total: 40, imported: 40 });
      const store = storeOf(target);
      try {
        const alice = await store.db
          .selectFrom('users')
          .selectAll()
          .where('username', '=', 'alice')
          .executeTakeFirstOrThrow();
        expect(await bcrypt.compare(source.facts.alice.password, alice.password)).toBe(true);
        expect([Number(alice.quota), alice.telegram_id, alice.linux_do_id, alice.discord_id]).toEqual([
          source.facts.alice.quota,
          'tg-alice',
          'ld-alice',
          '',
        ]);
        const deleted = await store.db
          .selectFrom('tokens')
          .select('deleted_at')
          .where('id', '=', 9)
          .executeTakeFirstOrThrow();
        expect(Number(deleted.deleted_at)).toBeGreaterThan(1_700_000_000);
      } finally {
        await store.close();
      }
    });
  });

  it("one-api v0.6.10: its channel types, config, system prompt, token limits and log times in new-api's places", async () => {
    const source = oneApi;
    await withTarget(async (target) => {
      const { report, flavour } = await runImport({ from: source.dsn, env: targetEnv(target) });
      expect(flavour).toBe('one-api');
      expect(report.droppedColumns.get('users')).toEqual(['lark_id']);
      expect([...report.tables.get('channels')!.skipped]).toEqual([
        ['one-api channel type 1000 has no new-api counterpart', 1],
      ]);
      expect(report.notes).toContain('the source has no top_ups table');
      const store = storeOf(target);
      try {
        const token = await store.db
          .selectFrom('tokens')
          .selectAll()
          .where('id', '=', 3)
          .executeTakeFirstOrThrow();
        expect([token.model_limits, Number(token.model_limits_enabled), token.allow_ips]).toEqual([
          'gpt-4o-mini,gpt-4o',
          1,
          '',
        ]);
        const channel = await store.db
          .selectFrom('channels')
          .select(['type', 'setting'])
          .where('id', '=', 4)
          .executeTakeFirstOrThrow();
        expect(channel).toEqual({ type: 1, setting: '{"system_prompt":"Be brief."}' });
        const log = await store.db
          .selectFrom('logs')
          .select(['use_time', 'request_id'])
          .where('id', '=', 2)
          .executeTakeFirstOrThrow();
        expect(log).toMatchObject({ use_time: 2, request_id: 'req-1' });
        const alice = await store.db
          .selectFrom('users')
          .select(['quota', 'aff_count'])
          .where('id', '=', 2)
          .executeTakeFirstOrThrow();
        expect([Number(alice.quota), Number(alice.aff_count)]).toEqual([source.facts.alice.quota, 0]);
      } finally {
        await store.close();
      }
    });
  });

  it("reads the logs from new-api's LOG_SQL_DSN database when given one", async () => {
    await withTarget(async (target) => {
      const { report } = await runImport({ from: v060.dsn, logsFrom: oneApi.dsn, env: targetEnv(target) });
      expect(report.tables.get('logs')).toMatchObject({ total: 40, imported: 40 });
      const store = storeOf(target);
      try {
        // new-api v0.6.0 logs have no request id: these came from the other database.
        const log = await store.db
          .selectFrom('logs')
          .select('request_id')
          .where('id', '=', 2)
          .executeTakeFirstOrThrow();
        expect(log.request_id).toBe('req-1');
      } finally {
        await store.close();
      }
      await expect(
        runImport({ from: v060.dsn, logsFrom: '/nowhere/logs.db', env: targetEnv(target) }),
      ).rejects.toThrow(SourceUnavailableError);
    });
  });

  describe('refusals: a clear message, nothing written', () => {
    it('a source that does not answer, or is not a new-api database', async () => {
      await withTarget(async (target) => {
        const silent = await createTestDatabase();
        const dsn = newApiDsn(silent);
        await silent.drop();
        const unreachable =
          silent.kind === 'sqlite'
            ? dsn
            : silent.kind === 'postgres'
              ? dsn.replace(':5432/', ':1/')
              : dsn.replace(':3306)', ':1)');
        await expect(runImport({ from: unreachable, env: targetEnv(target) })).rejects.toThrow(
          SourceUnavailableError,
        );

        const other = await createTestDatabase();
        drops.push(other);
        const store = storeOf(other);
        await sql`create table invoices (id integer primary key, total integer)`.execute(store.db);
        await expect(runImport({ from: newApiDsn(other), env: targetEnv(target) })).rejects.toThrow(
          /neither a new-api nor a one-api database/,
        );
        await sql`create table users (id integer primary key, username varchar(64))`.execute(store.db);
        await store.close();
        await expect(runImport({ from: newApiDsn(other), env: targetEnv(target) })).rejects.toThrow(
          UnknownSchemaError,
        );
        expect(await hasUsersTable(target)).toBe(false);
      });
    });

    it("a target Relaygate has only started on: its first-start root gives way to the source's root", async () => {
      await withTarget(async (target) => {
        const store = storeOf(target);
        try {
          await migrateToLatest(store);
          await ensureRootUser(store, loadConfig({}));
          const dry = (await runImport({ from: v060.dsn, env: targetEnv(target), dryRun: true })).report;
          expect(dry.tables.get('users')).toMatchObject({ imported: 4, already: 0 });
          const { report } = await runImport({ from: v060.dsn, env: targetEnv(target) });
          expect(report.notes).toContain(
            "the first-start root account (root / 123456) was replaced by the source's users",
          );
          const root = await store.db
            .selectFrom('users')
            .select('password')
            .where('id', '=', 1)
            .executeTakeFirstOrThrow();
          expect(await bcrypt.compare(v060.facts.rootPassword, root.password)).toBe(true);
        } finally {
          await store.close();
        }
      });
    });

    it('a target holding other users, unless --merge: then a taken id skips that user and what is theirs', async () => {
      await withTarget(async (target) => {
        const store = storeOf(target);
        try {
          await migrateToLatest(store);
          await store.db.insertInto('users').values({ id: 2, username: 'carol', password: 'x' }).execute();
          await expect(runImport({ from: v060.dsn, env: targetEnv(target) })).rejects.toThrow(
            TargetRefusedError,
          );
          expect(await store.db.selectFrom('users').select('username').execute()).toEqual([
            { username: 'carol' },
          ]);

          const { report } = await runImport({ from: v060.dsn, env: targetEnv(target), merge: true });
          expect([...report.tables.get('users')!.skipped]).toEqual([
            ['its id is taken here by a different row', 1],
          ]);
          expect(report.tables.get('tokens')!.skipped.get('its user was not imported')).toBe(2);
          const users = await store.db.selectFrom('users').select('username').orderBy('id').execute();
          expect(users.map((user) => user.username)).toEqual(['root', 'carol', 'bob', 'github_7']);
        } finally {
          await store.close();
        }
      });
    });
  });
});

async function hasUsersTable(db: TestDatabase): Promise<boolean> {
  const store = storeOf(db);
  try {
    await store.db.selectFrom('users').select('id').limit(1).execute();
    return true;
  } catch {
    return false;
  } finally {
    await store.close();
  }
}
