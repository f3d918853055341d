import type { Transaction } from 'kysely';
import type { Store } from './db.ts';
import type { NewLog } from './logs.ts';
import type { Payer } from './quota.ts';
import type { Database } from './schema.ts';
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

/** Takes up to `wanted` more from the wallet, never below zero; answers what was taken. */
async function takeFromWallet(
  store: Store,
  trx: Transaction<Database>,
  userId: number,
  wanted: number,
): Promise<number> {
  const whole = await trx
    .updateTable('users')
    .set((eb) => ({ quota: eb('quota', '-', wanted) }))
    .where('id', '=', userId)
    .where('quota', '>=', wanted)
    .executeTakeFirst();
  if (Number(whole.numUpdatedRows) === 1) return wanted;
  // Not enough left: take what there is. The row is locked (SQLite serialises transactions).
  let select = trx.selectFrom('users').select('quota').where('id', '=', userId);
  if (store.dialect !== 'sqlite') select = select.forUpdate();
  const row = await select.executeTakeFirst();
  const available = Math.max(0, Number(row?.quota ?? 0));
  if (available > 0) {
    await trx
      .updateTable('users')
      .set((eb) => ({ quota: eb('quota', '-', available) }))
      .where('id', '=', userId)
      .execute();
  }
  return available;
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
export async function settleBatch(store: Store, settlements: Settlement[]): Promise<number[]> {
  if (settlements.length === 0) return [];
  return store.db.transaction().execute(async (trx) => {
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
      const taken = net > 0 ? await takeFromWallet(store, trx, userId, net) : 0;
      const userCharges = allocate(mine, taken, net);
      indexes.forEach((settlementIndex, k) => (charged[settlementIndex] = userCharges[k]!));
      const walletBack = net < 0 ? -net : 0;
      const total = userCharges.reduce((a, b) => a + b, 0);
      await trx
        .updateTable('users')
        .set((eb) => ({
          quota: eb('quota', '+', walletBack),
          used_quota: eb('used_quota', '+', total),
          request_count: eb('request_count', '+', mine.length),
        }))
        .where('id', '=', userId)
        .execute();
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
      await trx
        .updateTable('tokens')
        .set((eb) => ({
          remain_quota: eb('remain_quota', '-', tokenDebit.get(tokenId) ?? 0),
          used_quota: eb('used_quota', '+', tokenUsed.get(tokenId)!),
          accessed_time: now,
        }))
        .where('id', '=', tokenId)
        .execute();
    }
    for (const channelId of [...channelUsed.keys()].sort((a, b) => a - b)) {
      const used = channelUsed.get(channelId)!;
      if (used === 0) continue;
      await trx
        .updateTable('channels')
        .set((eb) => ({ used_quota: eb('used_quota', '+', used) }))
        .where('id', '=', channelId)
        .execute();
    }

    const logs = settlements.flatMap((s, i) =>
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
    );
    // A few hundred rows per statement keeps every dialect under its parameter limit.
    for (let start = 0; start < logs.length; start += 200) {
      await trx
        .insertInto('logs')
        .values(logs.slice(start, start + 200))
        .execute();
    }
    return charged;
  });
}
