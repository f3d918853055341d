import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { channelBench, upstreamError, upstreamOk } from '../support/channel-bench.ts';
import { type ConsoleClient, signInAsRoot } from '../support/console-client.ts';
import { fixturesAvailable } from '../support/fixtures.ts';
import { MockUpstream } from '../support/mock-upstream.ts';
import { channelRow, relayPost, seedChannel, setRelayOption, waitFor } from '../support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

const CHAT = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };
const badKey = () => upstreamError(401, 'Incorrect API key provided');

/** Options these tests change, with the defaults they go back to after each test. */
const DEFAULTS: Record<string, string> = {
  AutomaticDisableChannelEnabled: 'false',
  AutomaticEnableChannelEnabled: 'false',
  ChannelDisableThreshold: '5',
  RetryTimes: '0',
};

describe.skipIf(databaseUnavailable() || !fixturesAvailable)('channel auto-disable and auto-enable', () => {
  let t: TestServer;
  let mock: MockUpstream;
  let root: ConsoleClient;
  let bench: ReturnType<typeof channelBench>;
  let defaultKeywords: string;

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    t = await startTestServer();
    bench = channelBench(t, mock);
    root = await signInAsRoot(t.url);
    defaultKeywords = t.server.settings.get('AutomaticDisableKeywords');
  });
  afterAll(async () => {
    await t?.close();
    await mock?.stop();
  });
  afterEach(async () => {
    for (const [key, value] of Object.entries(DEFAULTS)) await setRelayOption(root, key, value);
    await setRelayOption(root, 'AutomaticDisableKeywords', defaultKeywords);
  });

  const otherInfo = async (id: number) =>
    JSON.parse((await channelRow(t, id)).other_info ?? '{}') as {
      status_reason?: string;
      status_time?: number;
    };
  const testChannel = async (id: number) =>
    (await root.get<unknown>(`/api/channel/test/${id}`)).body as {
      success: boolean;
      message: string;
      time: number;
      data: { time: number; model?: string };
    };

  describe('during relay calls', () => {
    it('disables a channel that answers 401, records why and when, and routes around it', async () => {
      const g = 'ban401';
      const bad = await bench.channel('ban401-a', g, { priority: 10 }, badKey());
      const good = await bench.channel('ban401-b', g, { priority: 0 });
      const { key } = await bench.callerIn(g);
      await setRelayOption(root, 'AutomaticDisableChannelEnabled', 'true');
      await setRelayOption(root, 'RetryTimes', '1');
      const startedAt = Math.floor(Date.now() / 1000);
      const first = await relayPost(t, key, CHAT);
      expect(first.status, JSON.stringify(first.body)).toBe(200);

      const row = await channelRow(t, bad);
      expect(row.status).toBe(3);
      const info = await otherInfo(bad);
      expect(info.status_reason).toContain('401');
      expect(info.status_reason).toContain('Incorrect API key provided');
      expect(info.status_time).toBeGreaterThanOrEqual(startedAt - 1);
      expect((await channelRow(t, good)).status).toBe(1);
      const logs = await bench.waitLogs(g, 1);
      expect(JSON.parse(logs[0]!.other!).admin_info.use_channel).toEqual([bad, good]);

      // At once, without retries: the disabled channel is no longer a candidate.
      await setRelayOption(root, 'RetryTimes', '0');
      for (let i = 0; i < 3; i++) expect((await relayPost(t, key, CHAT)).status).toBe(200);
      expect([bench.hits('ban401-a'), bench.hits('ban401-b')]).toEqual([1, 4]);
    });

    it('drops a channel another node already disabled at its first failure here', async () => {
      const g = 'stale';
      const bad = await bench.channel('stale-a', g, { priority: 10 }, badKey());
      await bench.channel('stale-b', g, { priority: 0 });
      const { key } = await bench.callerIn(g);
      await setRelayOption(root, 'AutomaticDisableChannelEnabled', 'true');
      // Another node disabled it: the row changed, but no change event reached this node's index.
      await t.server.store.db.updateTable('channels').set({ status: 3 }).where('id', '=', bad).execute();
      expect((await relayPost(t, key, CHAT)).status).not.toBe(200);
      expect(bench.hits('stale-a')).toBe(1);

      // That failure made this node reload its index: the channel is no longer a candidate.
      await waitFor(
        async () => (await relayPost(t, key, CHAT)).status,
        (status) => status === 200,
        'calls routed around the stale channel',
      );
      const staleHits = bench.hits('stale-a');
      for (let i = 0; i < 3; i++) expect((await relayPost(t, key, CHAT)).status).toBe(200);
      expect(bench.hits('stale-a')).toBe(staleHits);
      expect(bench.hits('stale-b')).toBeGreaterThanOrEqual(4);
    });

    it('disables on a message containing an AutomaticDisableKeywords entry, whatever its case', async () => {
      const g = 'keyword';
      const quota = await bench.channel(
        'keyword-a',
        g,
        {},
        upstreamError(429, 'YOU EXCEEDED YOUR CURRENT QUOTA, please check your plan and billing details.'),
      );
      const { key } = await bench.callerIn(g);
      await setRelayOption(root, 'AutomaticDisableChannelEnabled', 'true');
      expect((await relayPost(t, key, CHAT)).status).toBe(429);
      expect((await channelRow(t, quota)).status).toBe(3);
      expect((await otherInfo(quota)).status_reason).toContain('YOU EXCEEDED YOUR CURRENT QUOTA');
      // Now no channel is left for the group.
      expect((await relayPost(t, key, CHAT)).body!.error!.code).toBe('model_not_found');

      // The keyword list is an option: a custom entry works, and a 500 without one does not disable.
      await setRelayOption(root, 'AutomaticDisableKeywords', 'account suspended\nanother phrase');
      const h = 'keyword2';
      const suspended = await bench.channel(
        'keyword2-a',
        h,
        {},
        upstreamError(500, 'Your Account Suspended for abuse'),
      );
      const flaky = await bench.channel(
        'keyword2-b',
        'keyword3',
        {},
        upstreamError(500, 'You exceeded your current quota'),
      );
      expect((await relayPost(t, (await bench.callerIn(h)).key, CHAT)).status).toBe(502);
      expect((await relayPost(t, (await bench.callerIn('keyword3')).key, CHAT)).status).toBe(502);
      expect((await channelRow(t, suspended)).status).toBe(3);
      expect((await channelRow(t, flaky)).status).toBe(1);
    });

    it('never disables an auto_ban 0 channel, nor any channel while the option is off', async () => {
      const g = 'noban';
      const exempt = await bench.channel('noban-a', g, { autoBan: 0 }, badKey());
      const { key } = await bench.callerIn(g);
      await setRelayOption(root, 'AutomaticDisableChannelEnabled', 'true');
      expect((await relayPost(t, key, CHAT)).status).toBe(401);
      expect((await channelRow(t, exempt)).status).toBe(1);
      expect((await otherInfo(exempt)).status_reason).toBeUndefined();

      const h = 'optoff';
      const plain = await bench.channel('optoff-a', h, {}, badKey());
      await setRelayOption(root, 'AutomaticDisableChannelEnabled', 'false');
      expect((await relayPost(t, (await bench.callerIn(h)).key, CHAT)).status).toBe(401);
      expect((await channelRow(t, plain)).status).toBe(1);
    });
  });

  describe('channel tests', () => {
    it('passes through GET /api/channel/test/:id and disables on a failing test when enabled', async () => {
      const id = await bench.channel('test-ok', 'tests', {});
      const answer = await testChannel(id);
      expect(answer.success, answer.message).toBe(true);
      expect(bench.hits('test-ok')).toBe(1);
      expect(mock.requestsTo(bench.path('test-ok'))[0]!.json!.model).toBe('gpt-4o-mini');
      // The answer names the model tested (here the channel's first), for the console's message.
      expect(answer.data.model).toBe('gpt-4o-mini');

      const broken = await bench.channel('test-401', 'tests', {}, upstreamError(401, 'invalid api key'));
      const refused = await testChannel(broken);
      expect([refused.success, refused.data.model]).toEqual([false, 'gpt-4o-mini']);
      expect((await channelRow(t, broken)).status).toBe(1);
      await setRelayOption(root, 'AutomaticDisableChannelEnabled', 'true');
      expect((await testChannel(broken)).success).toBe(false);
      expect((await channelRow(t, broken)).status).toBe(3);
    });

    it('counts a test slower than ChannelDisableThreshold as a failure, and a passing test re-enables', async () => {
      let delayMs = 60;
      mock.handler(bench.path('slow'), async () => {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        return upstreamOk();
      });
      const slowChannel = { baseUrl: `${mock.url}/slow`, models: ['gpt-4o-mini'] };
      const id = await seedChannel(t, { ...slowChannel, group: 'slow' });
      const exempt = await seedChannel(t, { ...slowChannel, group: 'slow-exempt', autoBan: 0 });
      const { key } = await bench.callerIn('slow');
      await setRelayOption(root, 'AutomaticDisableChannelEnabled', 'true');
      await setRelayOption(root, 'ChannelDisableThreshold', '0.001');

      const slow = await t.server.app.channelTester.test(id);
      expect(slow.success).toBe(false);
      expect(slow.message).toMatch(/threshold/);
      expect((await channelRow(t, id)).status).toBe(3);
      expect((await otherInfo(id)).status_reason).toMatch(/threshold/);
      expect((await t.server.app.channelTester.test(exempt)).success).toBe(false);
      expect((await channelRow(t, exempt)).status).toBe(1);
      expect((await relayPost(t, key, CHAT)).body!.error!.code).toBe('model_not_found');

      // Passing again (no threshold), but auto-enable is off: it stays disabled.
      delayMs = 0;
      await setRelayOption(root, 'ChannelDisableThreshold', '0');
      expect((await testChannel(id)).success).toBe(true);
      expect((await channelRow(t, id)).status).toBe(3);

      await setRelayOption(root, 'AutomaticEnableChannelEnabled', 'true');
      expect((await testChannel(id)).success).toBe(true);
      expect((await channelRow(t, id)).status).toBe(1);
      // Routed to again, at once.
      const before = bench.hits('slow');
      for (let i = 0; i < 4; i++) expect((await relayPost(t, key, CHAT)).status).toBe(200);
      expect(bench.hits('slow')).toBe(before + 4);
    });

    it('never re-enables a channel an admin disabled, nor disables it further', async () => {
      const manual = await bench.channel('manual', 'manual', { status: 2 });
      await setRelayOption(root, 'AutomaticDisableChannelEnabled', 'true');
      await setRelayOption(root, 'AutomaticEnableChannelEnabled', 'true');
      expect((await testChannel(manual)).success).toBe(true);
      expect((await channelRow(t, manual)).status).toBe(2);

      mock.reply(bench.path('manual'), upstreamError(401, 'invalid api key'));
      expect((await testChannel(manual)).success).toBe(false);
      expect((await channelRow(t, manual)).status).toBe(2);
      expect((await otherInfo(manual)).status_reason).toBeUndefined();
    });
  });
});
