import { CompiledQuery } from 'kysely';
import type { Store } from './db.ts';
import { retryOnLockConflict } from './money-transaction.ts';
import type { Reservation } from './quota.ts';
import type { ReserveOutcome } from './reserve-outcome.ts';
import { nowSeconds } from './users.ts';

/**
 * Written once, not built per call: $1 user, $2 amount, $3 whether the token limits the call,
 * $4 token, $5 reservation id, $6 node, $7 token unlimited (0/1), $8 now (unix seconds).
 */
const RESERVE = `
with wallet as materialized (
  select id from users where id = $1 and quota > 0 and quota >= $2::bigint for update
),
token as materialized (
  select id from tokens
  where $3::boolean and exists (select 1 from wallet)
    and id = $4 and remain_quota > 0 and remain_quota >= $2::bigint
  for update
),
covered as materialized (
  select 1 as yes from wallet where not $3::boolean or exists (select 1 from token)
),
take_wallet as (
  update users set quota = quota - $2::bigint where id = $1 and exists (select 1 from covered)
),
take_token as (
  update tokens set remain_quota = remain_quota - $2::bigint
  where $3::boolean and id = $4 and exists (select 1 from covered)
),
recorded as (
  insert into reservations (id, node_id, user_id, token_id, token_unlimited, amount, created_at)
  select $5::varchar, $6::varchar, $1::bigint, $4::bigint, $7::integer, $2::bigint, $8::bigint
  from covered
)
select exists (select 1 from wallet) as user_ok, exists (select 1 from covered) as reserved`;

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
  const query = CompiledQuery.raw(RESERVE, [
    payer.userId,
    amount,
    !payer.tokenUnlimited && payer.tokenId > 0,
    payer.tokenId,
    reservation.id,
    reservation.nodeId,
    payer.tokenUnlimited ? 1 : 0,
    nowSeconds(),
  ]);
  const outcome = await retryOnLockConflict(
    async () => (await store.db.executeQuery<Outcome>(query)).rows[0]!,
  );
  if (outcome.reserved) return 'reserved';
  return outcome.user_ok ? 'token_quota_exhausted' : 'user_quota_exhausted';
}
