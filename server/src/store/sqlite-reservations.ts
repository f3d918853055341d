import type SQLite from 'better-sqlite3';
import type { Store } from './db.ts';
import type { Reservation, ReserveOutcome } from './reserve-outcome.ts';
import { preparedOnce } from './sqlite-statements.ts';
import { nowSeconds } from './users.ts';

const statementsFor = preparedOnce((db: SQLite.Database) => ({
  takeUser: db.prepare('UPDATE users SET quota = quota - ? WHERE id = ? AND quota > 0 AND quota >= ?'),
  takeToken: db.prepare(
    'UPDATE tokens SET remain_quota = remain_quota - ? WHERE id = ? AND remain_quota > 0 AND remain_quota >= ?',
  ),
  record: db.prepare(
    'INSERT INTO reservations (id, node_id, user_id, token_id, token_unlimited, amount, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ),
  find: db.prepare('SELECT user_id, token_id, token_unlimited, amount FROM reservations WHERE id = ?'),
  forget: db.prepare('DELETE FROM reservations WHERE id = ?'),
  giveUser: db.prepare('UPDATE users SET quota = quota + ? WHERE id = ?'),
  giveToken: db.prepare('UPDATE tokens SET remain_quota = remain_quota + ? WHERE id = ?'),
}));

/**
 * One reservation's writes, inside the batch's transaction. A refused one leaves nothing behind:
 * the wallet is taken first, and given back in the same transaction when the token cannot cover
 * it (cheaper than a savepoint per call, which costs two more statements each).
 */
function reserveOne(db: SQLite.Database) {
  const st = statementsFor(db);
  return (reservation: Reservation, now: number): ReserveOutcome => {
    const { payer, amount } = reservation;
    if (st.takeUser.run(amount, payer.userId, amount).changes !== 1) return 'user_quota_exhausted';
    if (
      !payer.tokenUnlimited &&
      payer.tokenId > 0 &&
      st.takeToken.run(amount, payer.tokenId, amount).changes !== 1
    ) {
      st.giveUser.run(amount, payer.userId);
      return 'token_quota_exhausted';
    }
    st.record.run(
      reservation.id,
      reservation.nodeId,
      payer.userId,
      payer.tokenId,
      payer.tokenUnlimited ? 1 : 0,
      amount,
      now,
    );
    return 'reserved';
  };
}
const reserveOneFor = preparedOnce(reserveOne);

interface Waiting {
  reservation: Reservation;
  resolve: (outcome: ReserveOutcome) => void;
  reject: (error: unknown) => void;
}
const waitingFor = new WeakMap<SQLite.Database, Waiting[]>();

/**
 * Runs `work` in one SQLite write transaction while holding Kysely's single connection, so no
 * other transaction can be open meanwhile; the statements run synchronously, in microseconds.
 */
function inTransaction<T>(store: Store, work: (db: SQLite.Database) => T): Promise<T> {
  const db = store.sqlite!;
  return store.db.connection().execute(async () => db.transaction(() => work(db)).immediate());
}

/** Writes every reservation that arrived since the last turn of the event loop, in one commit. */
async function commitWaiting(store: Store, waiting: Waiting[]): Promise<void> {
  const batch = waiting.splice(0);
  try {
    const outcomes = await inTransaction(store, (db) => {
      const one = reserveOneFor(db);
      const now = nowSeconds();
      return batch.map(({ reservation }) => one(reservation, now));
    });
    batch.forEach((entry, i) => entry.resolve(outcomes[i]!));
  } catch (error) {
    for (const entry of batch) entry.reject(error);
  }
}

/**
 * Reserves on SQLite with group commit: the reservations of all calls that arrive in one turn of
 * the event loop are written in one transaction (a refused one leaves nothing behind), so a burst of calls costs one commit instead of one each. A commit, not the
 * statements, is what a reservation costs on SQLite (the WAL pages written).
 */
export function reserveInSqlite(store: Store, reservation: Reservation): Promise<ReserveOutcome> {
  const db = store.sqlite!;
  let waiting = waitingFor.get(db);
  if (!waiting) waitingFor.set(db, (waiting = []));
  const queue = waiting;
  return new Promise((resolve, reject) => {
    if (queue.push({ reservation, resolve, reject }) === 1)
      setImmediate(() => void commitWaiting(store, queue));
  });
}

interface StoredReservation {
  user_id: number;
  token_id: number;
  token_unlimited: number;
  amount: number;
}

/** refundReservation on SQLite: claim the row, give its amount back; 0 when it was already gone. */
export function refundInSqlite(store: Store, id: string): Promise<number> {
  return inTransaction(store, (db) => {
    const st = statementsFor(db);
    const row = st.find.get(id) as StoredReservation | undefined;
    if (!row || st.forget.run(id).changes !== 1) return 0;
    st.giveUser.run(row.amount, row.user_id);
    if (!row.token_unlimited && row.token_id > 0) st.giveToken.run(row.amount, row.token_id);
    return Number(row.amount);
  });
}
