import { randomUUID } from 'node:crypto';
import type { SharedStateStatus } from '@relaygate/contract';
import type { Config } from '../config.ts';
import type { Store } from '../store/db.ts';
import { localBus, type ChangeBus } from './change-bus.ts';
import { nodeBus, type NodeTransport } from './node-bus.ts';
import { pgNotifyTransport } from './pg-notify-bus.ts';
import { redisTransport } from './redis-bus.ts';
import { RedisConnection, type HealthLog } from './redis-connection.ts';

/** This node's links to the others: the change bus and, when configured, Redis. */
export interface SharedState {
  nodeId: string;
  bus: ChangeBus;
  redis: RedisConnection | undefined;
  /** Starts listening to the other nodes; call it once the caches have subscribed to `bus`. */
  start(): Promise<void>;
  status(): SharedStateStatus;
  close(): Promise<void>;
}

/**
 * Picks the node bus: Redis pub/sub with REDIS_CONN_STRING, else PostgreSQL LISTEN/NOTIFY on
 * PostgreSQL, else none (SQLite and MariaDB without Redis: worker IPC plus the periodic reload).
 * `workers` is the IPC bus of a cluster worker; `nodeId` is shared by the workers of one node.
 */
export function openSharedState(
  config: Config,
  store: Store,
  log: HealthLog,
  workers?: ChangeBus,
  nodeId: string = randomUUID(),
): SharedState {
  const redis = config.redisUrl
    ? new RedisConnection(config.redisUrl, config.redisKeyPrefix, log)
    : undefined;
  const transport: NodeTransport | undefined = redis
    ? redisTransport(redis)
    : store.dialect === 'postgres'
      ? pgNotifyTransport(store, config.sqlDsn, log)
      : undefined;
  const base = workers ?? localBus;
  const bus = transport ? nodeBus(base, transport, nodeId) : undefined;
  return {
    nodeId,
    bus: bus ?? base,
    redis,
    async start() {
      await redis?.ready(3000);
      await bus?.start();
    },
    status: () => ({
      node_id: nodeId,
      bus: transport?.name ?? (workers ? 'workers' : 'local'),
      bus_connected: transport ? transport.connected : true,
      redis_configured: redis !== undefined,
      redis_connected: redis?.connected ?? false,
    }),
    async close() {
      await transport?.close();
      redis?.close();
    },
  };
}
