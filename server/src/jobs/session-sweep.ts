import type { Store } from '../store/db.ts';
import { deleteExpiredSessions } from '../store/sessions.ts';
import { nowSeconds } from '../store/users.ts';
import type { JobDefinition } from './scheduler.ts';

export const SESSION_SWEEP_JOB = 'session-sweep';

const SWEEP_INTERVAL_MS = 5 * 60_000;

/**
 * Deletes expired console sessions at start and every five minutes: a login never read again (the
 * lookup checks expiry) would otherwise stay in the table for ever. Every process runs it (it
 * takes no lease); two nodes deleting the same expired rows is harmless.
 */
export function sessionSweepJob(store: Store, intervalMs = SWEEP_INTERVAL_MS): JobDefinition {
  return {
    name: SESSION_SWEEP_JOB,
    intervalMs,
    scope: 'node',
    run: () => deleteExpiredSessions(store.db, nowSeconds()),
  };
}
