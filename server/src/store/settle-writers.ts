import type SQLite from 'better-sqlite3';
import type { Transaction } from 'kysely';
import type { Store } from './db.ts';
import type { Database } from './schema.ts';
import { writeLogs, writeLogsPrepared, type NewLog } from './log-writer.ts';
import { preparedOnce } from './sqlite-statements.ts';

/** The writes of one settlement batch, inside one transaction. */
export interface BatchWriter {
  /**
   * Deletes these reservations' rows and answers the ids that were there: a settlement whose row is
   * gone was settled or refunded already and must change nothing.
   */
  claimReservations(ids: string[]): Promise<Set<string>>;
  /** `walletDebit` may be negative (a refund) and may take the wallet below zero (a debt). */
  updateUser(userId: number, walletDebit: number, used: number, requests: number): Promise<void>;
  updateToken(tokenId: number, debit: number, used: number, accessedAt: number): Promise<void>;
  updateChannel(channelId: number, used: number): Promise<void>;
  insertLogs(rows: Array<NewLog & { created_at: number; quota: number }>): Promise<void>;
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
    async updateUser(userId, walletDebit, used, requests) {
      await trx
        .updateTable('users')
        .set((eb) => ({
          quota: eb('quota', '-', walletDebit),
          used_quota: eb('used_quota', '+', used),
          request_count: eb('request_count', '+', requests),
        }))
        .where('id', '=', userId)
        .execute();
    },
    async updateToken(tokenId, debit, used, accessedAt) {
      await trx
        .updateTable('tokens')
        .set((eb) => ({
          remain_quota: eb('remain_quota', '-', debit),
          used_quota: eb('used_quota', '+', used),
          accessed_time: accessedAt,
        }))
        .where('id', '=', tokenId)
        .execute();
    },
    async updateChannel(channelId, used) {
      await trx
        .updateTable('channels')
        .set((eb) => ({ used_quota: eb('used_quota', '+', used) }))
        .where('id', '=', channelId)
        .execute();
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
  userQuota: db.prepare('SELECT quota FROM users WHERE id = ?'),
  tokenRemain: db.prepare('SELECT remain_quota FROM tokens WHERE id = ?'),
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
    async updateUser(userId, walletDebit, used, requests) {
      st.user.run(walletDebit, used, requests, userId);
    },
    async updateToken(tokenId, debit, used, accessedAt) {
      st.token.run(debit, used, accessedAt, tokenId);
    },
    async updateChannel(channelId, used) {
      st.channel.run(used, channelId);
    },
    async readBalances(userIds, tokenIds) {
      const users = new Map<number, number>();
      const tokens = new Map<number, number>();
      for (const id of userIds)
        users.set(id, Number((st.userQuota.get(id) as { quota: number } | undefined)?.quota ?? 0));
      for (const id of tokenIds) {
        tokens.set(
          id,
          Number((st.tokenRemain.get(id) as { remain_quota: number } | undefined)?.remain_quota ?? 0),
        );
      }
      return { users, tokens };
    },
    async insertLogs(rows) {
      writeLogsPrepared(store, db, rows);
    },
  };
}
