import { sql } from 'kysely';
import type { Store } from './db.ts';
import { retryOnLockConflict } from './money-transaction.ts';
import type { Reservation } from './quota.ts';
import type { ReserveOutcome } from './reserve-outcome.ts';
import { nowSeconds } from './users.ts';

interface Outcome {
  user_ok: boolean;
  reserved: boolean;
}

/**
 * reserveQuota on PostgreSQL in one statement, so one round trip and no transaction held open
 * between round trips (the wallet's row lock lasts one statement, not four). The wallet's row is
 * locked first and then the token's (the order of every settlement and refund), each only if its
 * newest version covers the amount (READ COMMITTED re-checks a locked row's condition against the
 * version it locked); only when both are held are the balances taken and the reservation row
 * inserted. A statement is atomic: a refused call changes nothing, a failed one neither.
 */
export async function reserveInPostgres(store: Store, reservation: Reservation): Promise<ReserveOutcome> {
  const { payer, amount } = reservation;
  const limitsToken = !payer.tokenUnlimited && payer.tokenId > 0;
  const outcome = await retryOnLockConflict(async () => {
    const result = await sql<Outcome>`
      with wallet as materialized (
        select id from users
        where id = ${payer.userId} and quota > 0 and quota >= ${amount}
        for update
      ),
      token as materialized (
        select id from tokens
        where ${limitsToken} and exists (select 1 from wallet)
          and id = ${payer.tokenId} and remain_quota > 0 and remain_quota >= ${amount}
        for update
      ),
      covered as materialized (
        select 1 as yes from wallet where not ${limitsToken} or exists (select 1 from token)
      ),
      take_wallet as (
        update users set quota = quota - ${amount}
        where id = ${payer.userId} and exists (select 1 from covered)
      ),
      take_token as (
        update tokens set remain_quota = remain_quota - ${amount}
        where ${limitsToken} and id = ${payer.tokenId} and exists (select 1 from covered)
      ),
      recorded as (
        insert into reservations (id, node_id, user_id, token_id, token_unlimited, amount, created_at)
        select ${reservation.id}::varchar, ${reservation.nodeId}::varchar, ${payer.userId}::bigint,
          ${payer.tokenId}::bigint, ${payer.tokenUnlimited ? 1 : 0}::integer, ${amount}::bigint,
          ${nowSeconds()}::bigint
        from covered
      )
      select exists (select 1 from wallet) as user_ok, exists (select 1 from covered) as reserved
    `.execute(store.db);
    return result.rows[0]!;
  });
  if (outcome.reserved) return 'reserved';
  return outcome.user_ok ? 'token_quota_exhausted' : 'user_quota_exhausted';
}
