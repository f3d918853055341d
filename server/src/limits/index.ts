import type { HealthLog, RedisConnection } from '../cache/redis-connection.ts';
import { ChannelSlots } from './channel-slots.ts';
import { LimitGate, type Admission, type CallOutcome, type GateCaller, LimitRefusal } from './gate.ts';
import type { LimitSettings } from './model-rate-limit.ts';
import type { AddressLimitSettings } from '../config.ts';
import { AddressLimits } from './address-limits.ts';
import { RefusalLog } from './refusal-log.ts';
import { SensitiveWords } from './sensitive-words.ts';
import type { Store } from '../store/db.ts';
import { LimitStores, type LimitsStatus } from './stores.ts';

export { LimitRefusal, type Admission, type CallOutcome, type GateCaller, type LimitsStatus };

/** Every limit of the relay and where it is counted (AppContext.limits). */
export interface Limits {
  gate: LimitGate;
  channels: ChannelSlots;
  sensitive: SensitiveWords;
  /** new-api's global per-address limits on the console API and pages. */
  addresses: AddressLimits;
  /** Refused calls, for the usage log. */
  refusals: RefusalLog;
  status(): LimitsStatus;
  /** Counts in this time from now on (tests: windows and budgets without waiting). */
  useClock(clock: () => number): void;
  close(): Promise<void>;
}

export function openLimits(
  store: Store,
  settings: LimitSettings,
  redis: RedisConnection | undefined,
  inCluster: boolean,
  log: HealthLog,
  addressLimits: AddressLimitSettings = { api: null, web: null, critical: null },
  clock: () => number = Date.now,
): Limits {
  const stores = new LimitStores(redis, inCluster, log);
  const gate = new LimitGate(settings, stores, log, clock);
  const channels = new ChannelSlots(stores, clock);
  const addresses = new AddressLimits(stores, addressLimits);
  const refusals = new RefusalLog(store, (error) =>
    log.warn(`refused calls could not be logged: ${String(error)}`),
  );
  return {
    gate,
    channels,
    sensitive: new SensitiveWords(settings),
    refusals,
    addresses,
    status: () => stores.status(),
    useClock(next) {
      gate.clock = next;
      channels.clock = next;
      addresses.clock = next;
    },
    async close() {
      gate.close();
      channels.stop();
      await refusals.flush();
    },
  };
}
