import type { Store } from './db.ts';
import type { NewLog } from './log-writer.ts';
import { moneyTransaction } from './money-transaction.ts';
import type { Payer } from './quota.ts';
import { kyselyWriter, sqliteWriter, type Balances, type BatchWriter } from './settle-writers.ts';
import { nowSeconds } from './users.ts';

export interface Settlement {
  /** The reservation this settlement ends (see quota.ts); empty for a call that reserved nothing. */
  reservationId: string;
  payer: Payer;
  reserved: number;
  /** What the call cost by the price formula; charged in full, taking the balances into debt if need be. */
  cost: number;
  channelId: number;
  /** The consumption log row, written with the quota charged; omitted when logging is off. */
  log?: NewLog;
  /** A failed call's reservation given back: no request is counted. */
  refund?: boolean;
}

function sumBy<K>(map: Map<K, number>, key: K, value: number): void {
  map.set(key, (map.get(key) ?? 0) + value);
}

/**
 * Settles many finished calls in one transaction (group commit). Each settlement first claims its
 * reservation; one whose reservation is gone was settled or refunded already (a journal replayed
 * after a crash) and changes nothing. Per user and token the net difference between costs and
 * reservations is taken or given back, counters move once per row, and the log rows go in with
 * one multi-row insert, each recording exactly what was charged. A cost above the reservation is
 * charged in full even when it takes a balance below zero: the overshoot stays as a debt that
 * refuses further calls until it is paid, never written off. Rows are locked reservations, users,
 * tokens, then channels, each in id order, so batches never deadlock with each other or with
 * reservations. Answers the charge of each settlement, in order (0 for those already settled).
 */
export interface BatchResult {
  charged: number[];
  /** Which settlements this batch applied (false: settled or refunded before, e.g. a journal replayed). */
  applied: boolean[];
  /** Wallet and token balances right after the batch, for the caches. */
  balances: Balances;
}

export async function settleBatch(
  store: Store,
  settlements: Settlement[],
  /** Runs as soon as the batch is committed (on SQLite, before the connection is released). */
  afterCommit: (result: BatchResult) => void = () => {},
): Promise<BatchResult> {
  if (settlements.length === 0)
    return { charged: [], applied: [], balances: { users: new Map(), tokens: new Map() } };
  const sqlite = store.sqlite;
  if (sqlite) {
    // Hold Kysely's one connection, so no other transaction can be open while ours runs.
    return store.db.connection().execute(async () => {
      sqlite.exec('BEGIN IMMEDIATE');
      try {
        const result = await settleWith(sqliteWriter(store, sqlite), settlements);
        sqlite.exec('COMMIT');
        afterCommit(result);
        if (store.logs.apart) store.logs.onQueued();
        return result;
      } catch (error) {
        if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
        throw error;
      }
    });
  }
  const result = await moneyTransaction(store, (trx) => settleWith(kyselyWriter(store, trx), settlements));
  afterCommit(result);
  // The batch's log rows wait in the outbox when the logs live apart: the mover takes them now.
  if (store.logs.apart) store.logs.onQueued();
  return result;
}

/** The settlement rules, the same for every database; the writer does the I/O. */
async function settleWith(writer: BatchWriter, all: Settlement[]): Promise<BatchResult> {
  const claimed = await writer.claimReservations(
    all.flatMap((s) => (s.reservationId ? [s.reservationId] : [])).sort(),
  );
  const live = all.map((s) => !s.reservationId || claimed.has(s.reservationId));
  const charged = all.map((s, i) => (live[i] ? s.cost : 0));
  const settlements = all.filter((_, i) => live[i]);

  const userDebit = new Map<number, number>();
  const userUsed = new Map<number, number>();
  const userRequests = new Map<number, number>();
  const tokenDebit = new Map<number, number>();
  const tokenUsed = new Map<number, number>();
  const channelUsed = new Map<number, number>();
  for (const s of settlements) {
    const { userId, tokenId, tokenUnlimited } = s.payer;
    sumBy(userDebit, userId, s.cost - s.reserved);
    sumBy(userUsed, userId, s.cost);
    sumBy(userRequests, userId, s.refund ? 0 : 1);
    if (tokenId > 0) {
      sumBy(tokenUsed, tokenId, s.cost);
      sumBy(tokenDebit, tokenId, tokenUnlimited ? 0 : s.cost - s.reserved);
    }
    if (s.channelId > 0) sumBy(channelUsed, s.channelId, s.cost);
  }
  const byId = (a: number, b: number) => a - b;
  for (const userId of [...userDebit.keys()].sort(byId)) {
    await writer.updateUser(userId, userDebit.get(userId)!, userUsed.get(userId)!, userRequests.get(userId)!);
  }
  const now = nowSeconds();
  for (const tokenId of [...tokenUsed.keys()].sort(byId)) {
    await writer.updateToken(tokenId, tokenDebit.get(tokenId)!, tokenUsed.get(tokenId)!, now);
  }
  for (const channelId of [...channelUsed.keys()].sort(byId)) {
    const used = channelUsed.get(channelId)!;
    if (used !== 0) await writer.updateChannel(channelId, used);
  }
  await writer.insertLogs(
    settlements.flatMap((s) => (s.log ? [{ created_at: now, ...s.log, quota: s.cost }] : [])),
  );
  const balances = await writer.readBalances([...userDebit.keys()], [...tokenUsed.keys()]);
  return { charged, applied: live, balances };
}
