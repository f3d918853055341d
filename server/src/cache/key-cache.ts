import type { Selectable } from 'kysely';
import type { Store } from '../store/db.ts';
import { fromDbBool } from '../store/dialect.ts';
import type { TokensTable, UsersTable } from '../store/schema.ts';
import { findLiveTokenByKey } from '../store/tokens.ts';
import { findKeyUser } from '../store/users.ts';
import { localBus, type ChangeBus } from './change-bus.ts';
import type { NowOrLater } from './now-or-later.ts';
import { TtlCache } from './ttl-cache.ts';

export type TokenRow = Selectable<TokensTable>;
export type CachedUser = Pick<
  Selectable<UsersTable>,
  'id' | 'username' | 'group' | 'status' | 'role' | 'quota' | 'deleted_at' | 'setting'
>;

/** How long an unknown key is remembered as unknown, so a flood of bad keys does not reach the database. */
const NEGATIVE_TTL_MS = 5_000;

/**
 * API keys and their users, so the relay never reads the database to authenticate a call.
 * Console writes invalidate entries here and, through the change bus, in every other worker and
 * node; the TTL (SYNC_FREQUENCY) is only the safety net. Balances here are hints only: spending is always an atomic update.
 */
export class KeyCache {
  private tokens: TtlCache<string, TokenRow | null>;
  private users: TtlCache<number, CachedUser | null>;
  /** Token id → key, for updating cached rows by id. */
  private keyOfToken = new Map<number, string>();
  private readonly store: Store;
  private readonly bus: ChangeBus;

  constructor(store: Store, ttlSeconds: number, bus: ChangeBus = localBus) {
    this.store = store;
    this.bus = bus;
    this.tokens = new TtlCache(ttlSeconds * 1000);
    this.users = new TtlCache(ttlSeconds * 1000);
  }

  /** The key's token row (null: no such live key); answered at once when cached, as on nearly every call. */
  token(key: string): NowOrLater<TokenRow | null> {
    const cached = this.tokens.get(key);
    return cached !== undefined ? cached : this.loadToken(key);
  }

  private async loadToken(key: string): Promise<TokenRow | null> {
    const row = (await findLiveTokenByKey(this.store.db, key)) ?? null;
    if (row) {
      this.tokens.set(key, row);
      this.keyOfToken.set(row.id, key);
    } else this.tokens.set(key, null, NEGATIVE_TTL_MS);
    return row;
  }

  /** The user of a key (null: none); answered at once when cached. */
  user(id: number): NowOrLater<CachedUser | null> {
    const cached = this.users.get(id);
    return cached !== undefined ? cached : this.loadUser(id);
  }

  private async loadUser(id: number): Promise<CachedUser | null> {
    const row = (await findKeyUser(this.store.db, id)) ?? null;
    this.users.set(id, row);
    return row;
  }

  /** Forgets a key here and in every other process. */
  invalidateToken(key: string): void {
    this.tokens.delete(key);
    this.bus.publish({ kind: 'token', key });
  }

  /** Forgets a user here and in every other process. */
  invalidateUser(id: number): void {
    this.users.delete(id);
    this.bus.publish({ kind: 'user', id });
  }

  /** Applies another process's change, without passing it on. */
  applyRemote(event: { kind: 'token'; key: string } | { kind: 'user'; id: number }): void {
    if (event.kind === 'token') this.tokens.delete(event.key);
    else this.users.delete(event.id);
  }

  /**
   * After a settlement batch: puts the balances it left into the cached rows. A wallet or a limited
   * token at or below zero is dropped in every process and on every node, so they all reload it and
   * refuse the next call without a database round trip. (The reservation, not the cache, decides
   * every call; a positive balance needs no reload anywhere.)
   */
  applyBalances(balances: { users: Map<number, number>; tokens: Map<number, number> }): void {
    for (const [id, quota] of balances.users) {
      const cached = this.users.get(id);
      if (cached) cached.quota = quota;
      if (quota <= 0) this.invalidateUser(id);
    }
    for (const [id, remain] of balances.tokens) {
      const key = this.keyOfToken.get(id);
      const row = key === undefined ? undefined : this.tokens.get(key);
      if (!row || key === undefined) continue;
      row.remain_quota = remain;
      // Once dropped here, later batches no longer find the row, so this is published once.
      if (remain <= 0 && !fromDbBool(row.unlimited_quota)) this.invalidateToken(key);
    }
  }

  clear(): void {
    this.keyOfToken.clear();
    this.tokens.clear();
    this.users.clear();
  }
}
