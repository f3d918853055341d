import SQLite from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from './db.ts';
import { beginWhenFree, writeTransaction } from './sqlite-write-lock.ts';

/**
 * The other process is a second connection to the same file: its open write transaction holds
 * SQLite's write lock as another process's would. With SQLite's busy wait the first connection's
 * write would sleep this very thread, so the other could never let go and the write would fail
 * with SQLITE_BUSY after the busy timeout.
 */
describe('SQLite writes while another connection holds the write lock', () => {
  let dir: string;
  let store: Store;
  let other: SQLite.Database;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rg-write-lock-'));
    store = openStore({ sqlDsn: '', sqlitePath: join(dir, 'gateway.db') });
    store.sqlite!.exec('CREATE TABLE entries (id INTEGER PRIMARY KEY, note TEXT)');
    other = new SQLite(join(dir, 'gateway.db'));
  });
  afterEach(async () => {
    other.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const notes = () =>
    (store.sqlite!.prepare('SELECT note FROM entries ORDER BY id').all() as Array<{ note: string }>).map(
      (row) => row.note,
    );

  it('writes at once when the lock is free', async () => {
    await writeTransaction(store, (db) => db.prepare("INSERT INTO entries (note) VALUES ('now')").run());
    expect(notes()).toEqual(['now']);
    expect(store.sqlite!.inTransaction).toBe(false);
  });

  it('waits with the event loop free, and writes once the lock is let go', async () => {
    other.exec("BEGIN IMMEDIATE; INSERT INTO entries (note) VALUES ('other')");
    let written = false;
    const write = writeTransaction(store, (db) => {
      db.prepare("INSERT INTO entries (note) VALUES ('ours')").run();
      return 'done';
    }).then((result) => {
      written = true;
      return result;
    });
    await nextTurn();
    expect(written).toBe(false);
    other.exec('COMMIT');
    expect(await write).toBe('done');
    expect(notes()).toEqual(['other', 'ours']);
  });

  it('undoes the whole write when its work throws, and leaves no transaction open', async () => {
    other.exec('BEGIN IMMEDIATE');
    const write = writeTransaction(store, (db) => {
      db.prepare("INSERT INTO entries (note) VALUES ('half')").run();
      throw new Error('refused midway');
    });
    await nextTurn();
    other.exec('ROLLBACK');
    await expect(write).rejects.toThrow('refused midway');
    expect(notes()).toEqual([]);
    expect(store.sqlite!.inTransaction).toBe(false);
  });

  it('begins a transaction of its own once the other is over (the settlement)', async () => {
    other.exec('BEGIN IMMEDIATE');
    const begun = beginWhenFree(store.sqlite!);
    await nextTurn();
    expect(store.sqlite!.inTransaction).toBe(false);
    other.exec('COMMIT');
    await begun;
    expect(store.sqlite!.inTransaction).toBe(true);
    store.sqlite!.exec('COMMIT');
  });

  it('keeps SQLite busy timeout for every other statement', () => {
    expect(store.sqlite!.pragma('busy_timeout', { simple: true })).toBe(10_000);
  });
});
