import type { FastifyInstance } from 'fastify';
import { refundExpiredReservations, refundOrphans, renewLease } from '../../store/node-leases.ts';
import { refundNodeReservations } from '../../store/quota.ts';
import { nowSeconds } from '../../store/users.ts';
import { claimNodeIdentity } from './node-identity.ts';
import { SettlementBatcher } from './settlement-batcher.ts';
import { SettlementJournal } from './settlement-journal.ts';
import { SettlementWriteAhead } from './settlement-write-ahead.ts';
import { AcceptedTasks, recordKept } from '../tasks/accepted-tasks.ts';

export interface Settlements {
  batcher: SettlementBatcher;
  nodeId: string;
  /** This process's reservations its calls still hold (the relay adds and removes them). */
  inFlight: Set<string>;
  /** Task submissions the upstream accepted that the database has not recorded yet (tasks/accepted-tasks.ts). */
  acceptedTasks: AcceptedTasks;
  /** False until what the last run of this process left behind is settled and refunded. */
  ready(): boolean;
  /** Resolves once ready (or closed). */
  recovered: Promise<void>;
  close(): Promise<void>;
}

/** How long the start waits for the recovery; usually it takes milliseconds and the relay serves from the start. */
const START_WAIT_MS = 3_000;

/** Waits between recovery attempts: quick at first, then every 10 s until the database lets it through. */
const RECOVERY_RETRY_MS = [500, 1_000, 2_000, 5_000, 10_000];

/**
 * The settlement side of the relay for this process. At start it finishes what an earlier life
 * of this process left behind after a crash: first the journal's settlements and the write-ahead
 * segments' (calls that were answered), then the task submissions an upstream accepted that were
 * not recorded yet, then a refund of every reservation still recorded under this node (calls that never
 * finished). Only then does the relay serve, so a balance after a restart equals its log.
 *
 * That recovery runs in the background and is retried until it succeeds: rows it needs may be
 * locked for a while (by a node that died mid-transaction, until the database ends its session),
 * and the process must start meanwhile. The start waits for it a few seconds at most; until it
 * is done, relay calls get 503 (see `ready`).
 */
export async function openSettlements(app: FastifyInstance): Promise<Settlements> {
  const identity = await claimNodeIdentity(app.config.settlementJournalDir, app.config.workerSlot);
  const journal = new SettlementJournal(identity.journalPath);
  const writeAhead = new SettlementWriteAhead(identity.journalPath, (error) =>
    app.log.error({ err: error }, 'a settlement could not be written ahead; it is settled from memory'),
  );
  // What the last run had answered but not settled when it was killed: settled with the journal.
  journal.append(writeAhead.leftovers());
  writeAhead.dropLeftovers();
  const batcher = new SettlementBatcher(
    app.store,
    journal,
    { intervalMs: 50, maxBatch: 500, writeAhead },
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
  const inFlight = new Set<string>();
  const acceptedTasks = new AcceptedTasks(identity.journalPath);
  /** What the sweep of this process's own reservations must leave alone. */
  const held = () => new Set([...inFlight, ...acceptedTasks.reservationIds()]);
  let ready = false;
  let closed = false;
  let wake = () => {};
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, work: () => Promise<void>) => {
    const timer = setInterval(() => void work(), ms);
    timer.unref();
    timers.push(timer);
  };

  /**
   * While this process lives: its lease is renewed four times per lease, and twice per lease it
   * refunds the reservations of processes whose lease has run out (a node replaced by one with a new
   * identity, whose journal and reservations nobody else would ever end). See store/node-leases.ts.
   */
  const keepLease = () => {
    const leaseMs = app.config.reservationLeaseSeconds * 1000;
    every(1_000, recordAcceptedTasks);
    every(Math.max(100, leaseMs / 4), () =>
      renew().catch((error: unknown) =>
        app.log.warn({ err: error }, 'renewing the reservation lease failed'),
      ),
    );
    every(Math.max(200, leaseMs / 2), async () => {
      const lease = app.config.reservationLeaseSeconds;
      try {
        const gone = await refundExpiredReservations(app.store, nowSeconds(), lease, identity.nodeId);
        if (gone.count > 0)
          app.log.warn(
            `refunded ${gone.count} reservations (${gone.amount} quota) of processes gone for more than ${lease} s`,
          );
        const orphans = await refundOrphans(app.store, identity.nodeId, nowSeconds(), lease, held());
        if (orphans.count > 0)
          app.log.warn(
            `refunded ${orphans.count} reservations (${orphans.amount} quota) of this process that no call held`,
          );
      } catch (error) {
        app.log.warn({ err: error }, 'refunding reservations nobody will end failed; tried again later');
      }
    });
  };

  /** Submissions kept through a database outage are recorded once it is back. */
  const recordAcceptedTasks = async () => {
    if (acceptedTasks.size === 0) return;
    try {
      await recordKept(app, acceptedTasks);
    } catch (error) {
      app.log.warn({ err: error, kept: acceptedTasks.size }, 'accepted tasks still wait for the database');
    }
  };

  const leaseSeconds = app.config.reservationLeaseSeconds;
  const renew = () => renewLease(app.store, identity.nodeId, nowSeconds() + leaseSeconds);

  const recoverOnce = async () => {
    // Alive before anything else: another node must never take this one's reservations for a dead one's.
    await renew();
    if (journal.size > 0) {
      app.log.warn(`settling ${journal.size} settlements left in the journal by the last run`);
      await batcher.drainJournal();
      if (journal.size > 0)
        throw new Error(`${journal.size} settlements in the journal could not be settled yet`);
    }
    if (acceptedTasks.size > 0) {
      app.log.warn(`recording ${acceptedTasks.size} task submissions the last run had not recorded`);
      await recordKept(app, acceptedTasks);
    }
    const left = await refundNodeReservations(app.store, identity.nodeId);
    if (left.count > 0)
      app.log.warn(`refunded ${left.count} reservations (${left.amount} quota) left by the last run`);
  };

  const recovered = (async () => {
    for (let attempt = 0; !closed; attempt++) {
      try {
        await recoverOnce();
        ready = true;
        keepLease();
        return;
      } catch (error) {
        const waitMs = RECOVERY_RETRY_MS[Math.min(attempt, RECOVERY_RETRY_MS.length - 1)]!;
        app.log.error(
          { err: error },
          `settling what the last run left behind failed; the relay answers 503 until it succeeds (next try in ${waitMs} ms)`,
        );
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, waitMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  })();

  let waited: NodeJS.Timeout | undefined;
  await Promise.race([recovered, new Promise((resolve) => (waited = setTimeout(resolve, START_WAIT_MS)))]);
  clearTimeout(waited);
  if (!ready) app.log.warn('the relay answers 503 until what the last run left behind is settled');

  return {
    batcher,
    nodeId: identity.nodeId,
    inFlight,
    acceptedTasks,
    ready: () => ready,
    recovered,
    async close() {
      closed = true;
      for (const timer of timers) clearInterval(timer);
      wake();
      await recovered;
      // What the database takes now; the rest is recorded by the next start.
      if (ready) await recordAcceptedTasks();
      await batcher.close();
      identity.release();
    },
  };
}
