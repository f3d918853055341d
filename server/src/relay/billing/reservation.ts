import type { FastifyInstance } from 'fastify';
import { refundReservation, reserveQuota, type Payer, type Reservation } from '../../store/quota.ts';
import type { Caller } from '../call/caller.ts';
import { RelayError } from '../call/relay-error.ts';
import type { SettlementBatcher } from './settlement-batcher.ts';
import { newReservationId } from './reservation-id.ts';
import { msg } from '../../i18n/text.ts';

export const payerOf = (caller: Caller): Payer => ({
  userId: caller.userId,
  tokenId: caller.tokenId,
  tokenUnlimited: caller.tokenUnlimited,
});

/**
 * Reserves the call's estimate atomically, on every call: the database's conditional update is
 * the only judge of a balance, so no cached balance (however fresh) can let a call through that
 * the wallet or the token cannot cover, on one node or many. Answers the reservation, which
 * exactly one settlement or refund must end.
 */
export function reserveFor(
  app: FastifyInstance,
  nodeId: string,
  caller: Caller,
  estimate: number,
): Promise<Reservation> {
  // The cached balance refuses a wallet known to be empty without a database round trip.
  if (caller.userQuota <= 0)
    return Promise.reject(new RelayError(403, msg('relay.userQuotaUsedUp'), 'insufficient_user_quota'));
  const reservation: Reservation = {
    id: newReservationId(),
    nodeId,
    payer: payerOf(caller),
    amount: estimate,
  };
  return reserveQuota(app.store, reservation).then((outcome) => {
    if (outcome === 'token_quota_exhausted') {
      throw new RelayError(403, msg('relay.keyQuotaShort'), 'pre_consume_token_quota_failed');
    }
    if (outcome === 'user_quota_exhausted') {
      throw new RelayError(403, msg('relay.userQuotaShort'), 'insufficient_user_quota');
    }
    return reservation;
  });
}

/**
 * Gives a failed call's reservation back. When the database cannot take the refund now, it goes
 * through the settlement batcher, whose journal keeps it until it can: never lost, never twice.
 */
export async function releaseReservation(
  app: FastifyInstance,
  settlements: SettlementBatcher,
  reservation: Reservation,
): Promise<void> {
  try {
    await refundReservation(app.store, reservation.id);
  } catch (error) {
    app.log.warn({ err: error }, 'refund deferred: the database did not take it');
    settlements.add({
      reservationId: reservation.id,
      payer: reservation.payer,
      reserved: reservation.amount,
      cost: 0,
      channelId: 0,
      refund: true,
    });
  }
}
