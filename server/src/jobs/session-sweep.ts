import type { Store } from '../store/db.ts';
import { deleteExpiredSessions } from '../store/sessions.ts';
import { nowSeconds } from '../store/users.ts';
import { startPeriodic, type PeriodicJob } from './periodic.ts';

const SWEEP_INTERVAL_MS = 5 * 60_000;

/**
 * Deletes expired console sessions at start and every five minutes: a login never read again (the
 * lookup checks expiry) would otherwise stay in the table for ever. Every process runs it; two
 * nodes deleting the same expired rows is harmless.
 */
export function startSessionSweep(
  store: Store,
  onError: (error: unknown) => void,
  intervalMs = SWEEP_INTERVAL_MS,
): PeriodicJob {
  return startPeriodic(() => deleteExpiredSessions(store.db, nowSeconds()), intervalMs, onError);
}
