import type { Db } from './db.ts';
import type { DialectName } from './dialect.ts';

/** Stores (or replaces) the code for a key, and sweeps codes that have expired. */
export async function putVerificationCode(
  db: Db,
  dialect: DialectName,
  key: string,
  code: string,
  expiresAt: number,
  now: number,
): Promise<void> {
  await db.deleteFrom('verification_codes').where('expires_at', '<', now).execute();
  const insert = db.insertInto('verification_codes').values({ key, code, expires_at: expiresAt });
  if (dialect === 'mysql') await insert.onDuplicateKeyUpdate({ code, expires_at: expiresAt }).execute();
  else
    await insert.onConflict((oc) => oc.column('key').doUpdateSet({ code, expires_at: expiresAt })).execute();
}

/** The code stored for a key, unless it has expired. */
export async function findVerificationCode(db: Db, key: string, now: number): Promise<string | null> {
  const row = await db
    .selectFrom('verification_codes')
    .select('code')
    .where('key', '=', key)
    .where('expires_at', '>=', now)
    .executeTakeFirst();
  return row?.code ?? null;
}

/** Deletes the key if it still holds this code; true for the one caller that did. */
export async function takeVerificationCode(db: Db, key: string, code: string): Promise<boolean> {
  const result = await db
    .deleteFrom('verification_codes')
    .where('key', '=', key)
    .where('code', '=', code)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
