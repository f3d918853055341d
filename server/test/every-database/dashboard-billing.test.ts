import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsRoot, type ConsoleClient } from '../support/console-client.ts';
import { seedToken, seedUser, setRelayOption } from '../support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

/** OpenAI's legacy billing endpoints, called with an API key as chat clients do to show a balance. */
describe.skipIf(databaseUnavailable())('GET /dashboard/billing/* with an API key', () => {
  let t: TestServer;
  let root: ConsoleClient;
  let userId: number;

  const get = async (path: string, key?: string) => {
    const response = await fetch(t.url + path, key ? { headers: { authorization: `Bearer ${key}` } } : {});
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const usedQuota = (table: 'tokens' | 'users', id: number, used: number) =>
    t.server.store.db.updateTable(table).set({ used_quota: used }).where('id', '=', id).execute();

  beforeAll(async () => {
    t = await startTestServer();
    root = await signInAsRoot(t.url);
    userId = await seedUser(t, 4_000_000);
    await usedQuota('users', userId, 1_000_000);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers the key's token in dollars, under / and /v1, and charges nothing", async () => {
    const token = await seedToken(t, {
      userId,
      unlimited: false,
      remainQuota: 750_000,
      expiredTime: 4_000_000_000,
    });
    await usedQuota('tokens', token.id, 250_000);
    for (const prefix of ['', '/v1']) {
      const subscription = await get(`${prefix}/dashboard/billing/subscription`, token.key);
      expect(subscription).toEqual({
        status: 200,
        body: {
          object: 'billing_subscription',
          has_payment_method: true,
          soft_limit_usd: 2,
          hard_limit_usd: 2,
          system_hard_limit_usd: 2,
          access_until: 4_000_000_000,
        },
      });
      const usage = await get(`${prefix}/dashboard/billing/usage`, token.key);
      expect(usage).toEqual({ status: 200, body: { object: 'list', total_usage: 50 } });
    }
    const stored = await t.server.store.db
      .selectFrom('tokens')
      .selectAll()
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.remain_quota)).toBe(750_000);
    const user = await t.server.store.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(Number(user.quota)).toBe(4_000_000);
  });

  it('answers the user for an unlimited token, and when DisplayTokenStatEnabled is off', async () => {
    const unlimited = await seedToken(t, { userId, unlimited: true });
    const body = (await get('/v1/dashboard/billing/subscription', unlimited.key)).body;
    expect(body).toMatchObject({ hard_limit_usd: 10, access_until: 0 });
    expect((await get('/dashboard/billing/usage', unlimited.key)).body.total_usage).toBe(200);

    const limited = await seedToken(t, { userId, unlimited: false, remainQuota: 500_000 });
    await setRelayOption(root, 'DisplayTokenStatEnabled', 'false');
    try {
      expect((await get('/dashboard/billing/subscription', limited.key)).body.hard_limit_usd).toBe(10);
      await setRelayOption(root, 'DisplayInCurrencyEnabled', 'false');
      expect((await get('/dashboard/billing/subscription', limited.key)).body.hard_limit_usd).toBe(5_000_000);
      expect((await get('/dashboard/billing/usage', limited.key)).body.total_usage).toBe(100_000_000);
    } finally {
      await setRelayOption(root, 'DisplayTokenStatEnabled', 'true');
      await setRelayOption(root, 'DisplayInCurrencyEnabled', 'true');
    }
  });

  it('refuses a missing, unknown or disabled key in the OpenAI error shape', async () => {
    const disabled = await seedToken(t, { userId, status: 2 });
    for (const key of [undefined, 'sk-nosuchkey', disabled.key]) {
      for (const path of ['/dashboard/billing/subscription', '/v1/dashboard/billing/usage']) {
        const answer = await get(path, key);
        expect(answer.status).toBe(401);
        expect(answer.body).toMatchObject({
          error: { message: expect.any(String), type: expect.any(String) },
        });
      }
    }
  });
});
