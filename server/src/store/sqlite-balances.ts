import type SQLite from 'better-sqlite3';
import { preparedOnce } from './sqlite-statements.ts';

const statementsFor = preparedOnce((db: SQLite.Database) => ({
  wallet: db.prepare('SELECT quota FROM users WHERE id = ?'),
  token: db.prepare('SELECT remain_quota FROM tokens WHERE id = ?'),
}));

/** A wallet's or a token's balance as SQLite holds it now; undefined for a row that is not there. */
export interface SqliteBalances {
  wallet(userId: number): number | undefined;
  token(tokenId: number): number | undefined;
}

/** The balance reads of reserving and settling on SQLite, prepared once per database. */
export function sqliteBalances(db: SQLite.Database): SqliteBalances {
  const st = statementsFor(db);
  return {
    wallet: (userId) => (st.wallet.get(userId) as { quota: number } | undefined)?.quota,
    token: (tokenId) => (st.token.get(tokenId) as { remain_quota: number } | undefined)?.remain_quota,
  };
}
