import { afterAll, beforeAll } from 'vitest';
import { openStore, type Store } from '../../src/store/db.ts';
import { migrateToLatest } from '../../src/store/migrate.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * A fresh database of the kind under test, migrated, for the tests of the `describe` it is called
 * in: `store` is there from their first test, and closed and dropped after the last.
 */
export function useMigratedStore(): { readonly store: Store } {
  let database: TestDatabase | undefined;
  let store: Store | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    store = openStore({ sqlDsn: database.sqlDsn, sqlitePath: database.sqlitePath });
    await migrateToLatest(store);
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });
  return {
    get store() {
      if (!store) throw new Error('useMigratedStore: the store is opened before the first test');
      return store;
    },
  };
}
