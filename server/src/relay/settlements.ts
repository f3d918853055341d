import type { FastifyInstance } from 'fastify';
import { refundNodeReservations } from '../store/quota.ts';
import { claimNodeIdentity } from './node-identity.ts';
import { SettlementBatcher } from './settlement-batcher.ts';
import { SettlementJournal } from './settlement-journal.ts';

export interface Settlements {
  batcher: SettlementBatcher;
  nodeId: string;
  close(): Promise<void>;
}

/**
 * The settlement side of the relay for this process. At start it finishes what an earlier life
 * of this process left behind after a crash: first the journal's settlements (calls that were
 * answered), then a refund of every reservation still recorded under this node (calls that never
 * finished). Only then does the process serve, so a balance after a restart equals its log.
 */
export async function openSettlements(app: FastifyInstance): Promise<Settlements> {
  const identity = await claimNodeIdentity(app.config.settlementJournalDir, app.config.workerSlot);
  const journal = new SettlementJournal(identity.journalPath);
  const batcher = new SettlementBatcher(
    app.store,
    journal,
    { intervalMs: 50, maxBatch: 500 },
    {
      onDeferred: (error, count) =>
        app.log.error({ err: error, count }, 'settlements kept in the journal until the database takes them'),
      onStuck: (error, settlement) =>
        app.log.error(
          { err: error, settlement },
          'the database refuses one settlement; it stays in the journal',
        ),
      onSettled: (result, batch) => {
        app.keys.applyBalances(result.balances);
        app.quotaData.settled(result, batch);
        app.notifier.settled(result, batch);
      },
    },
  );
  try {
    if (journal.size > 0) {
      app.log.warn(`settling ${journal.size} settlements left in the journal by the last run`);
      await batcher.drainJournal();
      if (journal.size > 0)
        throw new Error(`${journal.size} settlements in the journal could not be settled`);
    }
    const left = await refundNodeReservations(app.store, identity.nodeId);
    if (left.count > 0)
      app.log.warn(`refunded ${left.count} reservations (${left.amount} quota) left by the last run`);
  } catch (error) {
    identity.release();
    throw error;
  }
  return {
    batcher,
    nodeId: identity.nodeId,
    async close() {
      await batcher.close();
      identity.release();
    },
  };
}
