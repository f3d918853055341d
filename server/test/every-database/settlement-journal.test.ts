import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimNodeIdentity } from '../../src/relay/billing/node-identity.ts';
import { SettlementBatcher } from '../../src/relay/billing/settlement-batcher.ts';
import { SettlementJournal } from '../../src/relay/billing/settlement-journal.ts';
import { SettlementWriteAhead } from '../../src/relay/billing/settlement-write-ahead.ts';
import { openStore, type Store } from '../../src/store/db.ts';
import { insertReturningId } from '../../src/store/insert.ts';
import { migrateToLatest } from '../../src/store/migrate.ts';
import { reserveQuota, type Payer } from '../../src/store/quota.ts';
import type { Settlement } from '../../src/store/settle-batch.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { databaseUnavailable } from '../support/test-server.ts';
import { until } from '../support/wait.ts';

describe.skipIf(databaseUnavailable())('settlements the database cannot take yet', () => {
  let database: TestDatabase;
  let store: Store;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    store = openStore({ sqlDsn: database.sqlDsn, sqlitePath: database.sqlitePath });
    await migrateToLatest(store);
    dir = mkdtempSync(join(tmpdir(), 'relaygate-journal-test-'));
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const quotaOf = async (id: number) =>
    Number(
      (await store.db.selectFrom('users').select('quota').where('id', '=', id).executeTakeFirstOrThrow())
        .quota,
    );
  const logCount = async (userId: number) =>
    (await store.db.selectFrom('logs').select('id').where('user_id', '=', userId).execute()).length;

  async function callsOf(count: number): Promise<{ userId: number; settlements: Settlement[] }> {
    const userId = await insertReturningId(store, 'users', {
      username: `j${Math.random().toString(36).slice(2, 10)}`,
      password: 'x',
      quota: 10_000,
    });
    const payer: Payer = { userId, tokenId: 0, tokenUnlimited: true };
    const settlements: Settlement[] = [];
    for (let i = 0; i < count; i++) {
      const id = `j-${userId}-${i}`;
      expect(await reserveQuota(store, { id, nodeId: 'journal-test/0', payer, amount: 100 })).toBe(
        'reserved',
      );
      settlements.push({
        reservationId: id,
        payer,
        reserved: 100,
        cost: 40,
        channelId: 0,
        log: { user_id: userId, type: 2, model_name: 'm', other: '{}' },
      });
    }
    return { userId, settlements };
  }

  it('keeps a batch the database refuses in the journal, and settles it exactly once when it answers again', async () => {
    const { userId, settlements } = await callsOf(3);
    const journal = new SettlementJournal(join(dir, 'outage.jsonl'));
    // A store whose queries fail, as while the database is unreachable; then the real one again.
    let down = true;
    const flaky: Store = {
      ...store,
      sqlite: undefined,
      db: new Proxy(store.db, {
        get(target, property, receiver) {
          if (down && (property === 'transaction' || property === 'getExecutor'))
            return () => {
              throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
            };
          const value = Reflect.get(target, property, receiver);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      }),
    };
    const deferred: number[] = [];
    const batcher = new SettlementBatcher(
      flaky,
      journal,
      { intervalMs: 5, maxBatch: 2, retryMs: { first: 10, max: 40 } },
      { onDeferred: (_error, count) => deferred.push(count) },
    );
    for (const s of settlements) batcher.add(s);
    await batcher.flush();
    expect(deferred.reduce((a, b) => a + b, 0)).toBe(3);
    expect(journal.size).toBe(3);
    expect(await quotaOf(userId)).toBe(10_000 - 300);
    expect(await logCount(userId)).toBe(0);

    down = false;
    await until(() => journal.size === 0, 'the journal to drain');
    expect(await quotaOf(userId)).toBe(10_000 - 3 * 40);
    expect(await logCount(userId)).toBe(3);

    // Replaying the same settlements (a journal that was settled but not yet emptied at a crash) changes nothing.
    journal.append(settlements);
    await batcher.drainJournal();
    expect(journal.size).toBe(0);
    expect(await quotaOf(userId)).toBe(10_000 - 3 * 40);
    expect(await logCount(userId)).toBe(3);
    await batcher.close();
  });

  it('keeps memory bounded: past the limit, waiting settlements go to the journal', async () => {
    const { userId, settlements } = await callsOf(5);
    const journal = new SettlementJournal(join(dir, 'bounded.jsonl'));
    const batcher = new SettlementBatcher(store, journal, {
      intervalMs: 60_000,
      maxBatch: 100,
      maxQueued: 2,
    });
    for (const s of settlements) batcher.add(s);
    expect(journal.size).toBe(3);
    expect(batcher.backlog).toBe(5);
    await batcher.flush();
    await batcher.drainJournal();
    expect(batcher.backlog).toBe(0);
    expect(await quotaOf(userId)).toBe(10_000 - 5 * 40);
    expect(await logCount(userId)).toBe(5);
    await batcher.close();
  });

  it('writes each settlement ahead until its batch commits, and a process in its place settles what a killed one left', async () => {
    const journalPath = join(dir, 'killed.jsonl');
    const { userId, settlements } = await callsOf(3);
    // The killed process: its batches never reach the database (it dies before the timer fires).
    const killed = new SettlementBatcher(store, new SettlementJournal(journalPath), {
      intervalMs: 3_600_000,
      maxBatch: 500,
      writeAhead: new SettlementWriteAhead(journalPath),
    });
    for (const settlement of settlements) killed.add(settlement);
    expect(await logCount(userId)).toBe(0);

    // The process started in its place, as openSettlements does it: the segments go to the journal.
    const journal = new SettlementJournal(journalPath);
    const writeAhead = new SettlementWriteAhead(journalPath);
    expect(writeAhead.leftovers().map((s) => s.reservationId)).toEqual(
      settlements.map((s) => s.reservationId),
    );
    journal.append(writeAhead.leftovers());
    writeAhead.dropLeftovers();
    const batcher = new SettlementBatcher(store, journal, { intervalMs: 10, maxBatch: 500, writeAhead });
    await batcher.drainJournal();
    expect(await logCount(userId)).toBe(3);
    expect(await quotaOf(userId)).toBe(10_000 - 3 * 40);

    // Settled once: replaying the same lines again changes nothing.
    journal.append(settlements);
    await batcher.drainJournal();
    expect(await logCount(userId)).toBe(3);

    // A live process's segment is emptied as its batches commit.
    const next = await callsOf(2);
    for (const settlement of next.settlements) batcher.add(settlement);
    const segment = `${journalPath}.ahead-1`;
    expect(readFileSync(segment, 'utf8').trim().split('\n')).toHaveLength(2);
    await batcher.flush();
    expect(readFileSync(segment, 'utf8')).toBe('');
    expect(await logCount(next.userId)).toBe(2);
    await batcher.close();
    expect(existsSync(segment)).toBe(false);
  });

  it('reads a journal whose last line a crash cut short, keeping every whole line', () => {
    const path = join(dir, 'torn.jsonl');
    const whole = {
      reservationId: 'a',
      payer: { userId: 1, tokenId: 0, tokenUnlimited: true },
      reserved: 1,
      cost: 1,
      channelId: 0,
    };
    writeFileSync(path, `${JSON.stringify(whole)}\n{"reservationId":"b","pay`);
    const journal = new SettlementJournal(path);
    expect(journal.read()).toEqual([whole]);
    journal.replace([]);
    expect(existsSync(path)).toBe(false);
  });
});

describe('node identity', () => {
  it('is the same for a process started in the place of one that died, and differs per slot', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'relaygate-node-'));
    try {
      const first = await claimNodeIdentity(dir, 0);
      const other = await claimNodeIdentity(dir, 1);
      expect(other.nodeId).not.toBe(first.nodeId);
      expect(first.nodeId.split('/')[0]).toBe(other.nodeId.split('/')[0]);
      first.release();
      const again = await claimNodeIdentity(dir, 0);
      expect(again.nodeId).toBe(first.nodeId);
      expect(again.journalPath).toBe(first.journalPath);
      again.release();
      other.release();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a slot a live process holds, and takes over one whose process is gone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'relaygate-node-'));
    try {
      // The parent of this test process is alive and is not this process.
      writeFileSync(join(dir, 'worker-0.lock'), String(process.ppid));
      await expect(claimNodeIdentity(dir, 0, 300)).rejects.toThrow(/in use by process/);
      // A pid that cannot exist: the lock is left over from a crash.
      writeFileSync(join(dir, 'worker-0.lock'), '2147483646');
      const identity = await claimNodeIdentity(dir, 0, 300);
      expect(readFileSync(join(dir, 'worker-0.lock'), 'utf8')).toBe(String(process.pid));
      identity.release();
      expect(existsSync(join(dir, 'worker-0.lock'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
