import { CompiledQuery } from 'kysely';
import type { Store } from './db.ts';
import { RESERVE_PROCEDURE } from './migrations/013-reserve-routines.ts';
import { retryOnLockConflict } from './money-transaction.ts';
import type { Reservation } from './quota.ts';
import type { ReserveOutcome } from './reserve-outcome.ts';
import { nowSeconds } from './users.ts';

const CALL = `call ${RESERVE_PROCEDURE}(?, ?, ?, ?, ?, ?, ?, ?)`;
const OUTCOMES = new Set<string>(['reserved', 'user_quota_exhausted', 'token_quota_exhausted']);

/** The outcome row of a CALL: mysql2 answers its result sets, then the call's own status. */
function outcomeOf(rows: unknown[]): ReserveOutcome {
  const first = Array.isArray(rows[0]) ? (rows[0] as unknown[])[0] : rows[0];
  const outcome = (first as { outcome?: unknown } | undefined)?.outcome;
  if (typeof outcome !== 'string' || !OUTCOMES.has(outcome))
    throw new Error(`${RESERVE_PROCEDURE} answered no outcome`);
  return outcome as ReserveOutcome;
}

/**
 * reserveQuota on MySQL and MariaDB in one round trip: the procedure of migration 013 runs the
 * reservation's transaction on the server (see there). Retried when picked as a deadlock victim.
 */
export async function reserveInMysql(store: Store, reservation: Reservation): Promise<ReserveOutcome> {
  const { payer, amount } = reservation;
  const query = CompiledQuery.raw(CALL, [
    reservation.id,
    reservation.nodeId,
    payer.userId,
    payer.tokenId,
    payer.tokenUnlimited ? 1 : 0,
    !payer.tokenUnlimited && payer.tokenId > 0 ? 1 : 0,
    amount,
    nowSeconds(),
  ]);
  return retryOnLockConflict(async () => outcomeOf((await store.db.executeQuery<unknown>(query)).rows));
}
