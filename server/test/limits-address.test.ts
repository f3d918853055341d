import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressLimitKind, isCritical } from '../src/limits/address-limits.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

describe.skipIf(databaseUnavailable())(
  'global per-address limits (GLOBAL_API_RATE_LIMIT, GLOBAL_WEB_RATE_LIMIT)',
  () => {
    let t: TestServer;
    const now = Date.UTC(2026, 0, 1, 12, 1, 30);

    beforeAll(async () => {
      t = await startTestServer({
        TRUST_PROXY: 'true',
        GLOBAL_API_RATE_LIMIT_ENABLE: 'true',
        GLOBAL_API_RATE_LIMIT: '5',
        GLOBAL_API_RATE_LIMIT_DURATION: '180',
        GLOBAL_WEB_RATE_LIMIT_ENABLE: 'true',
        GLOBAL_WEB_RATE_LIMIT: '3',
        GLOBAL_WEB_RATE_LIMIT_DURATION: '60',
      });
      t.server.limits.useClock(() => now);
    });
    afterAll(async () => {
      await t?.close();
    });

    const get = (path: string, address: string, language = 'en') =>
      fetch(t.url + path, { headers: { 'x-forwarded-for': address, 'accept-language': language } });

    it('lets exactly 5 of 20 simultaneous console API calls from one address through, per forwarded address', async () => {
      const answers = await Promise.all(Array.from({ length: 20 }, () => get('/api/status', '203.0.113.7')));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
      const refused = answers.find((a) => a.status === 429)!;
      // Windows of 180 s from the epoch: 12:00:00–12:03:00, so 90 s are left at 12:01:30.
      expect(refused.headers.get('retry-after')).toBe('90');
      expect(await refused.json()).toEqual({
        success: false,
        message: 'too many requests, try again later',
      });
      const chinese = await get('/api/status', '203.0.113.7', 'zh-CN');
      expect(((await chinese.json()) as { message: string }).message).toBe('请求过于频繁，请稍后再试');
      // Another address has its own count; the relay is not under this limit.
      expect((await get('/api/status', '203.0.113.8')).status).toBe(200);
      expect((await get('/v1/models', '203.0.113.7')).status).toBe(401);
    });

    it('limits the console pages on their own count', async () => {
      const statuses = await Promise.all(
        Array.from({ length: 6 }, () => get('/console/any', '198.51.100.4')),
      );
      expect(statuses.filter((a) => a.status === 429)).toHaveLength(3);
    });
  },
);

describe.skipIf(databaseUnavailable())('the critical limit on payment calls', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({
      TRUST_PROXY: 'true',
      CRITICAL_RATE_LIMIT: '2',
      CRITICAL_RATE_LIMIT_DURATION: '1200',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets 2 redemption or payment calls from one address through, then answers 429', async () => {
    const post = (path: string) =>
      fetch(t.url + path, {
        method: 'POST',
        headers: { 'x-forwarded-for': '192.0.2.9', 'content-type': 'application/json' },
        body: '{}',
      });
    const statuses: number[] = [];
    for (const path of ['/api/user/topup', '/api/user/pay', '/api/user/topup', '/api/user/stripe/pay'])
      statuses.push((await post(path)).status);
    expect(statuses.slice(0, 2).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(2)).toEqual([429, 429]);
    // A price quote changes nothing: it stays open past the limit (as in new-api).
    for (const path of ['/api/user/amount', '/api/user/stripe/amount'])
      expect((await post(path)).status).not.toBe(429);
    // Other console calls are not under the critical limit.
    expect((await fetch(`${t.url}/api/status`, { headers: { 'x-forwarded-for': '192.0.2.9' } })).status).toBe(
      200,
    );
  });
});

it('sorts paths into the API, the pages, and the relay (which has its own limits)', () => {
  expect(addressLimitKind('/api/user/self')).toBe('api');
  expect(addressLimitKind('/dashboard/billing/usage')).toBe('api');
  expect(addressLimitKind('/v1/chat/completions')).toBeNull();
  expect(addressLimitKind('/v1beta/models/x:generateContent')).toBeNull();
  expect(addressLimitKind('/v1')).toBeNull();
  expect(addressLimitKind('/')).toBe('web');
  expect(addressLimitKind('/assets/index.js')).toBeNull();
  expect(addressLimitKind('/token')).toBe('web');
  expect(isCritical('POST', '/api/user/pay/')).toBe(true);
  expect(isCritical('POST', '/api/user/epay/notify')).toBe(false);
  expect(isCritical('POST', '/api/user/amount')).toBe(false);
  expect(isCritical('GET', '/api/user/topup')).toBe(false);
});
