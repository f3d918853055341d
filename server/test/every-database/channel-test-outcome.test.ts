import { ChannelTestOutcome, type ChannelView } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upstreamError } from '../support/channel-bench.ts';
import { type ConsoleClient, signInAsRoot } from '../support/console-client.ts';
import { MockUpstream } from '../support/mock-upstream.ts';
import { seedChannel } from '../support/relay-seed.ts';
import { CHAT_ANSWER } from '../support/spawned-relay.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * A channel test's outcome is kept on the channel's row, beside its time: a failed test never
 * reads as a fast success, and a reload, a restart or another admin's console sees how it went.
 */
describe.skipIf(databaseUnavailable())('the outcome of a channel test', () => {
  let t: TestServer;
  let mock: MockUpstream;
  let root: ConsoleClient;

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    t = await startTestServer();
    root = await signInAsRoot(t.url);
  });
  afterAll(async () => {
    await t?.close();
    await mock?.stop();
  });

  const channel = async (id: number, language = 'en') =>
    (await root.get<ChannelView>(`/api/channel/${id}`, { 'accept-language': language })).body.data!;
  const testChannel = async (id: number) =>
    (await root.get(`/api/channel/test/${id}`)).body as { success: boolean; message: string };
  const seed = (name: string, baseUrl = `${mock.url}/${name}`) =>
    seedChannel(t, { name, baseUrl, models: ['gpt-4o-mini'], group: 'outcome' });

  it('records a failed test as failed, with why, and a later pass clears it', async () => {
    mock.reply('/flaky/v1/chat/completions', upstreamError(401, 'invalid api key'));
    const id = await seed('flaky');
    const untested = await channel(id);
    expect([untested.test_outcome, untested.test_error, untested.test_time]).toEqual([
      ChannelTestOutcome.Unknown,
      '',
      0,
    ]);

    const startedAt = Math.floor(Date.now() / 1000);
    expect((await testChannel(id)).success).toBe(false);
    const failed = await channel(id);
    expect(failed.test_outcome).toBe(ChannelTestOutcome.Failed);
    expect(failed.test_error).toContain('invalid api key');
    expect(failed.test_time).toBeGreaterThanOrEqual(startedAt);
    // The list the console shows says the same.
    const list = await root.get<ChannelView[]>('/api/channel/?p=0&page_size=100');
    expect(list.body.data!.find((row) => row.id === id)?.test_outcome).toBe(ChannelTestOutcome.Failed);

    mock.reply('/flaky/v1/chat/completions', { json: CHAT_ANSWER });
    expect((await testChannel(id)).success).toBe(true);
    const passed = await channel(id);
    expect([passed.test_outcome, passed.test_error]).toEqual([ChannelTestOutcome.Passed, '']);
  });

  it("says the gateway's own reason in the reader's language, and keeps it across a restart", async () => {
    // Nothing listens on port 9 of loopback: the connection is refused.
    const id = await seed('refused', 'http://127.0.0.1:9');
    const answer = await testChannel(id);
    expect(answer.success).toBe(false);
    const english = await channel(id);
    expect(english.test_outcome).toBe(ChannelTestOutcome.Failed);
    expect(english.test_error).toMatch(/^upstream connection failed: /);

    await t.restart();
    root = await signInAsRoot(t.url);
    const chinese = await channel(id, 'zh-CN');
    expect(chinese.test_outcome).toBe(ChannelTestOutcome.Failed);
    expect(chinese.test_error).toMatch(/^连接上游失败：/);
    expect(chinese.test_time).toBe(english.test_time);
  });

  it('a full edit of the channel neither sets nor clears the outcome', async () => {
    mock.reply('/edited/v1/chat/completions', upstreamError(500, 'overloaded'));
    const id = await seed('edited');
    await testChannel(id);
    const before = await channel(id);
    const saved = await root.put('/api/channel/', {
      ...before,
      name: 'edited again',
      test_outcome: ChannelTestOutcome.Passed,
      test_error: '',
    });
    expect(saved.body.success, saved.body.message).toBe(true);
    const after = await channel(id);
    expect([after.name, after.test_outcome, after.test_error]).toEqual([
      'edited again',
      ChannelTestOutcome.Failed,
      before.test_error,
    ]);
  });
});
