/**
 * The readiness checks of the node itself: the database answers and has every migration of this
 * build, Redis (when configured) and the change bus are connected. The relay adds its journal's.
 */
import type { SharedState } from '../cache/shared-state.ts';
import type { Store } from '../store/db.ts';
import { pendingLogMigrations, pendingMigrations } from '../store/migrate.ts';
import { ReadinessChecks } from './readiness.ts';

export function nodeReadiness(store: Store, shared: SharedState): ReadinessChecks {
  const checks = new ReadinessChecks();
  checks.add('database', async () => {
    // Known away: answered at once, without waiting for a query to time out.
    if (store.health?.isAway) return { ok: false, error: 'the database does not answer' };
    const pending = await pendingMigrations(store);
    return pending.length === 0 ? { ok: true } : { ok: false, pending_migrations: pending };
  });
  const logs = store.logs;
  if (logs.apart) {
    checks.add('log_database', async () => {
      if (logs.health?.isAway) return { ok: false, error: 'the log database does not answer' };
      const pending = await pendingLogMigrations(store);
      return pending.length === 0 ? { ok: true } : { ok: false, pending_migrations: pending };
    });
  }
  const redis = shared.redis;
  if (redis) checks.add('redis', () => ({ ok: redis.connected }));
  checks.add('change_bus', () => {
    const status = shared.status();
    return { ok: status.bus_connected, bus: status.bus };
  });
  return checks;
}
