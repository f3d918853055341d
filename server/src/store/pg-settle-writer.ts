import { sql, type Transaction } from 'kysely';
import type { Store } from './db.ts';
import type { Database } from './schema.ts';
import { writeLogs } from './log-writer.ts';
import type { Balances, BatchWriter } from './settle-writers.ts';

/**
 * The settlement's writes on PostgreSQL: one statement per table for the whole batch, where the
 * generic writer sends one per wallet, token and channel, and the balances come back from the
 * updates themselves. A batch holds the wallets' rows, which every reservation waits for, over
 * three round trips and its commit, whatever the number of users in it. The rows of each update
 * are taken in the order of the sorted ids it is given.
 */
export function pgWriter(store: Store, trx: Transaction<Database>): BatchWriter {
  const balances: Balances = { users: new Map(), tokens: new Map() };
  return {
    insertLogs: (rows) => writeLogs(store, rows, trx),
    async claimReservations(ids) {
      if (ids.length === 0) return new Set();
      const { rows } = await sql<{ id: string }>`
        delete from reservations where id = any(${ids}::varchar[]) returning id`.execute(trx);
      return new Set(rows.map((row) => row.id));
    },
    async moveWallets(moves) {
      if (moves.length === 0) return;
      const { rows } = await sql<{ id: number; quota: string }>`
        update users set
          quota = users.quota - moved.debit,
          used_quota = users.used_quota + moved.used,
          request_count = users.request_count + moved.requests
        from unnest(${moves.map((m) => m.id)}::bigint[], ${moves.map((m) => m.debit)}::bigint[],
                    ${moves.map((m) => m.used)}::bigint[], ${moves.map((m) => m.requests)}::bigint[])
          as moved(id, debit, used, requests)
        where users.id = moved.id
        returning users.id, users.quota`.execute(trx);
      for (const row of rows) balances.users.set(Number(row.id), Number(row.quota));
    },
    async moveTokens(moves, accessedAt) {
      if (moves.length === 0) return;
      const { rows } = await sql<{ id: number; remain_quota: string }>`
        update tokens set
          remain_quota = tokens.remain_quota - moved.debit,
          used_quota = tokens.used_quota + moved.used,
          accessed_time = ${accessedAt}
        from unnest(${moves.map((m) => m.id)}::bigint[], ${moves.map((m) => m.debit)}::bigint[],
                    ${moves.map((m) => m.used)}::bigint[])
          as moved(id, debit, used)
        where tokens.id = moved.id
        returning tokens.id, tokens.remain_quota`.execute(trx);
      for (const row of rows) balances.tokens.set(Number(row.id), Number(row.remain_quota));
    },
    async moveChannels(moves) {
      if (moves.length === 0) return;
      await sql`
        update channels set used_quota = channels.used_quota + moved.used
        from unnest(${moves.map((m) => m.id)}::bigint[], ${moves.map((m) => m.used)}::bigint[])
          as moved(id, used)
        where channels.id = moved.id`.execute(trx);
    },
    async readBalances(userIds, tokenIds) {
      // The updates answered every balance the batch moved (a row they did not find has none).
      const found = (ids: number[], from: Map<number, number>) =>
        new Map(ids.flatMap((id) => (from.has(id) ? [[id, from.get(id)!] as const] : [])));
      return { users: found(userIds, balances.users), tokens: found(tokenIds, balances.tokens) };
    },
  };
}
