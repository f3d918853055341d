import type SQLite from 'better-sqlite3';
import type { Store } from './db.ts';
import type { Reservation, ReserveOutcome } from './reserve-outcome.ts';
import { sqliteBalances } from './sqlite-balances.ts';
import { preparedOnce } from './sqlite-statements.ts';
import { writeTransaction } from './sqlite-write-lock.ts';
import { nowSeconds } from './users.ts';

const statementsFor = preparedOnce((db: SQLite.Database) => ({
  takeUser: db.prepare('UPDATE users SET quota = quota - ? WHERE id = ?'),
  takeToken: db.prepare('UPDATE tokens SET remain_quota = remain_quota - ? WHERE id = ?'),
  record: db.prepare(
    'INSERT INTO reservations (id, node_id, user_id, token_id, token_unlimited, amount, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ),
  find: db.prepare('SELECT user_id, token_id, token_unlimited, amount FROM reservations WHERE id = ?'),
  forget: db.prepare('DELETE FROM reservations WHERE id = ?'),
  giveUser: db.prepare('UPDATE users SET quota = quota + ? WHERE id = ?'),
  giveToken: db.prepare('UPDATE tokens SET remain_quota = remain_quota + ? WHERE id = ?'),
}));

/**
 * A batch's reservations, inside its transaction, judged one after another in arrival order as
 * the conditional updates `quota > 0 AND quota >= amount` would judge them, but with each wallet
 * and token read once and written once per batch: a burst of calls from one key costs one read
 * and one update instead of one update per call. The transaction holds SQLite's write lock, so
 * nothing can change a balance between the read and the write. A refused reservation takes
 * nothing from either balance.
 */
function reserveBatch(db: SQLite.Database) {
  const st = statementsFor(db);
  const read = sqliteBalances(db);
  return (batch: readonly Reservation[], now: number): ReserveOutcome[] => {
    const wallets = new Map<number, Held>();
    const tokens = new Map<number, Held>();
    const outcomes = batch.map(({ id, nodeId, payer, amount }): ReserveOutcome => {
      const wallet = heldIn(wallets, payer.userId, read.wallet);
      if (!covers(wallet.left, amount)) return 'user_quota_exhausted';
      const limited = !payer.tokenUnlimited && payer.tokenId > 0;
      const token = limited ? heldIn(tokens, payer.tokenId, read.token) : undefined;
      if (token && !covers(token.left, amount)) return 'token_quota_exhausted';
      take(wallet, amount);
      if (token) take(token, amount);
      st.record.run(id, nodeId, payer.userId, payer.tokenId, payer.tokenUnlimited ? 1 : 0, amount, now);
      return 'reserved';
    });
    for (const [userId, { taken }] of wallets) if (taken !== 0) st.takeUser.run(taken, userId);
    for (const [tokenId, { taken }] of tokens) if (taken !== 0) st.takeToken.run(taken, tokenId);
    return outcomes;
  };
}
const reserveBatchFor = preparedOnce(reserveBatch);

/** A balance as the batch sees it: what is left, and what the batch has taken from it so far. */
interface Held {
  left: number;
  taken: number;
}

function take(held: Held, amount: number): void {
  held.left -= amount;
  held.taken += amount;
}

/** The balance of `id` in this batch, read from the database the first time it is asked for. */
function heldIn(balances: Map<number, Held>, id: number, read: (id: number) => number | undefined): Held {
  let held = balances.get(id);
  if (!held) balances.set(id, (held = { left: read(id) ?? 0, taken: 0 }));
  return held;
}

/** The reservation rule of every database: a balance above zero that covers the whole amount. */
const covers = (balance: number, amount: number) => balance > 0 && balance >= amount;

interface Waiting {
  reservation: Reservation;
  resolve: (outcome: ReserveOutcome) => void;
  reject: (error: unknown) => void;
}
const waitingFor = new WeakMap<SQLite.Database, Waiting[]>();

/** Writes every reservation that arrived since the last turn of the event loop, in one commit. */
async function commitWaiting(store: Store, waiting: Waiting[]): Promise<void> {
  const batch = waiting.splice(0);
  try {
    const outcomes = await writeTransaction(store, (db) =>
      reserveBatchFor(db)(
        batch.map((entry) => entry.reservation),
        nowSeconds(),
      ),
    );
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
  return writeTransaction(store, (db) => {
    const st = statementsFor(db);
    const row = st.find.get(id) as StoredReservation | undefined;
    if (!row || st.forget.run(id).changes !== 1) return 0;
    st.giveUser.run(row.amount, row.user_id);
    if (!row.token_unlimited && row.token_id > 0) st.giveToken.run(row.amount, row.token_id);
    return Number(row.amount);
  });
}
