export type ReserveOutcome = 'reserved' | 'token_quota_exhausted' | 'user_quota_exhausted';
