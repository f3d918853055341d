import type Pg from 'pg';
import type { Store } from '../store/db.ts';
import { loadPg } from '../store/pg-dialect.ts';
import { pgNotify } from '../store/pg-notify.ts';
import type { NodeTransport } from './node-bus.ts';
import { within, type HealthLog } from './redis-connection.ts';

const CHANNEL = 'relaygate_changes';
const RETRY_MAX_MS = 5000;

/**
 * PostgreSQL LISTEN/NOTIFY (no Redis needed): NOTIFY goes through the store's pool, LISTEN holds
 * one dedicated connection that reconnects by itself, backing off up to 5 s. NOTIFY is scoped to
 * the database, so gateways on other databases of the same server never hear each other.
 */
export function pgNotifyTransport(store: Store, dsn: string, log: HealthLog): NodeTransport {
  let listener: Pg.Client | undefined;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  function reportLost(): void {
    if (failures === 1)
      log.warn('PostgreSQL LISTEN connection lost: changes from other nodes wait for the reload');
  }

  async function connect(
    onMessage: (payload: string) => void,
    onResync: () => void,
    first: boolean,
  ): Promise<void> {
    const client = new (loadPg().Client)({ connectionString: dsn });
    let ended = false;
    const reconnect = () => {
      if (ended) return;
      ended = true;
      if (listener === client) listener = undefined;
      client.end().catch(() => {});
      if (closed) return;
      failures++;
      reportLost();
      retry = setTimeout(
        () => void connect(onMessage, onResync, false),
        Math.min(100 * 2 ** failures, RETRY_MAX_MS),
      );
      retry.unref();
    };
    client.on('error', reconnect);
    client.on('end', reconnect);
    client.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) onMessage(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch {
      reconnect();
      return;
    }
    if (closed) return void client.end().catch(() => {});
    listener = client;
    if (failures > 0) log.info('PostgreSQL LISTEN connection is back: changes from other nodes arrive again');
    failures = 0;
    if (!first) onResync();
  }

  return {
    name: 'postgres',
    get connected() {
      return listener !== undefined;
    },
    publish(payload) {
      pgNotify(store.db, CHANNEL, payload).catch(() => {
        // The database is unreachable: the change itself did not reach it either, or will be reloaded.
      });
    },
    async start(onMessage, onResync) {
      await within(connect(onMessage, onResync, true), 3000);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await listener?.end().catch(() => {});
      listener = undefined;
    },
  };
}
