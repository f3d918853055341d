import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../src/store/db.ts';
import { migrateToLatest } from '../src/store/migrate.ts';
import { buildSource, runImportProcess, targetEnv } from './support/import-source.ts';
import { NEW_API_V0_6_0 } from './support/new-api-schemas.ts';
import { createTestDatabase, type TestDatabase } from './support/test-database.ts';

/** `npm run import` as a person meets it: what it prints and how it exits (SQLite; the engines have their own tests). */
describe('npm run import, on the command line', () => {
  let source: Awaited<ReturnType<typeof buildSource>>;
  let target: TestDatabase;
  beforeAll(async () => {
    source = await buildSource(NEW_API_V0_6_0, { upstreamUrl: 'http://127.0.0.1:9', logs: 20 });
    target = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    await source?.db.drop();
    await target?.drop();
  });

  it('refuses a source that does not answer in one sentence, exit code 2, no stack trace', async () => {
    const run = await runImportProcess(['--from', 'root:secret@tcp(127.0.0.1:1)/newapi'], targetEnv(target));
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'Import refused: the source database mysql://root:***@127.0.0.1:1/newapi does not answer: connect ECONNREFUSED 127.0.0.1:1\nNothing was written.\n',
    );
  });

  it('imports and reports; then refuses a target that holds someone else, leaving it as it was', async () => {
    const run = await runImportProcess(['--from', source.dsn], targetEnv(target));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^Source: a new-api database\.\nImport report:\n {2}options: 5 in source, 3 imported/,
    );
    expect(run.stdout).toMatch(/^ {2}logs: 20 in source, 20 imported, 0 already there, 0 skipped$/m);
    expect(run.stdout).toMatch(/options not known here, not imported \(1\): SomeFutureSetting/);
    expect(run.stderr).toMatch(/^users: 4 \/ 4 rows, \d+ rows\/s$/m);

    const other = await createTestDatabase('sqlite');
    const store = openStore({ sqlDsn: '', sqlitePath: other.sqlitePath });
    try {
      await migrateToLatest(store);
      await store.db.insertInto('users').values({ username: 'carol', password: 'x' }).execute();
      const refused = await runImportProcess(['--from', source.dsn], targetEnv(other));
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(
        /^Import refused: Relaygate's database already holds 1 user\(s\) not from this source: carol \(id 1\)\. .*--merge/,
      );
      expect(refused.stderr).not.toMatch(/^\s+at /m);
      expect(await store.db.selectFrom('users').select('username').execute()).toEqual([
        { username: 'carol' },
      ]);
    } finally {
      await store.close();
      await other.drop();
    }
  });
});
