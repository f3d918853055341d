import { Role } from '@relaygate/contract';
import { DEFAULT_ROOT_PASSWORD, DEFAULT_ROOT_USERNAME, hashPassword } from './auth/password.ts';
import { randomAlphanumeric } from './auth/random.ts';
import type { Config } from './config.ts';
import { openStore, type Store } from './store/db.ts';
import { isUniqueViolation } from './store/dialect.ts';
import { migrateToLatest } from './store/migrate.ts';
import { insertFirstRoot } from './store/first-start.ts';
import { countRootUsers } from './store/users.ts';

const ROOT_INITIAL_QUOTA = 100_000_000;

/** Migrations and the first-start seed; answers whether root was created. */
export async function prepareDatabase(store: Store, config: Config): Promise<boolean> {
  await migrateToLatest(store);
  return ensureRootUser(store, config);
}

/**
 * A store for migrations: they may run longer than any request should wait (an index on a large
 * imported log table), so it has no query timeout, and needs few connections.
 */
export function openMigrationStore(config: Config): Store {
  return openStore({ ...config, pool: { ...config.pool, maxOpen: 2, queryTimeoutMs: 0 } });
}

/** prepareDatabase on a migration store of its own (SQLite has no timeout and shares its one handle). */
export async function prepareDatabaseUntimed(store: Store, config: Config): Promise<boolean> {
  if (store.dialect === 'sqlite') return prepareDatabase(store, config);
  const untimed = openMigrationStore(config);
  try {
    return await prepareDatabase(untimed, config);
  } finally {
    await untimed.close();
  }
}

/**
 * First start: create the root user (root / 123456), with the system access token and the API
 * token named by INITIAL_ROOT_ACCESS_TOKEN and INITIAL_ROOT_TOKEN. Later starts change nothing.
 * Answers whether it created the root user.
 */
export async function ensureRootUser(store: Store, config: Config): Promise<boolean> {
  if ((await countRootUsers(store.db)) > 0) return false;
  const passwordHash = await hashPassword(DEFAULT_ROOT_PASSWORD);
  try {
    await insertFirstRoot(
      store,
      {
        username: DEFAULT_ROOT_USERNAME,
        password: passwordHash,
        display_name: 'Root User',
        role: Role.Root,
        quota: ROOT_INITIAL_QUOTA,
        aff_code: randomAlphanumeric(6),
        access_token: config.initialRootAccessToken ?? null,
      },
      config.initialRootToken?.replace(/^sk-/, ''),
    );
  } catch (error) {
    // Another process starting on the same database created root first.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  return true;
}
