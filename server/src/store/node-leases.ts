import type { Store } from './db.ts';
import { refundReservation } from './quota.ts';

/** At most this many reservations are refunded per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

/** Records that `nodeId` is alive until `expiresAt` (unix seconds). */
export async function renewLease(store: Store, nodeId: string, expiresAt: number): Promise<void> {
  const insert = store.db.insertInto('node_leases').values({ node_id: nodeId, expires_at: expiresAt });
  if (store.dialect === 'mysql') await insert.onDuplicateKeyUpdate({ expires_at: expiresAt }).execute();
  else await insert.onConflict((oc) => oc.column('node_id').doUpdateSet({ expires_at: expiresAt })).execute();
}

/**
 * Refunds the reservations of nodes whose lease ran out: a process that died and never came back
 * under its identity (a new container, disk or machine). Only reservations older than `graceSeconds`
 * are taken, so a node that reserved before its first lease (an older version during an upgrade) is
 * left alone while its calls may still be running. A node never sweeps its own this way: after a
 * database outage longer than its lease, its own lease has run out too, and its calls in flight (and
 * the task submissions it keeps until the database records them) still hold theirs. Each refund claims its reservation row, so
 * several nodes sweeping at once refund each reservation exactly once. Answers how many and how much.
 */
export async function refundExpiredReservations(
  store: Store,
  now: number,
  graceSeconds: number,
  /** The sweeping node: its own reservations are never taken for a dead node's (see refundOrphans). */
  self?: string,
): Promise<{ count: number; amount: number }> {
  const rows = await store.db
    .selectFrom('reservations')
    .leftJoin('node_leases', 'node_leases.node_id', 'reservations.node_id')
    .select('reservations.id')
    .where((eb) => eb.or([eb('node_leases.node_id', 'is', null), eb('node_leases.expires_at', '<', now)]))
    .$if(self !== undefined, (query) => query.where('reservations.node_id', '!=', self!))
    .where('reservations.created_at', '<', now - graceSeconds)
    .orderBy('reservations.created_at')
    .limit(SWEEP_BATCH)
    .execute();
  return refundAll(
    store,
    rows.map((row) => row.id),
  );
}

async function refundAll(store: Store, ids: string[]): Promise<{ count: number; amount: number }> {
  let count = 0;
  let amount = 0;
  for (const id of ids) {
    const refunded = await refundReservation(store, id);
    if (refunded > 0) {
      count += 1;
      amount += refunded;
    }
  }
  return { count, amount };
}

/**
 * Refunds this process's own reservations that nothing will end: older than `graceSeconds` and not
 * among those its calls still hold (`inFlight`). Such a one was committed though its process heard
 * a failure (the acknowledgement of the commit was lost in a database cut), so no settlement or
 * refund of its call names it. Answers how many and how much.
 */
export async function refundOrphans(
  store: Store,
  nodeId: string,
  now: number,
  graceSeconds: number,
  inFlight: ReadonlySet<string>,
): Promise<{ count: number; amount: number }> {
  const rows = await store.db
    .selectFrom('reservations')
    .select('id')
    .where('node_id', '=', nodeId)
    .where('created_at', '<', now - graceSeconds)
    .limit(SWEEP_BATCH)
    .execute();
  return refundAll(
    store,
    rows.map((row) => row.id).filter((id) => !inFlight.has(id)),
  );
}
