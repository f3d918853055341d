/**
 * The node's state as metrics, read at each scrape: the database pool and its failed queries,
 * Redis and the change bus, and the channels by status.
 */
import { ChannelStatus } from '@relaygate/contract';
import type { ChannelIndex } from '../cache/channel-index.ts';
import type { SharedState } from '../cache/shared-state.ts';
import type { Store } from '../store/db.ts';
import type { Metrics } from './metrics.ts';

const STATUS_NAMES: Record<number, string> = {
  [ChannelStatus.Enabled]: 'enabled',
  [ChannelStatus.ManuallyDisabled]: 'manually_disabled',
  [ChannelStatus.AutoDisabled]: 'auto_disabled',
};

export function addNodeGauges(
  metrics: Metrics,
  store: Store,
  shared: SharedState,
  channels: ChannelIndex,
): void {
  if (!metrics.enabled) return;
  const health = store.health;
  if (health) {
    metrics.add({
      name: 'relaygate_db_pool_connections',
      help: 'Database connections of this process by state (used, idle), and callers waiting for one.',
      type: 'gauge',
      values: () => {
        const use = health.poolUse();
        return (['used', 'idle', 'waiting'] as const).map((state) => ({
          labels: { state },
          value: use[state],
        }));
      },
    });
    metrics.add({
      name: 'relaygate_db_query_errors_total',
      help: 'Database queries and connection attempts that failed.',
      type: 'counter',
      values: () => [{ labels: {}, value: health.errors }],
    });
  }
  metrics.add({
    name: 'relaygate_change_bus_connected',
    help: 'Whether the change bus between nodes is connected (1) or not (0), by bus; summed over workers.',
    type: 'gauge',
    values: () => {
      const status = shared.status();
      return [{ labels: { bus: status.bus }, value: status.bus_connected ? 1 : 0 }];
    },
  });
  const redis = shared.redis;
  if (redis)
    metrics.add({
      name: 'relaygate_redis_connected',
      help: 'Whether Redis is connected (1) or not (0); summed over workers.',
      type: 'gauge',
      values: () => [{ labels: {}, value: redis.connected ? 1 : 0 }],
    });
  metrics.add({
    name: 'relaygate_channels',
    help: 'Channels by status (enabled, manually_disabled, auto_disabled).',
    type: 'gauge',
    // Every worker holds the same index: the node's count is any one of theirs.
    aggregator: 'max',
    values: () => {
      const counts = channels.countByStatus();
      return Object.entries(STATUS_NAMES).map(([status, name]) => ({
        labels: { status: name },
        value: counts.get(Number(status)) ?? 0,
      }));
    },
  });
}
