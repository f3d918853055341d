import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { channelBench, upstreamError } from './support/channel-bench.ts';
import { type ConsoleClient, signInAsRoot } from './support/console-client.ts';
import { fixtureJson, fixturesAvailable } from './support/fixtures.ts';
import { MockUpstream } from './support/mock-upstream.ts';
import { expectedQuota, relayPost, seedChannel, setRelayOption } from './support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

type TextFixture = { usage: { prompt_tokens: number; completion_tokens: number } };
const CHAT = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };

describe.skipIf(databaseUnavailable() || !fixturesAvailable)('relay routing and retries', () => {
  let t: TestServer;
  let mock: MockUpstream;
  let root: ConsoleClient;
  let bench: ReturnType<typeof channelBench>;

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    t = await startTestServer();
    bench = channelBench(t, mock);
    root = await signInAsRoot(t.url);
  });
  afterAll(async () => {
    await t?.close();
    await mock?.stop();
  });
  afterEach(async () => {
    await setRelayOption(root, 'RetryTimes', '0');
  });

  /** The channel names called since `from`, in order. */
  const calledSince = (from: number) => mock.requests.slice(from).map((r) => r.url.split('/')[1]);

  describe('selection', () => {
    it('uses only the enabled channels that serve both the group and the model', async () => {
      const g = 'sel';
      await bench.channel('sel-ok', g);
      await bench.channel('sel-other-group', 'sel-elsewhere', { priority: 10 });
      await bench.channel('sel-other-model', g, { priority: 10, models: ['gpt-4.1-nano'] });
      await bench.channel('sel-manual-off', g, { priority: 10, status: 2 });
      await bench.channel('sel-auto-off', g, { priority: 10, status: 3 });
      const { key } = await bench.callerIn(g);
      for (let i = 0; i < 10; i++) expect((await relayPost(t, key, CHAT)).status).toBe(200);
      expect(bench.hits('sel-ok')).toBe(10);
      for (const name of ['sel-other-group', 'sel-other-model', 'sel-manual-off', 'sel-auto-off'])
        expect(bench.hits(name)).toBe(0);
    });

    it('takes the highest priority tier first', async () => {
      const g = 'prio';
      await bench.channel('prio-low', g, { priority: -5, weight: 100 });
      await bench.channel('prio-high', g, { priority: 7 });
      await bench.channel('prio-mid', g, { priority: 3, weight: 100 });
      const { key } = await bench.callerIn(g);
      for (let i = 0; i < 10; i++) expect((await relayPost(t, key, CHAT)).status).toBe(200);
      expect([bench.hits('prio-high'), bench.hits('prio-mid'), bench.hits('prio-low')]).toEqual([10, 0, 0]);
    });

    it('never picks a weight-0 channel beside a weighted one in the same tier', async () => {
      const g = 'weight';
      await bench.channel('weight-zero', g, { weight: 0 });
      await bench.channel('weight-full', g, { weight: 100 });
      const { key } = await bench.callerIn(g);
      for (let i = 0; i < 30; i++) expect((await relayPost(t, key, CHAT)).status).toBe(200);
      expect(bench.hits('weight-zero')).toBe(0);
      expect(bench.hits('weight-full')).toBe(30);
    });

    it('spreads calls over a tier whose weights are all 0', async () => {
      const g = 'uniform';
      await bench.channel('uniform-a', g);
      await bench.channel('uniform-b', g);
      const { key } = await bench.callerIn(g);
      // Each gets at least one of 60 calls unless a 2 × 2^-60 chance comes up.
      for (let i = 0; i < 60; i++) expect((await relayPost(t, key, CHAT)).status).toBe(200);
      expect(bench.hits('uniform-a')).toBeGreaterThan(0);
      expect(bench.hits('uniform-b')).toBeGreaterThan(0);
      expect(bench.hits('uniform-a') + bench.hits('uniform-b')).toBe(60);
    });
  });

  describe('retries', () => {
    it('moves down a tier on each retryable failure and records the channels tried', async () => {
      const g = 'retry';
      const a = await bench.channel('retry-a', g, { priority: 10 }, upstreamError(500));
      const b = await bench.channel('retry-b', g, { priority: 5 }, upstreamError(429, 'rate limited'));
      const c = await bench.channel('retry-c', g, { priority: 0 });
      const { key } = await bench.callerIn(g);
      await setRelayOption(root, 'RetryTimes', '2');
      const from = mock.requests.length;
      expect((await relayPost(t, key, CHAT)).status).toBe(200);
      expect(calledSince(from)).toEqual(['retry-a', 'retry-b', 'retry-c']);
      const [log] = await bench.waitLogs(g, 1);
      expect(log!.channel_id).toBe(c);
      expect(JSON.parse(log!.other!).admin_info.use_channel).toEqual([a, b, c]);

      // One retry only: the call ends on the second channel's failure, with its status.
      await setRelayOption(root, 'RetryTimes', '1');
      const second = mock.requests.length;
      const answer = await relayPost(t, key, CHAT);
      expect(answer.status).toBe(429);
      expect(answer.body!.error!.message).toContain('rate limited');
      expect(calledSince(second)).toEqual(['retry-a', 'retry-b']);
    });

    it('does not retry at all with RetryTimes 0', async () => {
      const g = 'noretry';
      await bench.channel('noretry-a', g, { priority: 10 }, upstreamError(500));
      await bench.channel('noretry-b', g);
      const { key } = await bench.callerIn(g);
      expect((await relayPost(t, key, CHAT)).status).toBe(502);
      expect([bench.hits('noretry-a'), bench.hits('noretry-b')]).toEqual([1, 0]);
    });

    it('never tries a channel twice in one call, however many retries are allowed', async () => {
      const g = 'once';
      await bench.channel('once-a', g, { priority: 10 }, upstreamError(500));
      await bench.channel('once-b', g, { priority: 10 }, upstreamError(502));
      await bench.channel('once-c', g, { priority: 0 }, upstreamError(503, 'last one down'));
      const { key } = await bench.callerIn(g);
      await setRelayOption(root, 'RetryTimes', '6');
      const from = mock.requests.length;
      const answer = await relayPost(t, key, CHAT);
      expect(answer.status).toBeGreaterThanOrEqual(500);
      const order = calledSince(from);
      expect([...order].sort()).toEqual(['once-a', 'once-b', 'once-c']);
      // The first retry leaves the top tier even though it still has an untried channel.
      expect(order[1]).toBe('once-c');
      expect(await bench.logsIn(g)).toEqual([]);
    });

    it('does not retry a 400, a 504 or a 524', async () => {
      const g = 'final';
      const badRequest400 = fixtureJson('openai/chat/reasoning-model-legacy-parameter-error.json');
      await bench.channel('final-a', g, { priority: 9 }, { status: 400, json: badRequest400 });
      await bench.channel('final-b', g);
      const { key } = await bench.callerIn(g);
      await setRelayOption(root, 'RetryTimes', '3');
      const badRequest = await relayPost(t, key, CHAT);
      expect(badRequest.status).toBe(400);
      expect(badRequest.body!.error!.message).toContain("Unsupported parameter: 'max_tokens'");
      expect([bench.hits('final-a'), bench.hits('final-b')]).toEqual([1, 0]);

      mock.reply(bench.path('final-a'), upstreamError(504, 'gateway timeout upstream'));
      expect((await relayPost(t, key, CHAT)).status).toBe(504);
      expect([bench.hits('final-a'), bench.hits('final-b')]).toEqual([2, 0]);

      mock.reply(bench.path('final-a'), upstreamError(524, 'a timeout occurred'));
      expect((await relayPost(t, key, CHAT)).status).toBe(524);
      expect([bench.hits('final-a'), bench.hits('final-b')]).toEqual([3, 0]);
      expect(await bench.logsIn(g)).toEqual([]);
    });

    it('retries connection failures: a dropped socket and a refused connection', async () => {
      const g = 'conn';
      const dropped = await bench.channel('conn-drop', g, { priority: 10 }, { destroy: true });
      const dead = await new MockUpstream().start();
      const deadUrl = dead.url;
      await dead.stop();
      const refused = await seedChannel(t, {
        baseUrl: deadUrl,
        models: ['gpt-4o-mini'],
        group: g,
        priority: 5,
      });
      const good = await bench.channel('conn-ok', g, { priority: 0 });
      const { key } = await bench.callerIn(g);
      await setRelayOption(root, 'RetryTimes', '2');
      expect((await relayPost(t, key, CHAT)).status).toBe(200);
      expect([bench.hits('conn-drop'), bench.hits('conn-ok')]).toEqual([1, 1]);
      const [log] = await bench.waitLogs(g, 1);
      expect(JSON.parse(log!.other!).admin_info.use_channel).toEqual([dropped, refused, good]);
    });

    it('retries an answer that broke off mid-body (nothing reached the client), and charges the one that came', async () => {
      const g = 'broken';
      const answer = fixtureJson('openai/chat/openai-text.json');
      const broken = await bench.channel(
        'broken-a',
        g,
        { priority: 10 },
        { partialJson: answer, then: 'drop' },
      );
      const good = await bench.channel('broken-b', g, { priority: 0 });
      const { key } = await bench.callerIn(g);
      await setRelayOption(root, 'RetryTimes', '1');
      const response = await relayPost(t, key, CHAT);
      expect(response.status).toBe(200);
      expect((response.body as unknown as TextFixture).usage).toEqual(answer.usage);
      expect([bench.hits('broken-a'), bench.hits('broken-b')]).toEqual([1, 1]);
      const [log] = await bench.waitLogs(g, 1);
      expect(JSON.parse(log!.other!).admin_info.use_channel).toEqual([broken, good]);
      expect(await bench.logsIn(g)).toHaveLength(1);
    });

    it('refunds a call that fails on every channel in full, and logs nothing', async () => {
      const g = 'refund';
      const {
        userId,
        id: tokenId,
        key,
      } = await bench.callerIn(g, 1_000_000, {
        unlimited: false,
        remainQuota: 400_000,
      });
      const balances = async () => {
        const user = await t.server.store.db
          .selectFrom('users')
          .select(['quota', 'used_quota'])
          .where('id', '=', userId)
          .executeTakeFirstOrThrow();
        const token = await t.server.store.db
          .selectFrom('tokens')
          .select(['remain_quota', 'used_quota'])
          .where('id', '=', tokenId)
          .executeTakeFirstOrThrow();
        return [user.quota, user.used_quota, token.remain_quota, token.used_quota].map(Number);
      };
      // While the upstream is called the reservation is held: the refund below gives back something real.
      const during: number[][] = [];
      mock.handler(bench.path('refund-a'), async () => {
        during.push(await balances());
        return upstreamError(500);
      });
      await seedChannel(t, {
        baseUrl: `${mock.url}/refund-a`,
        models: ['gpt-4o-mini'],
        group: g,
        priority: 1,
      });
      await bench.channel('refund-b', g, { priority: 0 }, upstreamError(503));
      await setRelayOption(root, 'RetryTimes', '1');

      const before = await balances();
      expect(before).toEqual([1_000_000, 0, 400_000, 0]);
      expect((await relayPost(t, key, { ...CHAT, max_tokens: 2000 })).status).toBe(503);
      expect([bench.hits('refund-a'), bench.hits('refund-b')]).toEqual([1, 1]);
      expect(during[0]![0]).toBeLessThan(1_000_000);
      expect(during[0]![2]).toBeLessThan(400_000);
      expect(await balances()).toEqual(before);

      // A failure that is not retried is refunded as well.
      mock.reply(bench.path('refund-b'), upstreamError(400, 'bad request'));
      mock.handler(bench.path('refund-a'), () => upstreamError(400, 'bad request'));
      expect((await relayPost(t, key, CHAT)).status).toBe(400);
      expect(await balances()).toEqual(before);
      expect(await bench.logsIn(g)).toEqual([]);
    });
  });

  describe('model_mapping and status_code_mapping', () => {
    it('sends the mapped name (chains followed) but bills and logs the requested one', async () => {
      const g = 'mapped';
      await bench.channel('mapped-a', g, {
        modelMapping: { 'gpt-4o-mini': 'mini-alias', 'mini-alias': 'gpt-4.1-nano' },
      });
      const { key } = await bench.callerIn(g);
      expect((await relayPost(t, key, CHAT)).status).toBe(200);
      expect(mock.requestsTo(bench.path('mapped-a')).at(-1)!.json!.model).toBe('gpt-4.1-nano');
      const [log] = await bench.waitLogs(g, 1);
      const { usage } = fixtureJson<TextFixture>('openai/chat/openai-text.json');
      expect(log).toMatchObject({
        model_name: 'gpt-4o-mini',
        // gpt-4o-mini's ratios (0.075, ×4), not gpt-4.1-nano's (0.05, ×4).
        quota: expectedQuota(
          { prompt: usage.prompt_tokens, completion: usage.completion_tokens },
          { model: 0.075, completion: 4 },
        ),
      });
      expect(JSON.parse(log!.other!)).toMatchObject({
        is_model_mapped: true,
        upstream_model_name: 'gpt-4.1-nano',
        model_ratio: 0.075,
      });
    });

    it('records an unmapped call as not mapped', async () => {
      const g = 'unmapped';
      await bench.channel('unmapped-a', g, { modelMapping: { 'gpt-4o': 'gpt-4.1' } });
      const { key } = await bench.callerIn(g);
      expect((await relayPost(t, key, CHAT)).status).toBe(200);
      expect(mock.requestsTo(bench.path('unmapped-a')).at(-1)!.json!.model).toBe('gpt-4o-mini');
      const [log] = await bench.waitLogs(g, 1);
      expect(JSON.parse(log!.other!)).toMatchObject({
        is_model_mapped: false,
        upstream_model_name: 'gpt-4o-mini',
      });
    });

    it('refuses a mapping with a cycle without calling the upstream', async () => {
      const g = 'cycle';
      await bench.channel('cycle-a', g, {
        modelMapping: { 'gpt-4o-mini': 'loop-b', 'loop-b': 'gpt-4o-mini' },
      });
      const { key } = await bench.callerIn(g);
      const answer = await relayPost(t, key, CHAT);
      expect(answer.status).toBe(502);
      expect(answer.body!.error!.message).toMatch(/cycle/);
      expect(bench.hits('cycle-a')).toBe(0);
      expect(await bench.logsIn(g)).toEqual([]);
    });

    it('rewrites the status the client sees, and retries by the rewritten status', async () => {
      const g = 'statusmap';
      await bench.channel(
        'statusmap-a',
        g,
        { priority: 10, statusCodeMapping: { '429': '503' } },
        upstreamError(429),
      );
      const { key } = await bench.callerIn(g);
      expect((await relayPost(t, key, CHAT)).status).toBe(503);

      // 500 → 400: no longer retryable, so the lower tier is never reached.
      const h = 'statusmap2';
      await bench.channel(
        'statusmap2-a',
        h,
        { priority: 10, statusCodeMapping: { '500': '400' } },
        upstreamError(500),
      );
      await bench.channel('statusmap2-b', h, { priority: 0 });
      const other = await bench.callerIn(h);
      await setRelayOption(root, 'RetryTimes', '2');
      expect((await relayPost(t, other.key, CHAT)).status).toBe(400);
      expect([bench.hits('statusmap2-a'), bench.hits('statusmap2-b')]).toEqual([1, 0]);

      // A success is never rewritten.
      const s = 'statusmap3';
      await bench.channel('statusmap3-a', s, { statusCodeMapping: { '200': '500' } });
      const third = await bench.callerIn(s);
      expect((await relayPost(t, third.key, CHAT)).status).toBe(200);
    });
  });
});
