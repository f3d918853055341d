import type { RedisConnection } from '../cache/redis-connection.ts';
import type {
  Adjustment,
  Admitted,
  ChargeResult,
  LeaseRequest,
  LimitStore,
  Release,
  WindowCharge,
} from './store.ts';

/** Keys outlive their window by this much, so a node with a slightly late clock still finds them. */
const KEEP_AFTER_END_MS = 5000;

/** KEYS[1]: counter. ARGV: delta, endsAt, now. Never leaves a counter at or below zero. */
const ADJUST = `
local ttl = tonumber(ARGV[2]) - tonumber(ARGV[3])
if ttl <= 0 then return 0 end
local value = redis.call('INCRBY', KEYS[1], ARGV[1])
if value <= 0 then redis.call('DEL', KEYS[1]) else redis.call('PEXPIRE', KEYS[1], ttl + ${KEEP_AFTER_END_MS}) end
return value`;

/** KEYS: sorted sets. ARGV: now, holder, then until per key. Only leases still held are extended. */
const RENEW = `
local now = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  local untilMs = tonumber(ARGV[i + 2])
  if redis.call('ZSCORE', key, ARGV[2]) then
    redis.call('ZADD', key, untilMs, ARGV[2])
    redis.call('PEXPIRE', key, math.max(1, untilMs - now + ${KEEP_AFTER_END_MS}))
  end
end
return 1`;

/**
 * A call's admission in one round trip: KEYS are its lease sets, then its counters. ARGV: now,
 * holder, the number of leases, then limit, until per lease, then amount, limit, endsAt per
 * counter. Answers {0} (all taken), {1, index} (that slot full) or {2, index, endsAt} (that
 * window refused); nothing is taken unless all is.
 */
const ADMIT = `
local now = tonumber(ARGV[1])
local leases = tonumber(ARGV[3])
for i = 1, leases do
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now)
  if redis.call('ZCARD', KEYS[i]) >= tonumber(ARGV[2 + i * 2]) then return {1, i - 1} end
end
local base = 3 + leases * 2
for i = leases + 1, #KEYS do
  local at = base + (i - leases - 1) * 3
  local limit = tonumber(ARGV[at + 2])
  if limit > 0 then
    local amount = math.max(tonumber(ARGV[at + 1]), 1)
    if tonumber(redis.call('GET', KEYS[i]) or '0') + amount > limit then return {2, i - leases - 1, ARGV[at + 3]} end
  end
end
for i = 1, leases do
  local untilMs = tonumber(ARGV[3 + i * 2])
  redis.call('ZADD', KEYS[i], untilMs, ARGV[2])
  redis.call('PEXPIRE', KEYS[i], math.max(1, untilMs - now + ${KEEP_AFTER_END_MS}))
end
for i = leases + 1, #KEYS do
  local at = base + (i - leases - 1) * 3
  local amount = tonumber(ARGV[at + 1])
  if amount ~= 0 then
    redis.call('INCRBY', KEYS[i], amount)
    redis.call('PEXPIRE', KEYS[i], math.max(1, tonumber(ARGV[at + 3]) - now + ${KEEP_AFTER_END_MS}))
  end
end
return {0}`;

/** Counters shared by every node on one Redis: each operation is one atomic script (acquire and charge are admissions of slots only, or windows only). */
export class RedisLimitStore implements LimitStore {
  readonly name = 'redis' as const;
  private readonly prefix: string;
  private readonly redis: RedisConnection;

  constructor(redis: RedisConnection) {
    this.redis = redis;
    this.prefix = `${redis.keyPrefix}limits:`;
  }

  get connected(): boolean {
    return this.redis.connected;
  }

  async charge(charges: WindowCharge[], now: number): Promise<ChargeResult> {
    const admitted = await this.admit([], charges, now);
    return 'refused' in admitted
      ? { ok: false, index: admitted.refused, endsAt: admitted.endsAt }
      : { ok: true };
  }

  async adjust(key: string, delta: number, endsAt: number, now: number): Promise<void> {
    if (delta === 0) return;
    await this.redis.client.eval(ADJUST, 1, this.prefix + key, delta, endsAt, now);
  }

  async read(keys: string[]): Promise<number[]> {
    if (keys.length === 0) return [];
    const values = await this.redis.client.mget(...keys.map((key) => this.prefix + key));
    return values.map((value) => Math.max(0, Number(value ?? 0)));
  }

  async acquire(leases: LeaseRequest[], now: number): Promise<number> {
    const admitted = await this.admit(leases, [], now);
    return 'full' in admitted ? admitted.full : -1;
  }

  async renew(leases: LeaseRequest[], now: number): Promise<void> {
    if (leases.length === 0) return;
    const keys = leases.map((l) => this.prefix + l.key);
    const holder = leases[0]!.holder;
    await this.redis.client.eval(RENEW, keys.length, ...keys, now, holder, ...leases.map((l) => l.until));
  }

  async admit(leases: LeaseRequest[], charges: WindowCharge[], now: number): Promise<Admitted> {
    if (leases.length === 0 && charges.length === 0) return { ok: true };
    const keys = [...leases.map((l) => this.prefix + l.key), ...charges.map((c) => this.prefix + c.key)];
    const args = [
      now,
      leases[0]?.holder ?? '',
      leases.length,
      ...leases.flatMap((l) => [l.limit, l.until]),
      ...charges.flatMap((c) => [c.amount, c.limit, c.endsAt]),
    ];
    const answer = (await this.redis.client.eval(ADMIT, keys.length, ...keys, ...args)) as [
      number,
      number?,
      string?,
    ];
    if (answer[0] === 1) return { full: answer[1]! };
    if (answer[0] === 2) return { refused: answer[1]!, endsAt: Number(answer[2]) };
    return { ok: true };
  }

  /** The slots given back and the windows adjusted in one write (a pipeline), not one each. */
  async finish(release: Release | undefined, adjustments: Adjustment[], now: number): Promise<void> {
    const changes = adjustments.filter((a) => a.delta !== 0);
    if (!release?.keys.length && changes.length === 0) return;
    const pipeline = this.redis.client.pipeline();
    for (const key of release?.keys ?? []) pipeline.zrem(this.prefix + key, release!.holder);
    for (const { key, delta, endsAt } of changes)
      pipeline.eval(ADJUST, 1, this.prefix + key, delta, endsAt, now);
    const results = (await pipeline.exec()) ?? [];
    const failed = results.find(([error]) => error);
    if (failed) throw failed[0];
  }

  async release(keys: string[], holder: string): Promise<void> {
    if (keys.length === 0) return;
    const pipeline = this.redis.client.pipeline();
    for (const key of keys) pipeline.zrem(this.prefix + key, holder);
    await pipeline.exec();
  }
}
