import type { NodeTransport } from './node-bus.ts';
import { within, type RedisConnection } from './redis-connection.ts';

/** Redis pub/sub on `<prefix>changes`: every node subscribes, every publish reaches all of them. */
export function redisTransport(redis: RedisConnection): NodeTransport {
  const channel = `${redis.keyPrefix}changes`;
  const subscriber = redis.subscriber();
  return {
    name: 'redis',
    get connected() {
      return redis.connected && subscriber.status === 'ready';
    },
    publish(payload) {
      redis.client.publish(channel, payload).catch(() => {
        // Redis is down: the loss is logged once by the connection; the periodic reload catches up.
      });
    },
    async start(onMessage, onResync) {
      subscriber.on('message', (from: string, message: string) => {
        if (from === channel) onMessage(message);
      });
      // The connection may have become ready already, while the node ran its migrations.
      let readyBefore = subscriber.status === 'ready';
      subscriber.on('ready', () => {
        // ioredis subscribes again by itself on every reconnection; events sent meanwhile are lost.
        if (readyBefore) onResync();
        readyBefore = true;
      });
      await within(subscriber.subscribe(channel), 3000);
    },
    async close() {
      subscriber.disconnect();
    },
  };
}
