import { afterAll, describe, expect, it } from 'vitest';
import { newJournalDir } from './support/journal-dir.ts';
import { spawnGateway, type SpawnedGateway } from './support/spawn-gateway.ts';
import { createTestDatabase, type TestDatabase } from './support/test-database.ts';

/**
 * Issue #26 item 3: a second gateway started on a journal directory a live one uses stops at once
 * with a message saying so, instead of waiting and dying of an opaque plugin timeout.
 */
describe('a settlement journal directory in use', () => {
  const journalDir = newJournalDir();
  const databases: TestDatabase[] = [];
  let first: SpawnedGateway | undefined;

  afterAll(async () => {
    await first?.stop();
    for (const db of databases) await db.drop();
  });

  it('refuses the second process with a message naming the directory and the holder', async () => {
    const one = await createTestDatabase('sqlite');
    const two = await createTestDatabase('sqlite');
    databases.push(one, two);
    first = await spawnGateway(one, { WORKERS: '1', SETTLEMENT_JOURNAL_DIR: journalDir });
    const second = spawnGateway(two, { WORKERS: '1', SETTLEMENT_JOURNAL_DIR: journalDir });
    await expect(second).rejects.toThrow(
      new RegExp(`settlement journal ${journalDir} \\(slot 0\\) is in use by process \\d+`),
    );
    await expect(second).rejects.not.toThrow(/did not start in time/);
  });
});
