import type { Store } from './db.ts';
import type { NewLog } from './log-writer.ts';
import { moneyTransaction } from './money-transaction.ts';
import { pgWriter } from './pg-settle-writer.ts';
import type { Payer } from './quota.ts';
import {
  kyselyWriter,
  sqliteWriter,
  type Balances,
  type BatchWriter,
  type ChannelMove,
  type TokenMove,
  type WalletMove,
} from './settle-writers.ts';
import { nowSeconds } from './users.ts';
import { beginWhenFree } from './sqlite-write-lock.ts';

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

function movedBy<T>(moves: Map<number, T>, id: number, fresh: () => T): T {
  let move = moves.get(id);
  if (!move) moves.set(id, (move = fresh()));
  return move;
}

/** The moves in id order, the order rows are locked in. */
const byId = <T extends { id: number }>(moves: Map<number, T>): T[] =>
  [...moves.values()].sort((a, b) => a.id - b.id);

/**
 * Settles many finished calls in one transaction (group commit). Each settlement first claims its
 * reservation; one whose reservation is gone was settled or refunded already (a journal replayed
 * after a crash) and changes nothing. Per user and token the net difference between costs and
 * reservations is taken or given back, counters move once per row, and the log rows go in with
 * one multi-row insert, each recording exactly what was charged. A cost above the reservation is
 * charged in full even when it takes a balance below zero: the overshoot stays as a debt that
 * refuses further calls until it is paid, never written off. Rows are locked reservations,
 * channels, users, then tokens, each in id order (a task's charge takes them in the same order), so
 * batches never deadlock with each other, with task charges or with reservations. Answers the charge of each settlement, in order (0 for those already settled).
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
      await beginWhenFree(sqlite);
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
  const writer = store.dialect === 'postgres' ? pgWriter : kyselyWriter;
  const result = await moneyTransaction(store, (trx) => settleWith(writer(store, trx), settlements));
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

  const now = nowSeconds();
  // The log rows first: they lock nothing another transaction waits for, and the wallets' rows,
  // which every reservation needs, are then held for as short a time as possible.
  await writer.insertLogs(
    settlements.flatMap((s) => (s.log ? [{ created_at: now, ...s.log, quota: s.cost }] : [])),
  );
  const wallets = new Map<number, WalletMove>();
  const tokens = new Map<number, TokenMove>();
  const channels = new Map<number, ChannelMove>();
  for (const s of settlements) {
    const { userId, tokenId, tokenUnlimited } = s.payer;
    const wallet = movedBy(wallets, userId, () => ({ id: userId, debit: 0, used: 0, requests: 0 }));
    wallet.debit += s.cost - s.reserved;
    wallet.used += s.cost;
    wallet.requests += s.refund ? 0 : 1;
    if (tokenId > 0) {
      const token = movedBy(tokens, tokenId, () => ({ id: tokenId, debit: 0, used: 0 }));
      token.used += s.cost;
      token.debit += tokenUnlimited ? 0 : s.cost - s.reserved;
    }
    if (s.channelId > 0) movedBy(channels, s.channelId, () => ({ id: s.channelId, used: 0 })).used += s.cost;
  }
  // Channels before wallets: no reservation waits for a channel's row, and every reservation for
  // its wallet's, so the wallets are taken last, just before the commit.
  await writer.moveChannels(byId(channels).filter((move) => move.used !== 0));
  await writer.moveWallets(byId(wallets));
  await writer.moveTokens(byId(tokens), now);
  const balances = await writer.readBalances([...wallets.keys()], [...tokens.keys()]);
  return { charged, applied: live, balances };
}
