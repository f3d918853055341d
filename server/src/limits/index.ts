import type { HealthLog, RedisConnection } from '../cache/redis-connection.ts';
import { ChannelSlots } from './channel-slots.ts';
import { LimitGate, type Admission, type CallOutcome, type GateCaller, LimitRefusal } from './gate.ts';
import type { LimitSettings } from './model-rate-limit.ts';
import { SensitiveWords } from './sensitive-words.ts';
import { LimitStores, type LimitsStatus } from './stores.ts';

export { LimitRefusal, type Admission, type CallOutcome, type GateCaller, type LimitsStatus };

/** Every limit of the relay and where it is counted (AppContext.limits). */
export interface Limits {
  gate: LimitGate;
  channels: ChannelSlots;
  sensitive: SensitiveWords;
  status(): LimitsStatus;
  /** Counts in this time from now on (tests: windows and budgets without waiting). */
  useClock(clock: () => number): void;
  close(): void;
}

export function openLimits(
  settings: LimitSettings,
  redis: RedisConnection | undefined,
  inCluster: boolean,
  log: HealthLog,
  clock: () => number = Date.now,
): Limits {
  const stores = new LimitStores(redis, inCluster, log);
  const gate = new LimitGate(settings, stores, log, clock);
  const channels = new ChannelSlots(stores, clock);
  return {
    gate,
    channels,
    sensitive: new SensitiveWords(settings),
    status: () => stores.status(),
    useClock(next) {
      gate.clock = next;
      channels.clock = next;
    },
    close() {
      gate.close();
      channels.stop();
    },
  };
}
