import type SQLite from 'better-sqlite3';
import type { Transaction } from 'kysely';
import type { Store } from './db.ts';
import type { Database } from './schema.ts';
import { writeLogs, writeLogsPrepared, type NewLog } from './log-writer.ts';
import { sqliteBalances } from './sqlite-balances.ts';
import { preparedOnce } from './sqlite-statements.ts';

/** What one batch takes from (or gives back to) a wallet, and adds to its counters. */
export interface WalletMove {
  id: number;
  /** May be negative (a refund) and may take the wallet below zero (a debt). */
  debit: number;
  used: number;
  requests: number;
}
export interface TokenMove {
  id: number;
  debit: number;
  used: number;
}
export interface ChannelMove {
  id: number;
  used: number;
}

/**
 * The writes of one settlement batch, inside one transaction. Each list of moves comes sorted by
 * id, the order every transaction that moves quota locks rows in.
 */
export interface BatchWriter {
  /**
   * Deletes these reservations' rows and answers the ids that were there: a settlement whose row is
   * gone was settled or refunded already and must change nothing.
   */
  claimReservations(ids: string[]): Promise<Set<string>>;
  insertLogs(rows: Array<NewLog & { created_at: number; quota: number }>): Promise<void>;
  moveWallets(moves: WalletMove[]): Promise<void>;
  moveTokens(moves: TokenMove[], accessedAt: number): Promise<void>;
  moveChannels(moves: ChannelMove[]): Promise<void>;
  /** Balances after the writes, read in the same transaction. */
  readBalances(userIds: number[], tokenIds: number[]): Promise<Balances>;
}

export interface Balances {
  users: Map<number, number>;
  tokens: Map<number, number>;
}

/** Any dialect, through Kysely (PostgreSQL and MySQL, where a round trip costs more than compiling). */
export function kyselyWriter(store: Store, trx: Transaction<Database>): BatchWriter {
  return {
    async claimReservations(ids) {
      const claimed = new Set<string>();
      for (let start = 0; start < ids.length; start += 500) {
        const part = ids.slice(start, start + 500);
        let select = trx.selectFrom('reservations').select('id').where('id', 'in', part);
        if (store.dialect !== 'sqlite') select = select.forUpdate();
        const found = (await select.execute()).map((row) => row.id);
        if (found.length > 0) await trx.deleteFrom('reservations').where('id', 'in', found).execute();
        for (const id of found) claimed.add(id);
      }
      return claimed;
    },
    async moveWallets(moves) {
      for (const { id, debit, used, requests } of moves) {
        await trx
          .updateTable('users')
          .set((eb) => ({
            quota: eb('quota', '-', debit),
            used_quota: eb('used_quota', '+', used),
            request_count: eb('request_count', '+', requests),
          }))
          .where('id', '=', id)
          .execute();
      }
    },
    async moveTokens(moves, accessedAt) {
      for (const { id, debit, used } of moves) {
        await trx
          .updateTable('tokens')
          .set((eb) => ({
            remain_quota: eb('remain_quota', '-', debit),
            used_quota: eb('used_quota', '+', used),
            accessed_time: accessedAt,
          }))
          .where('id', '=', id)
          .execute();
      }
    },
    async moveChannels(moves) {
      for (const { id, used } of moves) {
        await trx
          .updateTable('channels')
          .set((eb) => ({ used_quota: eb('used_quota', '+', used) }))
          .where('id', '=', id)
          .execute();
      }
    },
    async readBalances(userIds, tokenIds) {
      const users = userIds.length
        ? await trx.selectFrom('users').select(['id', 'quota']).where('id', 'in', userIds).execute()
        : [];
      const tokens = tokenIds.length
        ? await trx.selectFrom('tokens').select(['id', 'remain_quota']).where('id', 'in', tokenIds).execute()
        : [];
      return {
        users: new Map(users.map((u) => [u.id, Number(u.quota)])),
        tokens: new Map(tokens.map((t) => [t.id, Number(t.remain_quota)])),
      };
    },
    async insertLogs(rows) {
      await writeLogs(store, rows, trx);
    },
  };
}

const statementsFor = preparedOnce((db: SQLite.Database) => ({
  claim: db.prepare('DELETE FROM reservations WHERE id = ?'),
  user: db.prepare(
    'UPDATE users SET quota = quota - ?, used_quota = used_quota + ?, request_count = request_count + ? WHERE id = ?',
  ),
  token: db.prepare(
    'UPDATE tokens SET remain_quota = remain_quota - ?, used_quota = used_quota + ?, accessed_time = ? WHERE id = ?',
  ),
  channel: db.prepare('UPDATE channels SET used_quota = used_quota + ? WHERE id = ?'),
}));

/**
 * SQLite, with statements prepared once per database: settling is the gateway's hottest write,
 * and compiling and preparing a fresh multi-row insert each batch cost more than the writes.
 */
export function sqliteWriter(store: Store, db: SQLite.Database): BatchWriter {
  const st = statementsFor(db);
  return {
    async claimReservations(ids) {
      return new Set(ids.filter((id) => st.claim.run(id).changes === 1));
    },
    async moveWallets(moves) {
      for (const { id, debit, used, requests } of moves) st.user.run(debit, used, requests, id);
    },
    async moveTokens(moves, accessedAt) {
      for (const { id, debit, used } of moves) st.token.run(debit, used, accessedAt, id);
    },
    async moveChannels(moves) {
      for (const { id, used } of moves) st.channel.run(used, id);
    },
    async readBalances(userIds, tokenIds) {
      const read = sqliteBalances(db);
      return {
        users: new Map(userIds.map((id) => [id, Number(read.wallet(id) ?? 0)])),
        tokens: new Map(tokenIds.map((id) => [id, Number(read.token(id) ?? 0)])),
      };
    },
    async insertLogs(rows) {
      writeLogsPrepared(store, db, rows);
    },
  };
}
