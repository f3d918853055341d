import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisConnection } from '../src/cache/redis-connection.ts';
import type { LimitRefusal } from '../src/limits/gate.ts';
import { LimitGate, type GateCaller, type TokenLimits } from '../src/limits/gate.ts';
import { MemoryLimitStore } from '../src/limits/memory-store.ts';
import { RedisLimitStore } from '../src/limits/redis-store.ts';
import type { LimitStore } from '../src/limits/store.ts';
import { LimitStores } from '../src/limits/stores.ts';
import { budgetWindow } from '../src/limits/windows.ts';
import { SensitiveWords } from '../src/limits/sensitive-words.ts';
import { redisReachable, TEST_REDIS_URL } from './support/redis.ts';

const quiet = { warn() {}, info() {} };
const reachable = await redisReachable();
if (!reachable)
  console.warn(
    `\n*** Redis (${TEST_REDIS_URL}) is not reachable: the Redis limit store tests are SKIPPED ***\n`,
  );

const connections: RedisConnection[] = [];
afterAll(() => connections.forEach((c) => c.close()));

async function redisStore(): Promise<{ stores: LimitStores; store: LimitStore }> {
  const connection = new RedisConnection(TEST_REDIS_URL, `rgtest:limits:${randomUUID()}:`, quiet);
  connections.push(connection);
  expect(await connection.ready(5000)).toBe(true);
  return { stores: new LimitStores(connection, false, quiet), store: new RedisLimitStore(connection) };
}

function memoryStore(): { stores: LimitStores; store: LimitStore } {
  const stores = new LimitStores(undefined, false, quiet);
  return { stores, store: stores.local };
}

/** Options as the options cache answers them. */
function settings(values: Record<string, string | number | boolean | object>) {
  return {
    get: (key: string) => String(values[key] ?? ''),
    bool: (key: string) => values[key] === true,
    number: (key: string) => Number(values[key] ?? 0),
    json: <T>(key: string) => (values[key] ?? {}) as T,
  };
}

const caller = (limits: Partial<TokenLimits>, tokenId = 1): GateCaller => ({
  userId: 7,
  group: 'default',
  tokenId,
  limits: { rpm: 0, tpm: 0, concurrency: 0, periodQuota: 0, period: '', ...limits },
});

/** Admits every call at once; answers the admissions and the refusals. */
async function admitAll(gate: LimitGate, who: GateCaller, count: number, estimate = 0) {
  const results = await Promise.allSettled(Array.from({ length: count }, () => gate.admit(who, estimate)));
  const admitted = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as LimitRefusal] : []));
  return { admitted, refused };
}

/** Waits until the store shows `expected` for a counter (settlement is in the background). */
async function counterBecomes(store: LimitStore, key: string, now: number, expected: number) {
  for (let i = 0; i < 200; i++) {
    if ((await store.read([key], now))[0] === expected) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect((await store.read([key], now))[0]).toBe(expected);
}

for (const [label, open] of [
  ['in memory', async () => memoryStore()],
  ['in Redis', redisStore],
] as const) {
  describe.skipIf(label === 'in Redis' && !reachable)(`limits counted ${label}`, () => {
    it('lets exactly 10 of 100 simultaneous charges through a limit of 10', async () => {
      const { store } = await open();
      const now = Date.now();
      const results = await Promise.all(
        Array.from({ length: 100 }, () =>
          store.charge([{ key: 'k', amount: 1, limit: 10, endsAt: now + 60_000 }], now),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(10);
    });

    it('lets exactly 10 of 100 simultaneous calls hold a slot, and frees slots on release and on lease end', async () => {
      const { store } = await open();
      const now = Date.now();
      const lease = (i: number) => ({ key: 'c', limit: 10, holder: `h${i}`, until: now + 1000 });
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) => store.acquire([lease(i)], now)),
      );
      const held = results.flatMap((r, i) => (r === -1 ? [i] : []));
      expect(held).toHaveLength(10);
      expect(await store.acquire([lease(1000)], now)).toBe(0);
      await store.release(['c'], `h${held[0]}`);
      expect(await store.acquire([lease(1001)], now)).toBe(-1);
      // A holder that never released (a dead node): its lease runs out by itself.
      expect(await store.acquire([{ ...lease(1002), until: now + 5000 }], now + 1001)).toBe(-1);
    });

    it('admits a call all or nothing: a refused window takes no slot, and its end gives back and adjusts together', async () => {
      const { store } = await open();
      const now = Date.now();
      const lease = (holder: string) => ({ key: 'slot', limit: 2, holder, until: now + 60_000 });
      const window = (amount: number) => ({ key: 'win', amount, limit: 3, endsAt: now + 60_000 });
      expect(await store.admit([lease('a')], [window(2)], now)).toEqual({ ok: true });
      // The window would pass its limit: refused, and the slot it would have held stays free.
      expect(await store.admit([lease('b')], [window(2)], now)).toEqual({ refused: 0, endsAt: now + 60_000 });
      expect(await store.admit([lease('c')], [window(1)], now)).toEqual({ ok: true });
      expect(await store.admit([lease('d')], [window(0)], now)).toEqual({ full: 0 });
      expect(await store.read(['win'], now)).toEqual([3]);
      await store.finish(
        { keys: ['slot'], holder: 'a' },
        [{ key: 'win', delta: -2, endsAt: now + 60_000 }],
        now,
      );
      expect(await store.read(['win'], now)).toEqual([1]);
      expect(await store.admit([lease('e')], [window(1)], now)).toEqual({ ok: true });
    });

    it('resets a rate window at its end (time injected)', async () => {
      const { stores } = await open();
      let now = Date.UTC(2026, 0, 1, 0, 0, 30);
      const gate = new LimitGate(settings({}), stores, quiet, () => now);
      const who = caller({ rpm: 3 });
      expect((await admitAll(gate, who, 5)).admitted).toHaveLength(3);
      const refusal = (await admitAll(gate, who, 1)).refused[0]!;
      expect(refusal.code).toBe('key_rpm_limited');
      expect(refusal.retryAfterSeconds).toBe(30);
      now += 30_000;
      expect((await admitAll(gate, who, 5)).admitted).toHaveLength(3);
    });

    it('holds a daily budget until midnight and a monthly one until the 1st, with the real cost settled', async () => {
      const { stores, store } = await open();
      let now = new Date(2026, 4, 31, 23, 59, 0).getTime();
      const gate = new LimitGate(settings({}), stores, quiet, () => now);
      const daily = caller({ periodQuota: 1000, period: 'daily' }, 2);
      // Estimates are reserved: 3 × 400 does not fit 1000, so only two pass at once.
      const first = await admitAll(gate, daily, 3, 400);
      expect(first.admitted).toHaveLength(2);
      expect(first.refused[0]!.code).toBe('key_budget_exhausted');
      // They cost 450 each in the end: the budget is spent to 900, 100 is left.
      first.admitted.forEach((a) => a.finish({ success: true, cost: 450, tokens: 10 }));
      const key = `budget:2:${budgetWindow(now, 'daily').id}`;
      await counterBecomes(store, key, now, 900);
      expect((await admitAll(gate, daily, 1, 101)).refused).toHaveLength(1);
      const fits = await admitAll(gate, daily, 1, 100);
      expect(fits.admitted).toHaveLength(1);
      fits.admitted[0]!.finish({ success: false, cost: 0, tokens: 0 });
      await counterBecomes(store, key, now, 900);
      // Midnight: a new day, the whole budget again.
      now = new Date(2026, 5, 1, 0, 0, 0).getTime();
      expect((await admitAll(gate, daily, 3, 400)).admitted).toHaveLength(2);

      const monthly = caller({ periodQuota: 100, period: 'monthly' }, 3);
      now = new Date(2026, 5, 30, 12, 0, 0).getTime();
      (await admitAll(gate, monthly, 1, 100)).admitted[0]!.finish({ success: true, cost: 100, tokens: 1 });
      await counterBecomes(store, `budget:3:${budgetWindow(now, 'monthly').id}`, now, 100);
      const refused = (await admitAll(gate, monthly, 1, 1)).refused[0]!;
      expect(refused.retryAfterSeconds).toBe(12 * 3600);
      now = new Date(2026, 6, 1, 0, 0, 0).getTime();
      expect((await admitAll(gate, monthly, 1, 100)).admitted).toHaveLength(1);
    });

    it('counts tokens per minute from settled usage', async () => {
      const { stores } = await open();
      const now = Date.UTC(2026, 0, 1, 0, 0, 0);
      const gate = new LimitGate(settings({}), stores, quiet, () => now);
      const who = caller({ tpm: 1000 }, 4);
      const [call] = (await admitAll(gate, who, 1)).admitted;
      expect((await admitAll(gate, who, 1)).admitted).toHaveLength(1);
      call!.finish({ success: true, cost: 1, tokens: 1000 });
      let refused: LimitRefusal[] = [];
      for (let i = 0; i < 200 && refused.length === 0; i++) refused = (await admitAll(gate, who, 1)).refused;
      expect(refused[0]!.code).toBe('key_tpm_limited');
    });

    it("applies the model request rate limit per user, the group's override first, and gives back a failed call's success slot", async () => {
      const { stores } = await open();
      const now = Date.UTC(2026, 0, 1, 0, 0, 0);
      const options = {
        ModelRequestRateLimitEnabled: true,
        ModelRequestRateLimitDurationMinutes: 1,
        ModelRequestRateLimitCount: 0,
        ModelRequestRateLimitSuccessCount: 10,
        ModelRequestRateLimitGroup: { vip: [4, 2] },
      };
      const gate = new LimitGate(settings(options), stores, quiet, () => now);
      const { admitted, refused } = await admitAll(gate, caller({}), 100);
      expect(admitted).toHaveLength(10);
      expect(refused[0]!.code).toBe('model_request_rate_limited');
      admitted[0]!.finish({ success: false, cost: 0, tokens: 0 });
      let again: Awaited<ReturnType<typeof admitAll>> = { admitted: [], refused: [] };
      for (let i = 0; i < 200 && again.admitted.length === 0; i++)
        again = await admitAll(gate, caller({}), 1);
      expect(again.admitted).toHaveLength(1);

      // vip: at most 4 requests in all and 2 successful ones.
      const vip = { ...caller({}), userId: 8, group: 'vip' };
      const first = await admitAll(gate, vip, 10);
      expect(first.admitted).toHaveLength(2);
      first.admitted.forEach((a) => a.finish({ success: false, cost: 0, tokens: 0 }));
      let total = 2;
      for (let i = 0; i < 200 && total < 4; i++) total += (await admitAll(gate, vip, 1)).admitted.length;
      expect(total).toBe(4);
      expect((await admitAll(gate, vip, 5)).admitted).toHaveLength(0);
    });
  });
}

describe.skipIf(!reachable)('limits when Redis is lost', () => {
  it('count in this process instead, and report it', async () => {
    const warnings: string[] = [];
    const log = { warn: (m: string) => warnings.push(m), info() {} };
    const connection = new RedisConnection('redis://127.0.0.1:1', 'rgtest:', log);
    connections.push(connection);
    const stores = new LimitStores(connection, false, log);
    const gate = new LimitGate(settings({}), stores, log);
    expect((await admitAll(gate, caller({ rpm: 10 }), 100)).admitted).toHaveLength(10);
    expect(stores.status()).toEqual({ store: 'memory', degraded: true });
    expect(warnings.some((w) => w.includes('rate limits are counted per node'))).toBe(true);
  });
});

it('a store refuses a window that already ended to take anything', async () => {
  const store = new MemoryLimitStore();
  await store.adjust('k', 5, 1000, 2000);
  expect(await store.read(['k'], 2000)).toEqual([0]);
});

it('matches 10,000 sensitive words in one pass, built once per list', () => {
  const words = Array.from({ length: 10_000 }, (_, i) => `word${i}x`).join('\n');
  let text = words;
  const matcher = new SensitiveWords({ ...settings({}), get: () => text });
  expect(matcher.contains('nothing here but word12 and word99999')).toBe(false);
  expect(matcher.contains('see WORD9999X now')).toBe(true);
  text = 'other';
  expect(matcher.contains('see word9999x now')).toBe(false);
  expect(matcher.contains('an Other one')).toBe(true);
});
