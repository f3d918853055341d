import type { Store } from './db.ts';
import type { NewLog } from './logs.ts';
import type { Payer } from './quota.ts';
import { kyselyWriter, sqliteWriter, type Balances, type BatchWriter } from './settle-writers.ts';
import { nowSeconds } from './users.ts';

export interface Settlement {
  payer: Payer;
  reserved: number;
  /** What the call cost by the price formula. */
  cost: number;
  channelId: number;
  /** The consumption log row, written with the quota actually charged; omitted when logging is off. */
  log?: NewLog;
}

function sumBy<K>(map: Map<K, number>, key: K, value: number): void {
  map.set(key, (map.get(key) ?? 0) + value);
}

/**
 * What each settlement of one user is charged. Refunds and extra charges are netted; when the
 * wallet cannot cover the net extra, the shortfall is taken off the calls that cost more than
 * they reserved, latest first, so no charge is ever more than the wallet could pay.
 */
function allocate(settlements: Settlement[], taken: number, netExtra: number): number[] {
  const charged = settlements.map((s) => s.cost);
  let shortfall = Math.max(0, netExtra - taken);
  for (let i = settlements.length - 1; i >= 0 && shortfall > 0; i--) {
    const extra = Math.max(0, settlements[i]!.cost - settlements[i]!.reserved);
    const cut = Math.min(extra, shortfall);
    charged[i] = charged[i]! - cut;
    shortfall -= cut;
  }
  return charged;
}

function withShortfall(otherJson: string | null | undefined, shortfall: number): string | null | undefined {
  if (!otherJson || shortfall === 0) return otherJson;
  const other = JSON.parse(otherJson) as { admin_info?: Record<string, unknown> };
  other.admin_info = { ...other.admin_info, quota_shortfall: shortfall };
  return JSON.stringify(other);
}

/**
 * Settles many finished calls in one transaction (group commit): per user the net difference
 * between costs and reservations is taken or given back, counters move once per row, and the
 * log rows go in with one multi-row insert, each recording exactly what was charged. Rows are
 * locked users, then tokens, then channels, each in id order, so batches never deadlock with
 * each other or with reservations. Answers the charge of each settlement, in order.
 */
export interface BatchResult {
  charged: number[];
  /** Wallet and token balances right after the batch, for the caches. */
  balances: Balances;
}

export async function settleBatch(
  store: Store,
  settlements: Settlement[],
  /** Runs as soon as the batch is committed (on SQLite, before the connection is released). */
  afterCommit: (result: BatchResult) => void = () => {},
): Promise<BatchResult> {
  if (settlements.length === 0) return { charged: [], balances: { users: new Map(), tokens: new Map() } };
  const sqlite = store.sqlite;
  if (sqlite) {
    // Hold Kysely's one connection, so no other transaction can be open while ours runs.
    return store.db.connection().execute(async () => {
      sqlite.exec('BEGIN IMMEDIATE');
      try {
        const result = await settleWith(sqliteWriter(sqlite), settlements);
        sqlite.exec('COMMIT');
        afterCommit(result);
        return result;
      } catch (error) {
        if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
        throw error;
      }
    });
  }
  const result = await store.db
    .transaction()
    .execute((trx) => settleWith(kyselyWriter(store, trx), settlements));
  afterCommit(result);
  return result;
}

/** The settlement rules, the same for every database; the writer does the I/O. */
async function settleWith(writer: BatchWriter, settlements: Settlement[]): Promise<BatchResult> {
  const charged = new Array<number>(settlements.length).fill(0);
  const byUser = new Map<number, number[]>();
  settlements.forEach((s, i) => {
    const list = byUser.get(s.payer.userId) ?? [];
    list.push(i);
    byUser.set(s.payer.userId, list);
  });

  for (const userId of [...byUser.keys()].sort((a, b) => a - b)) {
    const indexes = byUser.get(userId)!;
    const mine = indexes.map((i) => settlements[i]!);
    const net = mine.reduce((sum, s) => sum + s.cost - s.reserved, 0);
    const taken = net > 0 ? await writer.takeFromWallet(userId, net) : 0;
    const userCharges = allocate(mine, taken, net);
    indexes.forEach((settlementIndex, k) => (charged[settlementIndex] = userCharges[k]!));
    const total = userCharges.reduce((a, b) => a + b, 0);
    await writer.updateUser(userId, net < 0 ? -net : 0, total, mine.length);
  }

  const tokenDebit = new Map<number, number>();
  const tokenUsed = new Map<number, number>();
  const channelUsed = new Map<number, number>();
  settlements.forEach((s, i) => {
    if (s.payer.tokenId > 0) {
      sumBy(tokenUsed, s.payer.tokenId, charged[i]!);
      sumBy(tokenDebit, s.payer.tokenId, s.payer.tokenUnlimited ? 0 : charged[i]! - s.reserved);
    }
    if (s.channelId > 0) sumBy(channelUsed, s.channelId, charged[i]!);
  });
  const now = nowSeconds();
  for (const tokenId of [...tokenUsed.keys()].sort((a, b) => a - b)) {
    await writer.updateToken(tokenId, tokenDebit.get(tokenId) ?? 0, tokenUsed.get(tokenId)!, now);
  }
  for (const channelId of [...channelUsed.keys()].sort((a, b) => a - b)) {
    const used = channelUsed.get(channelId)!;
    if (used !== 0) await writer.updateChannel(channelId, used);
  }
  await writer.insertLogs(
    settlements.flatMap((s, i) =>
      s.log
        ? [
            {
              created_at: now,
              ...s.log,
              quota: charged[i]!,
              other: withShortfall(s.log.other, s.cost - charged[i]!),
            },
          ]
        : [],
    ),
  );
  const balances = await writer.readBalances([...byUser.keys()], [...tokenUsed.keys()]);
  return { charged, balances };
}
