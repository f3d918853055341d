import type { Page, PayForm, TopUpView } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epaySign } from '../../src/api/topup/epay.ts';
import { stripeSignatureHeader } from '../../src/api/topup/stripe-signature.ts';
import { registerAndLogin, signInAsRoot, type ConsoleClient } from '../support/console-client.ts';
import { startMockStripe, topUpLogRows, walletOf, type MockStripe } from '../support/mock-payments.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

const EPAY_ID = '1001';
const EPAY_KEY = 'epay-merchant-key';
const WEBHOOK_SECRET = 'whsec_test_secret';
const QUOTA_PER_UNIT = 500_000;

describe.skipIf(databaseUnavailable())('online top-up', () => {
  let t: TestServer;
  let root: ConsoleClient;
  let user: ConsoleClient;
  let stripe: MockStripe;
  const db = () => t.server.store.db;

  async function setOption(key: string, value: string) {
    const answer = await root.put('/api/option/', { key, value });
    expect(answer.body.success, `${key}: ${answer.body.message}`).toBe(true);
  }
  const quotaOf = (userId: number) => walletOf(db(), userId);
  const topUpLogs = () => topUpLogRows(db());
  const order = (tradeNo: string) =>
    db().selectFrom('top_ups').selectAll().where('trade_no', '=', tradeNo).executeTakeFirstOrThrow();

  /** Starts an EPay order and answers the form the browser would post. */
  async function pay(amount: number, method = 'zfb'): Promise<PayForm> {
    const answer = await user.post<Record<string, string>>('/api/user/pay', {
      amount,
      top_up_code: '',
      payment_method: method,
    });
    expect(answer.body.success, answer.body.message).toBe(true);
    return { url: (answer.body as unknown as { url: string }).url, data: answer.body.data! };
  }
  /** What the EPay site sends back once paid, signed with `key`. */
  function notifyQuery(form: PayForm, overrides: Record<string, string> = {}, key = EPAY_KEY): string {
    const fields: Record<string, string> = {
      pid: EPAY_ID,
      trade_no: `EP${form.data.out_trade_no}`,
      out_trade_no: form.data.out_trade_no!,
      type: form.data.type!,
      name: form.data.name!,
      money: form.data.money!,
      trade_status: 'TRADE_SUCCESS',
      ...overrides,
    };
    return new URLSearchParams({ ...fields, sign: epaySign(fields, key), sign_type: 'MD5' }).toString();
  }
  const notify = async (query: string) => (await fetch(`${t.url}/api/user/epay/notify?${query}`)).text();
  /** The same notify as a POSTed form, as some EPay sites send it. */
  const notifyByPost = async (query: string) =>
    (
      await fetch(`${t.url}/api/user/epay/notify`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: query,
      })
    ).text();

  beforeAll(async () => {
    stripe = await startMockStripe();
    t = await startTestServer({ STRIPE_API_BASE: stripe.url });
    root = await signInAsRoot(t.url);
    user = await registerAndLogin(t.url, 'payer');
    await setOption('ServerAddress', 'http://gateway.test/');
    await setOption('PayAddress', 'http://127.0.0.1:9/epay');
    await setOption('EpayId', EPAY_ID);
    await setOption('EpayKey', EPAY_KEY);
    await setOption('Price', '7.3');
    await setOption('MinTopUp', '2');
    await setOption('TopupGroupRatio', JSON.stringify({ default: 1, vip: 0.8 }));
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it('prices amount × Price × the top-up ratio of the user group, and refuses less than the minimum', async () => {
    expect((await user.post('/api/user/amount', { amount: 10 })).body).toMatchObject({
      success: true,
      data: '73.00',
    });
    await db().updateTable('users').set({ group: 'vip' }).where('id', '=', user.userId!).execute();
    expect((await user.post('/api/user/amount', { amount: 10 })).body).toMatchObject({ data: '58.40' });
    await db().updateTable('users').set({ group: 'default' }).where('id', '=', user.userId!).execute();
    const low = await user.post('/api/user/amount', { amount: 1 });
    expect(low.body.success).toBe(false);
    expect(low.body.message).toMatch(/less than 2/);
    expect((await user.post('/api/user/amount', { amount: 'ten' })).body.success).toBe(false);
  });

  it('answers a signed EPay form with notify_url, and keeps the key out of GET /api/option/', async () => {
    const form = await pay(10, 'wx');
    expect(form.url).toBe('http://127.0.0.1:9/epay/submit.php');
    expect(form.data).toMatchObject({
      pid: EPAY_ID,
      type: 'wx',
      money: '73.00',
      notify_url: 'http://gateway.test/api/user/epay/notify',
      return_url: 'http://gateway.test/topup',
      sign_type: 'MD5',
    });
    expect(form.data.sign).toBe(epaySign(form.data, EPAY_KEY));
    expect(await order(form.data.out_trade_no!)).toMatchObject({ status: 'pending', user_id: user.userId });
    const refused = await user.post('/api/user/pay', { amount: 10, payment_method: 'bitcoin' });
    expect(refused.body.message).toMatch(/unsupported payment method/);

    const options = (await root.get<{ key: string }[]>('/api/option/')).body.data!.map((o) => o.key);
    expect(options).toContain('EpayId');
    expect(options).not.toContain('EpayKey');
    expect(options).not.toContain('StripeApiSecret');
    expect(options).not.toContain('StripeWebhookSecret');
  });

  it('credits exactly once when duplicate notifies arrive at the same time', async () => {
    const form = await pay(3);
    const before = await quotaOf(user.userId!);
    const logsBefore = (await topUpLogs()).length;
    const query = notifyQuery(form);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? notify(query) : notifyByPost(query))),
    );
    expect(new Set(answers)).toEqual(new Set(['success']));
    expect(await quotaOf(user.userId!)).toBe(before + 3 * QUOTA_PER_UNIT);
    expect((await topUpLogs()).length).toBe(logsBefore + 1);
    const paid = await order(form.data.out_trade_no!);
    expect(paid.status).toBe('success');
    expect(Number(paid.complete_time)).toBeGreaterThan(0);
    expect(await notify(query)).toBe('success');
    expect(await quotaOf(user.userId!)).toBe(before + 3 * QUOTA_PER_UNIT);
  });

  it('credits nothing for a forged signature, a tampered amount, an unknown order or another merchant', async () => {
    const form = await pay(5);
    const before = await quotaOf(user.userId!);
    const logsBefore = (await topUpLogs()).length;
    expect(await notify(notifyQuery(form, {}, 'guessed-key'))).toBe('fail');
    expect(await notify(notifyQuery(form, { money: '0.01' }))).toBe('fail');
    expect(await notify(notifyQuery(form, { out_trade_no: 'USR1NOnothing' }))).toBe('fail');
    expect(await notify(notifyQuery(form, { pid: '9999' }))).toBe('fail');
    expect(await notifyByPost(notifyQuery(form, { money: '0.01' }))).toBe('fail');
    const tampered = new URLSearchParams(notifyQuery(form));
    tampered.set('money', '500.00');
    expect(await notify(tampered.toString())).toBe('fail');
    expect(await notify('')).toBe('fail');
    expect(await quotaOf(user.userId!)).toBe(before);
    expect((await topUpLogs()).length).toBe(logsBefore);
    expect((await order(form.data.out_trade_no!)).status).toBe('pending');
  });

  it('answers bad input with a clear refusal, never a 500', async () => {
    const refusals: [string, string, unknown][] = [
      ['POST', '/api/user/topup', { key: 123 }],
      ['POST', '/api/user/topup', { key: 'x'.repeat(5000) }],
      ['POST', '/api/user/topup', '[1,2'],
      ['POST', '/api/user/amount', { amount: -5 }],
      ['POST', '/api/user/amount', { amount: 1e20 }],
      ['POST', '/api/user/amount', {}],
      ['POST', '/api/user/pay', { amount: 10, payment_method: { evil: true } }],
      ['POST', '/api/user/stripe/amount', { amount: 'NaN' }],
      ['PUT', '/api/redemption/', { id: 'abc' }],
      ['POST', '/api/redemption/', { quota: '1e400', count: '5' }],
      ['DELETE', '/api/redemption/-1', undefined],
      ['POST', '/api/user/topup/complete', { trade_no: '' }],
    ];
    for (const [method, path, body] of refusals) {
      const client = path.startsWith('/api/redemption') || path.endsWith('/complete') ? root : user;
      const answer = await client.request(method, path, body);
      expect(answer.status, `${method} ${path}`).toBeLessThan(500);
      expect(answer.body.success, `${method} ${path}`).toBe(false);
      expect(answer.body.message.length, `${method} ${path}`).toBeGreaterThan(0);
    }
    const webhook = await fetch(`${t.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(webhook.status).toBeLessThan(500);
    expect(webhook.status).toBeGreaterThanOrEqual(400);
  });

  describe('Stripe', () => {
    async function stripePay(amount: number): Promise<string> {
      const answer = await user.post<{ pay_link: string; trade_no: string }>('/api/user/stripe/pay', {
        amount,
        payment_method: 'stripe',
      });
      expect(answer.body.success, answer.body.message).toBe(true);
      expect(answer.body.data!.pay_link).toMatch(/^https:\/\/checkout\.test\//);
      return answer.body.data!.trade_no;
    }
    function completedEvent(tradeNo: string, id = `evt_${tradeNo}`) {
      return JSON.stringify({
        id,
        type: 'checkout.session.completed',
        data: { object: { client_reference_id: tradeNo, payment_status: 'paid' } },
      });
    }
    async function webhook(payload: string, signature: string) {
      const response = await fetch(`${t.url}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      return response.status;
    }
    const now = () => Math.floor(Date.now() / 1000);

    beforeAll(async () => {
      await setOption('StripeApiSecret', 'sk_test_123');
      await setOption('StripeWebhookSecret', WEBHOOK_SECRET);
      await setOption('StripePriceId', 'price_123');
      await setOption('StripeUnitPrice', '8');
    });

    it('creates a Checkout session through the configured API with the order as its reference', async () => {
      const tradeNo = await stripePay(4);
      const session = stripe.sessions.at(-1)!;
      expect(session.authorization).toBe('Bearer sk_test_123');
      expect(session.form.get('client_reference_id')).toBe(tradeNo);
      expect(session.form.get('line_items[0][price]')).toBe('price_123');
      expect(session.form.get('line_items[0][quantity]')).toBe('4');
      expect(await order(tradeNo)).toMatchObject({ status: 'pending', payment_method: 'stripe', money: 32 });
    });

    it('credits once for a valid signature, refuses an invalid one, and a replay credits nothing', async () => {
      const tradeNo = await stripePay(2);
      const payload = completedEvent(tradeNo);
      const before = await quotaOf(user.userId!);

      expect(await webhook(payload, stripeSignatureHeader(payload, 'whsec_wrong', now()))).toBe(400);
      expect(await webhook(payload, 'garbage')).toBe(400);
      expect(
        await webhook(payload.replace('paid', 'PAID'), stripeSignatureHeader(payload, WEBHOOK_SECRET, now())),
      ).toBe(400);
      expect(await quotaOf(user.userId!)).toBe(before);

      const signature = stripeSignatureHeader(payload, WEBHOOK_SECRET, now());
      expect(await webhook(payload, signature)).toBe(200);
      expect(await quotaOf(user.userId!)).toBe(before + 2 * QUOTA_PER_UNIT);
      expect((await order(tradeNo)).status).toBe('success');

      // The same delivery again, and an old capture replayed, change nothing.
      expect(await webhook(payload, signature)).toBe(200);
      const stale = await stripePay(2);
      const stalePayload = completedEvent(stale);
      expect(
        await webhook(stalePayload, stripeSignatureHeader(stalePayload, WEBHOOK_SECRET, now() - 3600)),
      ).toBe(400);
      expect(await quotaOf(user.userId!)).toBe(before + 2 * QUOTA_PER_UNIT);
      expect((await order(stale)).status).toBe('pending');
    });
  });

  it('lists my own orders paged, everyone’s for admins, and lets an admin complete a pending one once', async () => {
    const form = await pay(2);
    const tradeNo = form.data.out_trade_no!;
    const mine = await user.get<Page<TopUpView>>('/api/user/topup/self?p=1&page_size=2');
    expect(mine.body.data).toMatchObject({ page: 1, page_size: 2 });
    expect(mine.body.data!.total).toBeGreaterThanOrEqual(5);
    expect(mine.body.data!.items[0]).toMatchObject({ trade_no: tradeNo, status: 'pending', amount: 2 });
    expect((await user.get('/api/user/topup')).body.message).toMatch(/permission/);
    const all = await root.get<Page<TopUpView>>(`/api/user/topup?keyword=${tradeNo}`);
    expect(all.body.data!.items.map((o) => o.trade_no)).toEqual([tradeNo]);

    const before = await quotaOf(user.userId!);
    expect((await user.post('/api/user/topup/complete', { trade_no: tradeNo })).body.success).toBe(false);
    const done = await Promise.all(
      [1, 2, 3].map(() => root.post('/api/user/topup/complete', { trade_no: tradeNo })),
    );
    expect(done.filter((a) => a.body.success)).toHaveLength(1);
    expect(await quotaOf(user.userId!)).toBe(before + 2 * QUOTA_PER_UNIT);
    const adminLog = await db()
      .selectFrom('logs')
      .selectAll()
      .where('type', '=', 3)
      .where('content', 'like', `%${tradeNo}%`)
      .execute();
    expect(adminLog).toHaveLength(1);
    expect(await notify(notifyQuery(form))).toBe('success');
    expect(await quotaOf(user.userId!)).toBe(before + 2 * QUOTA_PER_UNIT);
  });
});
