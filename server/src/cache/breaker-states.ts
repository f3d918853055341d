import type { BreakerEvent } from './change-bus.ts';
import type { RedisConnection } from './redis-connection.ts';

/**
 * The open circuit breakers kept in Redis (a hash `<prefix>breakers`, field `channel:model`), so a
 * node that starts while a breaker is open knows it at once; the change bus carries every change
 * to the nodes already running. A close removes the field; a state left behind by nodes that all
 * stopped is probed once its cool-down has passed, like any other.
 */
export interface BreakerStates {
  save(event: BreakerEvent): void;
  load(): Promise<BreakerEvent[]>;
}

export function redisBreakerStates(redis: RedisConnection): BreakerStates {
  const key = `${redis.keyPrefix}breakers`;
  return {
    save(event) {
      const field = `${event.channel}:${event.model}`;
      const write = event.state?.open
        ? redis.client.hset(key, field, JSON.stringify(event))
        : redis.client.hdel(key, field);
      // Redis is down: this node and the bus still know; a node started meanwhile learns from failures.
      write.catch(() => {});
    },
    async load() {
      const all = await redis.client.hgetall(key).catch(() => ({}) as Record<string, string>);
      const events: BreakerEvent[] = [];
      for (const text of Object.values(all)) {
        try {
          const event = JSON.parse(text) as BreakerEvent;
          if (event.kind === 'breaker' && event.state) events.push(event);
        } catch {
          // Not ours: ignored.
        }
      }
      return events;
    },
  };
}
