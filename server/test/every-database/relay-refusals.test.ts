import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleClient, signInAsRoot } from '../support/console-client.ts';
import { fixtureJson, fixturesAvailable } from '../support/fixtures.ts';
import { MockUpstream } from '../support/mock-upstream.ts';
import {
  consumeLogs,
  relayPost,
  type RelayAnswer,
  seedChannel,
  seedToken,
  seedUser,
  setRelayOption,
  waitFor,
} from '../support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

const CHAT = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };

/** The OpenAI error shape, exactly: {error:{message,type,param,code}} and nothing else. */
function expectOpenAIError(answer: RelayAnswer, status: number, code: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(Object.keys(answer.body ?? {})).toEqual(['error']);
  const error = answer.body!.error!;
  expect(Object.keys(error).sort()).toEqual(['code', 'message', 'param', 'type']);
  expect(error).toMatchObject({ code, param: null });
  expect(typeof error.type).toBe('string');
  expect(error.message.length).toBeGreaterThan(10);
}

describe.skipIf(databaseUnavailable() || !fixturesAvailable)(
  'relay refusals: keys, groups, quota, prices',
  () => {
    let t: TestServer;
    let mock: MockUpstream;
    let root: ConsoleClient;
    /** A lower-priority channel (0) beside the default one (10), both serving gpt-4o-mini to default. */
    let lowChannel: number;
    const text = () => fixtureJson('openai/chat/openai-text.json');

    beforeAll(async () => {
      mock = await new MockUpstream().start();
      // Behind a trusted proxy, X-Forwarded-For sets the caller's address: the allow-list can be tried with any.
      t = await startTestServer({ TRUST_PROXY: 'true' });
      root = await signInAsRoot(t.url);
      mock.reply('/high/v1/chat/completions', { json: text() });
      mock.reply('/low/v1/chat/completions', { json: text() });
      mock.reply('/vip/v1/chat/completions', { json: text() });
      mock.reply('/unpriced/v1/chat/completions', { json: text() });
      await seedChannel(t, { baseUrl: `${mock.url}/high`, models: ['gpt-4o-mini'], priority: 10 });
      lowChannel = await seedChannel(t, { baseUrl: `${mock.url}/low`, models: ['gpt-4o-mini'], priority: 0 });
      await seedChannel(t, { baseUrl: `${mock.url}/vip`, models: ['gpt-4o-mini'], group: 'vip' });
      await seedChannel(t, { baseUrl: `${mock.url}/unpriced`, models: ['house-model-x'] });
    });
    afterAll(async () => {
      await t?.close();
      await mock?.stop();
    });

    /** Every refusal happens before the upstream: nothing reaches the mock. */
    let upstreamBefore = 0;
    beforeAll(() => {
      upstreamBefore = mock.requests.length;
    });
    afterEach(() => {
      upstreamBefore = mock.requests.length;
    });
    const nothingSentUpstream = () => expect(mock.requests.length).toBe(upstreamBefore);
    /** Settlement runs in the background: waits for this many log rows of one token. */
    const tokenLogs = (tokenId: number, count: number) =>
      waitFor(
        async () => (await consumeLogs(t)).filter((row) => row.token_id === tokenId),
        (rows) => rows.length === count,
        `${count} log rows of token ${tokenId}`,
      );

    /**
     * Until this process's key cache holds what a settlement left: the cache is refreshed right
     * after the commit that a log row shows, so a test reading the log can be a moment ahead of it.
     */
    const cacheSees = (key: string, userId: number, settled: (token: number, wallet: number) => boolean) =>
      waitFor(
        async () => {
          const bare = key.replace(/^sk-/, '');
          const [token, user] = [await t.server.app.keys.token(bare), await t.server.app.keys.user(userId)];
          return { token: Number(token?.remain_quota), wallet: Number(user?.quota) };
        },
        ({ token, wallet }) => settled(token, wallet),
        'the key cache holding the settled balances',
      );

    describe('key checks', () => {
      it('answers 401 without a key or with an unknown one, also to the official client', async () => {
        expectOpenAIError(await relayPost(t, null, CHAT), 401, 'invalid_api_key');
        expectOpenAIError(await relayPost(t, 'sk-' + 'x'.repeat(48), CHAT), 401, 'invalid_api_key');
        expectOpenAIError(await relayPost(t, 'sk-', CHAT), 401, 'invalid_api_key');
        const client = new OpenAI({ apiKey: 'sk-unknown', baseURL: `${t.url}/v1`, maxRetries: 0 });
        const error = await client.chat.completions
          .create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
        expect((error as InstanceType<typeof OpenAI.APIError>).code).toBe('invalid_api_key');
        nothingSentUpstream();
      });

      it('refuses disabled, expired and exhausted tokens', async () => {
        const disabled = await seedToken(t, { status: 2 });
        expectOpenAIError(await relayPost(t, disabled.key, CHAT), 401, 'token_disabled');

        const pastExpiry = await seedToken(t, { expiredTime: Math.floor(Date.now() / 1000) - 60 });
        expectOpenAIError(await relayPost(t, pastExpiry.key, CHAT), 401, 'token_expired');
        const markedExpired = await seedToken(t, { status: 3 });
        expectOpenAIError(await relayPost(t, markedExpired.key, CHAT), 401, 'token_expired');

        const empty = await seedToken(t, { unlimited: false, remainQuota: 0 });
        expectOpenAIError(await relayPost(t, empty.key, CHAT), 401, 'token_quota_exhausted');
        const markedExhausted = await seedToken(t, { status: 4 });
        expectOpenAIError(await relayPost(t, markedExhausted.key, CHAT), 401, 'token_quota_exhausted');
        nothingSentUpstream();

        // A future expiry is fine.
        const later = await seedToken(t, { expiredTime: Math.floor(Date.now() / 1000) + 3600 });
        expect((await relayPost(t, later.key, CHAT)).status).toBe(200);
      });

      it('checks the caller address against the allow-list: single addresses and CIDR ranges, v4 and v6', async () => {
        const { key } = await seedToken(t, { allowIps: '10.1.2.3\n192.168.0.0/16\n2001:db8::/32' });
        const from = (ip: string) => relayPost(t, key, CHAT, { 'x-forwarded-for': ip });
        for (const ip of ['10.1.2.4', '172.16.0.1', '192.169.0.1', '2001:db9::1']) {
          expectOpenAIError(await from(ip), 403, 'ip_not_allowed');
        }
        // Without the header the caller is the loopback address, which is not listed either.
        expectOpenAIError(await relayPost(t, key, CHAT), 403, 'ip_not_allowed');
        nothingSentUpstream();
        for (const ip of ['10.1.2.3', '192.168.77.5', '2001:db8:1::9'])
          expect((await from(ip)).status).toBe(200);

        const commaList = await seedToken(t, { allowIps: '127.0.0.0/8, 10.0.0.1' });
        expect((await relayPost(t, commaList.key, CHAT)).status).toBe(200);

        // A malformed entry is skipped, never an internal error: the valid entries still decide.
        const sloppy = await seedToken(t, { allowIps: '10.0.0.0/33\n10.0.0.0/x\nnot-an-ip\n127.0.0.1' });
        expect((await relayPost(t, sloppy.key, CHAT)).status).toBe(200);
        upstreamBefore = mock.requests.length;
        const onlySloppy = await seedToken(t, { allowIps: '10.0.0.0/33\n2001:db8::/129' });
        expectOpenAIError(await relayPost(t, onlySloppy.key, CHAT), 403, 'ip_not_allowed');
        nothingSentUpstream();
      });

      it('refuses a disabled user', async () => {
        const userId = await seedUser(t, 10_000_000);
        await t.server.store.db.updateTable('users').set({ status: 2 }).where('id', '=', userId).execute();
        const { key } = await seedToken(t, { userId });
        expectOpenAIError(await relayPost(t, key, CHAT), 403, 'user_disabled');
        nothingSentUpstream();
      });

      it('routes in the token group when the user may use it, and refuses a group they may not', async () => {
        const userId = await seedUser(t, 10_000_000);
        const svip = await seedToken(t, { userId, group: 'svip' });
        expectOpenAIError(await relayPost(t, svip.key, CHAT), 403, 'group_not_allowed');
        const inherited = await seedToken(t, { userId, group: 'constructor' });
        expectOpenAIError(await relayPost(t, inherited.key, CHAT), 403, 'group_not_allowed');
        nothingSentUpstream();

        const vip = await seedToken(t, { userId, group: 'vip' });
        expect((await relayPost(t, vip.key, CHAT)).status).toBe(200);
        expect(mock.requests.at(-1)!.url).toBe('/vip/v1/chat/completions');
      });

      it('refuses a model outside the token model limits', async () => {
        const { key } = await seedToken(t, { modelLimits: ['gpt-4.1-nano'] });
        expectOpenAIError(await relayPost(t, key, CHAT), 403, 'model_not_allowed');
        nothingSentUpstream();
      });

      it('refuses when the user or the token cannot cover the reservation, changing no balance', async () => {
        const broke = await seedUser(t, 0);
        const brokeKey = await seedToken(t, { userId: broke });
        expectOpenAIError(await relayPost(t, brokeKey.key, CHAT), 403, 'insufficient_user_quota');

        // The reservation is at least PreConsumedQuota (500) tokens × 0.075 = 38: 10 cannot cover it.
        const poor = await seedUser(t, 10);
        const poorKey = await seedToken(t, { userId: poor });
        expectOpenAIError(await relayPost(t, poorKey.key, CHAT), 403, 'insufficient_user_quota');

        const rich = await seedUser(t, 1_000_000);
        const thin = await seedToken(t, { userId: rich, unlimited: false, remainQuota: 10 });
        expectOpenAIError(await relayPost(t, thin.key, CHAT), 403, 'pre_consume_token_quota_failed');
        nothingSentUpstream();

        const users = await t.server.store.db
          .selectFrom('users')
          .select(['id', 'quota'])
          .where('id', 'in', [broke, poor, rich])
          .orderBy('id')
          .execute();
        expect(users.map((u) => Number(u.quota))).toEqual([0, 10, 1_000_000]);
        const token = await t.server.store.db
          .selectFrom('tokens')
          .select('remain_quota')
          .where('id', '=', thin.id)
          .executeTakeFirstOrThrow();
        expect(Number(token.remain_quota)).toBe(10);
      });
      it('refuses the next call of a user whose wallet one huge answer has taken into debt', async () => {
        // One huge answer costs far more than its reservation: the overshoot stays as a debt.
        // The report is clamped to 10M completion tokens (3,000,000 quota here), still more than the wallet.
        const userId = await seedUser(t, 2_000_000);
        const { key, id: tokenId } = await seedToken(t, { userId });
        const huge = {
          ...text(),
          usage: { prompt_tokens: 1, completion_tokens: 20_000_000, total_tokens: 20_000_001 },
        };
        mock.reply('/high/v1/chat/completions', { json: huge });
        try {
          expect((await relayPost(t, key, CHAT)).status).toBe(200);
        } finally {
          mock.reply('/high/v1/chat/completions', { json: text() });
        }
        await tokenLogs(tokenId, 1);
        const drained = await t.server.store.db
          .selectFrom('users')
          .select('quota')
          .where('id', '=', userId)
          .executeTakeFirstOrThrow();
        expect(Number(drained.quota)).toBeLessThan(0);
        await cacheSees(key, userId, (_, wallet) => wallet < 0);
        upstreamBefore = mock.requests.length;

        expectOpenAIError(await relayPost(t, key, CHAT), 403, 'insufficient_user_quota');
        nothingSentUpstream();

        // The same for a limited token that one call overspends.
        const wealthy = await seedUser(t, 100_000_000);
        const limited = await seedToken(t, { userId: wealthy, unlimited: false, remainQuota: 2_000_000 });
        mock.reply('/high/v1/chat/completions', { json: huge });
        try {
          expect((await relayPost(t, limited.key, CHAT)).status).toBe(200);
        } finally {
          mock.reply('/high/v1/chat/completions', { json: text() });
        }
        await tokenLogs(limited.id, 1);
        await cacheSees(limited.key, wealthy, (token) => token <= 0);
        upstreamBefore = mock.requests.length;
        // Settlement refreshed the cached token, so the key check itself now sees it used up.
        expectOpenAIError(await relayPost(t, limited.key, CHAT), 401, 'token_quota_exhausted');
        nothingSentUpstream();
      });
    });

    describe('pinned channels (sk-<key>-<channel id>)', () => {
      it('refuses a pin from a common user', async () => {
        const userId = await seedUser(t, 10_000_000);
        const { key } = await seedToken(t, { userId });
        expectOpenAIError(await relayPost(t, `${key}-${lowChannel}`, CHAT), 403, 'channel_pin_not_allowed');
        nothingSentUpstream();
      });

      it("sends an admin's pinned call to that channel, and never retries it", async () => {
        const { key, id: tokenId } = await seedToken(t);
        const ok = await relayPost(t, `${key}-${lowChannel}`, CHAT);
        expect(ok.status).toBe(200);
        expect(mock.requests.at(-1)!.url).toBe('/low/v1/chat/completions');
        const [log] = await tokenLogs(tokenId, 1);
        expect(log!.channel_id).toBe(lowChannel);
        expect(JSON.parse(log!.other!).admin_info.use_channel).toEqual([lowChannel]);

        await setRelayOption(root, 'RetryTimes', '3');
        try {
          mock.reply('/low/v1/chat/completions', {
            status: 500,
            json: { error: { message: 'upstream exploded', type: 'server_error' } },
          });
          const lowBefore = mock.requestsTo('/low/v1/chat/completions').length;
          const highBefore = mock.requestsTo('/high/v1/chat/completions').length;
          const failed = await relayPost(t, `${key}-${lowChannel}`, CHAT);
          expectOpenAIError(failed, 502, 'upstream_error');
          expect(failed.body!.error!.message).toContain('upstream exploded');
          expect(mock.requestsTo('/low/v1/chat/completions').length).toBe(lowBefore + 1);
          expect(mock.requestsTo('/high/v1/chat/completions').length).toBe(highBefore);
        } finally {
          await setRelayOption(root, 'RetryTimes', '0');
          mock.reply('/low/v1/chat/completions', { json: text() });
        }
      });

      it('refuses a pin to a channel that does not exist or is disabled', async () => {
        const { key } = await seedToken(t);
        const disabled = await seedChannel(t, {
          baseUrl: `${mock.url}/low`,
          models: ['gpt-4o-mini'],
          status: 2,
        });
        expectOpenAIError(await relayPost(t, `${key}-${disabled}`, CHAT), 503, 'channel_not_available');
        expectOpenAIError(await relayPost(t, `${key}-999999`, CHAT), 503, 'channel_not_available');
        nothingSentUpstream();
      });
    });

    describe('prices and channels', () => {
      it('refuses a model without a price (400 model_price_error) unless self-use mode is on', async () => {
        const { key, id: tokenId } = await seedToken(t);
        const body = { ...CHAT, model: 'house-model-x' };
        expectOpenAIError(await relayPost(t, key, body), 400, 'model_price_error');
        nothingSentUpstream();

        await setRelayOption(root, 'SelfUseModeEnabled', 'true');
        try {
          const answer = await relayPost(t, key, body);
          expect(answer.status).toBe(200);
          expect(mock.requests.at(-1)!.url).toBe('/unpriced/v1/chat/completions');
        } finally {
          await setRelayOption(root, 'SelfUseModeEnabled', 'false');
        }
        const [log] = await tokenLogs(tokenId, 1);
        expect(log!.model_name).toBe('house-model-x');
        expect(JSON.parse(log!.other!).model_ratio).toBe(37.5);
        // Off again: refused again, at once.
        expectOpenAIError(await relayPost(t, key, body), 400, 'model_price_error');
      });

      it('names a model no channel offers as such, even when it has no price either', async () => {
        const { key } = await seedToken(t);
        const answer = await relayPost(t, key, { ...CHAT, model: 'no-such-model-anywhere' });
        expectOpenAIError(answer, 503, 'model_not_found');
        nothingSentUpstream();
      });

      it('answers 503 model_not_found when no channel serves a priced model', async () => {
        const { key } = await seedToken(t);
        expectOpenAIError(await relayPost(t, key, { ...CHAT, model: 'gpt-4o' }), 503, 'model_not_found');
        nothingSentUpstream();
      });
    });
  },
);
