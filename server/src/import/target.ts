import bcrypt from 'bcryptjs';
import { sql } from 'kysely';
import { DEFAULT_ROOT_PASSWORD, DEFAULT_ROOT_USERNAME } from '../auth/password.ts';
import { openMigrationStore } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import type { Store } from '../store/db.ts';
import { migrateToLatest } from '../store/migrate.ts';
import type { ImportReport } from './report.ts';
import { reason, type LooseDb } from './source.ts';

export class TargetRefusedError extends Error {}

/** Relaygate's database, where the server would find it (SQL_DSN, SQLITE_PATH), without query timeouts. */
export async function openTarget(env: NodeJS.ProcessEnv): Promise<Store> {
  const config = loadConfig(env);
  const store = openMigrationStore(config);
  try {
    await sql`select 1`.execute(store.db);
  } catch (error) {
    await store.close().catch(() => {});
    const where = config.sqlDsn === '' ? config.sqlitePath : 'SQL_DSN';
    throw new TargetRefusedError(`Relaygate's database (${where}) does not answer: ${reason(error)}`);
  }
  return store;
}

/** Whether our tables are there (a database Relaygate or an earlier import has used). */
export async function targetHasTables(store: Store): Promise<boolean> {
  try {
    await store.db.selectFrom('users').select('id').limit(1).execute();
    return true;
  } catch {
    return false;
  }
}

/** Creates or updates our tables; a dry run never does. */
export const migrateTarget = async (store: Store): Promise<void> => void (await migrateToLatest(store));

interface UserIdentity {
  id: number;
  username: string;
  password: string;
}

/**
 * The target may hold only users a previous run imported (same id, name and password hash), or
 * the untouched first-start root (root / 123456, nothing else in the database), which the
 * source's users replace. Anyone else is refused unless `merge`.
 */
export async function checkTargetUsers(
  store: Store,
  read: LooseDb,
  options: { merge: boolean; dryRun: boolean; report: ImportReport },
): Promise<{ replacedSeed?: number }> {
  const target = (
    await store.db.selectFrom('users').select(['id', 'username', 'password', 'role']).execute()
  ).map((row) => ({ ...row, id: Number(row.id) }));
  if (target.length === 0) return {};
  const source = new Map<number, UserIdentity>();
  for (const row of (await read
    .selectFrom('users')
    .select(['id', 'username', 'password'])
    .execute()) as UserIdentity[]) {
    source.set(Number(row.id), row);
  }
  const others = target.filter((user) => {
    const twin = source.get(user.id);
    return !twin || twin.username !== user.username || twin.password !== user.password;
  });
  if (others.length === 0) return {};
  if (others.length === target.length && target.length === 1 && (await isUntouchedSeed(store, target[0]!))) {
    options.report.notes.push(
      "the first-start root account (root / 123456) was replaced by the source's users",
    );
    if (!options.dryRun) await removeSeed(store, target[0]!.id);
    return { replacedSeed: target[0]!.id };
  }
  if (options.merge) {
    options.report.notes.push(`merged beside ${others.length} user(s) the target already held`);
    return {};
  }
  const names = others.slice(0, 5).map((user) => `${user.username} (id ${user.id})`);
  throw new TargetRefusedError(
    `Relaygate's database already holds ${others.length} user(s) not from this source: ${names.join(', ')}${
      others.length > 5 ? ', …' : ''
    }. Import into an empty database, or pass --merge to add the source's users beside them ` +
      '(a source user whose id, name or key is taken there is skipped, with what belongs to them).',
  );
}

async function isUntouchedSeed(store: Store, user: UserIdentity & { role: number }): Promise<boolean> {
  if (user.username !== DEFAULT_ROOT_USERNAME) return false;
  const [channels, logs] = await Promise.all([
    store.db.selectFrom('channels').select('id').limit(1).execute(),
    store.logs.db.selectFrom('logs').select('id').limit(1).execute(),
  ]);
  if (channels.length > 0 || logs.length > 0) return false;
  return bcrypt.compare(DEFAULT_ROOT_PASSWORD, user.password);
}

async function removeSeed(store: Store, userId: number): Promise<void> {
  await store.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('tokens').where('user_id', '=', userId).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
  });
}
