import { CompiledQuery } from 'kysely';
import type { Store } from './db.ts';
import { RESERVE_MANY_FUNCTION } from './migrations/013-reserve-routines.ts';
import { retryOnLockConflict } from './money-transaction.ts';
import type { Reservation } from './quota.ts';
import type { ReserveOutcome } from './reserve-outcome.ts';
import { nowSeconds } from './users.ts';

/** The most reservations one call of the function takes; more wait for the next. */
const MAX_BATCH = 500;

const RESERVE_MANY = `select ${RESERVE_MANY_FUNCTION}($1::varchar[], $2::varchar[], $3::bigint[], $4::bigint[], $5::integer[], $6::bigint[], $7::bigint) as outcomes`;

interface Waiting {
  reservation: Reservation;
  resolve: (outcome: ReserveOutcome) => void;
  reject: (error: unknown) => void;
}

/** Per store: the reservations waiting for the next batch, and whether one is being written. */
interface Queue {
  waiting: Waiting[];
  writing: boolean;
}
const queues = new WeakMap<Store, Queue>();

function batchQuery(batch: Waiting[]): CompiledQuery {
  const column = <T>(pick: (r: Reservation) => T) => batch.map((entry) => pick(entry.reservation));
  return CompiledQuery.raw(RESERVE_MANY, [
    column((r) => r.id),
    column((r) => r.nodeId),
    column((r) => r.payer.userId),
    column((r) => r.payer.tokenId),
    column((r) => (r.payer.tokenUnlimited ? 1 : 0)),
    column((r) => r.amount),
    nowSeconds(),
  ]);
}

/** Writes what waits, batch after batch, until nothing does; one batch in flight per store. */
async function writeWaiting(store: Store, queue: Queue): Promise<void> {
  queue.writing = true;
  while (queue.waiting.length > 0) {
    const batch = queue.waiting.splice(0, MAX_BATCH);
    try {
      const query = batchQuery(batch);
      const result = await retryOnLockConflict(() =>
        store.db.executeQuery<{ outcomes: ReserveOutcome[] }>(query),
      );
      const outcomes = result.rows[0]?.outcomes ?? [];
      if (outcomes.length !== batch.length) throw new Error(`${RESERVE_MANY_FUNCTION} answered no outcome`);
      batch.forEach((entry, i) => entry.resolve(outcomes[i]!));
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }
  queue.writing = false;
}

/**
 * reserveQuota on PostgreSQL, with group commit: the reservations that arrive while a batch is
 * being written go together in the next, one call of the function of migration 013 (one round trip,
 * one commit, one WAL flush for all of them). A batch is all or nothing: an error fails each of
 * its calls and changes nothing.
 */
export function reserveInPostgres(store: Store, reservation: Reservation): Promise<ReserveOutcome> {
  let queue = queues.get(store);
  if (!queue) queues.set(store, (queue = { waiting: [], writing: false }));
  const current = queue;
  return new Promise((resolve, reject) => {
    current.waiting.push({ reservation, resolve, reject });
    if (!current.writing) void writeWaiting(store, current);
  });
}
