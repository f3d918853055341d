/** The shapes of a quota reservation and of its outcome, shared by quota.ts and its SQLite path. */
export interface Payer {
  userId: number;
  /** 0 for calls without an API token (the playground). */
  tokenId: number;
  tokenUnlimited: boolean;
}

/** Quota held for one call in flight, recorded where a restart can find it. */
export interface Reservation {
  /** Unique across nodes and restarts; the settlement or refund that ends it names it. */
  id: string;
  /** The process that made it (see relay/node-identity.ts). */
  nodeId: string;
  payer: Payer;
  amount: number;
}

export type ReserveOutcome = 'reserved' | 'token_quota_exhausted' | 'user_quota_exhausted';
