import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/db.ts';
import { isDatabaseUnavailable } from '../../src/store/unavailable.ts';
import { TcpProxy } from '../support/tcp-proxy.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from '../support/test-database.ts';
import { databaseUnavailable } from '../support/test-server.ts';
import { waitFor } from '../support/wait.ts';

/** What a query came to: answered, or the code of the error it was refused with. */
async function outcome(store: Store): Promise<string> {
  try {
    await sql`select 1`.execute(store.db);
    return 'answered';
  } catch (error) {
    expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    return String((error as { code?: unknown }).code ?? 'unavailable');
  }
}

/**
 * Issue #26 item 7: a database gone silent held every call for the whole query timeout before it
 * got 503. Once a failed query and the probe after it say the database is away, queries are refused
 * at once, without being sent; it is probed every second and served again as soon as it answers.
 */
describe.skipIf(databaseUnavailable() || testDbKind() === 'sqlite')('a database known to be away', () => {
  let db: TestDatabase | undefined;
  let proxy: TcpProxy | undefined;
  let store: Store | undefined;

  afterAll(async () => {
    proxy?.cut();
    await store?.close();
    await proxy?.close();
    await db?.drop();
  });

  it('refuses queries at once while it is away, and serves again when it answers', async () => {
    db = await createTestDatabase();
    proxy = await TcpProxy.before(db.sqlDsn);
    store = openStore({
      sqlDsn: proxy.rewrite(db.sqlDsn),
      sqlitePath: '',
      pool: {
        maxOpen: 4,
        maxIdle: 4,
        maxLifetimeSeconds: 0,
        queryTimeoutMs: 1_000,
        connectTimeoutMs: 1_000,
        idleTransactionTimeoutMs: 0,
      },
    });
    expect(await outcome(store)).toBe('answered');

    proxy.blackhole();
    // The first query waits out its timeout; the probe after it fails too.
    expect(await outcome(store)).not.toBe('answered');
    await waitFor(
      () => store!.health!.isAway,
      (away) => away,
      'the database to be known away',
    );
    // Refused at once, never sent: the refusal is the gateway's own.
    expect(await outcome(store)).toBe('DATABASE_AWAY');

    proxy.restore();
    await waitFor(
      () => outcome(store!),
      (result) => result === 'answered',
      'queries answered again',
    );
    expect(store.health!.isAway).toBe(false);
  });
});
