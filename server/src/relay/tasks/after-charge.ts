import type { FastifyInstance } from 'fastify';
import type { NewLog } from '../../store/log-writer.ts';
import type { Reservation } from '../../store/quota.ts';
import type { BatchResult, Settlement } from '../../store/settle-batch.ts';
import type { Balances } from '../../store/settle-writers.ts';

/**
 * Tells what follows a settlement of a call about a task's charge, as the settlement batcher
 * tells it of a batch (relay/billing/settlements.ts): the key cache its balances, the dashboard its
 * consumption, the notifier a wallet that fell below its warning.
 */
export function afterTaskCharge(
  app: FastifyInstance,
  reservation: Reservation,
  charge: { channelId: number; log: NewLog; charged: number; balances: Balances },
): void {
  const settlement: Settlement = {
    reservationId: reservation.id,
    payer: reservation.payer,
    reserved: reservation.amount,
    cost: charge.charged,
    channelId: charge.channelId,
    log: charge.log,
  };
  const result: BatchResult = {
    charged: [charge.charged],
    applied: [charge.charged > 0],
    balances: charge.balances,
  };
  app.keys.applyBalances(charge.balances);
  app.quotaData.settled(result, [settlement]);
  app.notifier.settled(result, [settlement]);
}
