import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExport } from '../../src/import/export.ts';
import { runImport } from '../../src/import/run-import.ts';
import { openStore } from '../../src/store/db.ts';
import { ConsoleClient } from '../support/console-client.ts';
import { buildSource, importedChatAnswer, targetEnv } from '../support/import-source.ts';
import { importedHoldings } from '../support/import-holdings.ts';
import { MockUpstream } from '../support/mock-upstream.ts';
import { NEW_API_2026 } from '../support/new-api-schemas.ts';
import type { SourceFacts } from '../support/new-api-seed.ts';
import {
  createTestDatabase,
  databaseReachable,
  testDbKind,
  type TestDatabase,
  type TestDbKind,
} from '../support/test-database.ts';
import { databaseUnavailable, startTestServer } from '../support/test-server.ts';

/**
 * An operator's database is seldom on the engine they move to. Each run of this file imports a
 * new-api database kept on another engine than the one under test (MariaDB into SQLite, SQLite
 * into PostgreSQL, PostgreSQL into MariaDB: every engine once a source and once a target), then
 * moves the result on to the next engine through `npm run export`'s file.
 */
const NEXT: Record<TestDbKind, TestDbKind> = { sqlite: 'postgres', postgres: 'mysql', mysql: 'sqlite' };
const PREVIOUS: Record<TestDbKind, TestDbKind> = { sqlite: 'mysql', postgres: 'sqlite', mysql: 'postgres' };
const here = testDbKind();
const sourceKind = PREVIOUS[here];
const onwardKind = NEXT[here];
const reachable = (await databaseReachable(sourceKind)) && (await databaseReachable(onwardKind));

const CHAT_ANSWER = importedChatAnswer('moved');

const storeOf = (db: TestDatabase) => openStore({ sqlDsn: db.sqlDsn, sqlitePath: db.sqlitePath });

describe.skipIf(databaseUnavailable() || !reachable)(
  `import across engines: ${sourceKind} → ${here} → ${onwardKind}`,
  () => {
    const mock = new MockUpstream();
    let source: { db: TestDatabase; facts: SourceFacts; dsn: string };
    let target: TestDatabase;

    beforeAll(async () => {
      await mock.start();
      mock.reply('/v1/chat/completions', { json: CHAT_ANSWER });
      source = await buildSource(NEW_API_2026, { upstreamUrl: mock.url, logs: 40, kind: sourceKind });
      target = await createTestDatabase();
    });
    afterAll(async () => {
      await source?.db.drop();
      await target?.drop();
      await mock.stop();
    });

    it(`a new-api database on ${sourceKind} imports into ${here} and serves its users and keys`, async () => {
      const { report } = await runImport({ from: source.dsn, env: targetEnv(target) });
      const { facts } = source;
      expect(report.tables.get('logs')).toMatchObject({ total: facts.logCount, imported: facts.logCount });
      expect(report.tables.get('tokens')).toMatchObject({ total: 3, imported: 3 });

      const server = await startTestServer({}, { ...target, drop: async () => {} });
      try {
        const alice = new ConsoleClient(server.url);
        await alice.login('alice', facts.alice.password);
        const self = (await alice.get<{ quota: number }>('/api/user/self')).body.data!;
        expect(self.quota).toBe(facts.alice.quota);
        const answer = await fetch(`${server.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer sk-${facts.alice.key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
        });
        expect(answer.status, await answer.clone().text()).toBe(200);
        expect(((await answer.json()) as typeof CHAT_ANSWER).choices[0]!.message.content).toBe('moved');
      } finally {
        await server.close();
      }
    });

    it(`npm run export's file carries it on to ${onwardKind} unchanged`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'relaygate-across-'));
      const onward = await createTestDatabase(onwardKind);
      const from = storeOf(target);
      const to = storeOf(onward);
      try {
        const file = join(dir, 'move.db');
        await runExport({ to: file, env: targetEnv(target) });
        const { report } = await runImport({ from: file, env: targetEnv(onward) });
        expect(report.unknownOptions).toEqual([]);
        const [got, want] = [await importedHoldings(to), await importedHoldings(from)];
        expect(got.counts.logs).toBeGreaterThan(source.facts.logCount);
        expect(got).toEqual(want);
      } finally {
        await from.close();
        await to.close();
        await onward.drop();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  },
);
