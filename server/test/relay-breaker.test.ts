import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBench, upstreamError, type OpenBench } from './support/channel-bench.ts';
import type { ConsoleClient } from './support/console-client.ts';
import type { MockReply, MockUpstream } from './support/mock-upstream.ts';
import { relayPost, setRelayOption } from './support/relay-seed.ts';
import { databaseUnavailable, type TestServer } from './support/test-server.ts';
import { testClock } from './support/test-clock.ts';
import { until } from './support/wait.ts';

const CHAT = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };
const OK: MockReply = {
  json: {
    id: 'c1',
    object: 'chat.completion',
    model: 'gpt-4o-mini',
    choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  },
};

/**
 * The circuit breaker through real calls: a channel that fails on cue is opened after exactly
 * CircuitBreakerFailures failures, skipped without a call while open, probed once after its
 * cool-down (1 s here, waited for as a state, never slept), closed by a good probe and opened
 * again for twice as long by a bad one.
 */
describe.skipIf(databaseUnavailable())('circuit breaker', () => {
  let t: TestServer;
  let mock: MockUpstream;
  let root: ConsoleClient;
  let bench: OpenBench['bench'];
  let opened: OpenBench | undefined;

  // Cool-downs pass when the test moves this clock, never on their own while the test looks.
  const clock = testClock();
  const COOLDOWN_MS = 300_000;

  beforeAll(async () => {
    opened = await openBench({}, { clock: clock.now });
    ({ t, mock, root, bench } = opened);
    await setRelayOption(root, 'CircuitBreakerFailures', '3');
    await setRelayOption(root, 'CircuitBreakerCooldownSeconds', String(COOLDOWN_MS / 1000));
    await setRelayOption(root, 'RetryTimes', '1');
  });
  afterAll(() => opened?.close());

  const breakersOf = (channelId: number) => t.server.app.breakers.list(channelId);
  const halfOpen = (channelId: number) => {
    const breaker = breakersOf(channelId)[0]!;
    clock.advance(breaker.retryAt - clock.now());
    return until(() => breakersOf(channelId)[0]?.state === 'half_open', `channel ${channelId} half open`);
  };

  it('opens after exactly N failures, skips the channel, probes once and closes on success', async () => {
    const g = 'breaker-open';
    let failing = true;
    const a = await bench.channel('brk-a', g, { priority: 10 });
    mock.handler(bench.path('brk-a'), () => (failing ? upstreamError(500, 'a is down') : OK));
    await bench.channel('brk-b', g, {}, OK);
    const { key } = await bench.callerIn(g);

    for (let i = 1; i <= 3; i++) {
      expect((await relayPost(t, key, CHAT)).status).toBe(200);
      expect(bench.hits('brk-a')).toBe(i);
      expect(breakersOf(a)).toHaveLength(i === 3 ? 1 : 0);
    }
    expect(breakersOf(a)[0]).toMatchObject({ model: 'gpt-4o-mini', state: 'open', lastError: 'a is down' });
    // Open: the call goes straight to b, and the log row says a was skipped.
    expect((await relayPost(t, key, CHAT)).status).toBe(200);
    expect(bench.hits('brk-a')).toBe(3);
    const rows = await bench.waitLogs(g, 4);
    expect(JSON.parse(rows[3]!.other!).admin_info).toMatchObject({ breaker_skipped: [a] });

    failing = false;
    await halfOpen(a);
    expect((await relayPost(t, key, CHAT)).status).toBe(200);
    expect(bench.hits('brk-a')).toBe(4);
    expect(breakersOf(a)).toEqual([]);
    expect((await relayPost(t, key, CHAT)).status).toBe(200);
    expect(bench.hits('brk-a')).toBe(5);
  });

  it('reopens with a doubled cool-down when the probe fails, and answers 503 when every channel rests', async () => {
    const g = 'breaker-reopen';
    const a = await bench.channel('brk-only', g, {}, upstreamError(503, 'overloaded'));
    const { key } = await bench.callerIn(g);
    for (let i = 0; i < 3; i++) expect((await relayPost(t, key, CHAT)).status).toBe(503);
    const opened = breakersOf(a)[0]!;
    expect(opened.retryAt - opened.since).toBe(COOLDOWN_MS);

    const resting = await relayPost(t, key, CHAT);
    expect(resting.status).toBe(503);
    expect(resting.body!.error!.message).toContain('resting');
    expect(bench.hits('brk-only')).toBe(3);

    await halfOpen(a);
    expect((await relayPost(t, key, CHAT)).status).toBe(503);
    expect(bench.hits('brk-only')).toBe(4);
    const reopened = breakersOf(a)[0]!;
    expect(reopened.state).toBe('open');
    expect(reopened.retryAt - reopened.since).toBe(2 * COOLDOWN_MS);
  });

  it('counts neither the caller’s own 4xx nor other models against the channel', async () => {
    const g = 'breaker-4xx';
    const a = await bench.channel('brk-4xx', g, {}, upstreamError(400, 'bad request from the caller'));
    const { key } = await bench.callerIn(g);
    for (let i = 0; i < 4; i++) expect((await relayPost(t, key, CHAT)).status).toBe(400);
    expect(breakersOf(a)).toEqual([]);
    expect(bench.hits('brk-4xx')).toBe(4);
  });

  it('shows the open breaker in the channel list', async () => {
    const g = 'breaker-list';
    const a = await bench.channel('brk-list', g, {}, upstreamError(502, 'bad gateway'));
    const { key } = await bench.callerIn(g);
    for (let i = 0; i < 3; i++) await relayPost(t, key, CHAT);
    const answer = await root.get<{ breakers?: unknown }>(`/api/channel/${a}`);
    expect(answer.body.data?.breakers).toEqual([
      expect.objectContaining({ model: 'gpt-4o-mini', state: 'open', last_error: 'bad gateway' }),
    ]);
  });

  it('closes when an admin’s test of the channel and model passes', async () => {
    const g = 'breaker-tested';
    let failing = true;
    const a = await bench.channel('brk-tested', g);
    mock.handler(bench.path('brk-tested'), () => (failing ? upstreamError(500, 'down') : OK));
    const { key } = await bench.callerIn(g);
    for (let i = 0; i < 3; i++) await relayPost(t, key, CHAT);
    expect(breakersOf(a)).toHaveLength(1);
    failing = false;
    const tested = await root.get<unknown>(`/api/channel/test/${a}?model=gpt-4o-mini`);
    expect(tested.body.success).toBe(true);
    expect(breakersOf(a)).toEqual([]);
  });

  it('follows a channel’s own breaker settings over the site’s', async () => {
    const g = 'breaker-own';
    const a = await bench.channel('brk-own', g, {}, upstreamError(500, 'down'));
    await t.server.store.db
      .updateTable('channels')
      .set({
        setting: JSON.stringify({ circuit_breaker_failures: 1, circuit_breaker_cooldown_seconds: 120 }),
      })
      .where('id', '=', a)
      .execute();
    await t.server.channels.rebuild();
    const { key } = await bench.callerIn(g);
    expect((await relayPost(t, key, CHAT)).status).toBe(502);
    const [opened] = breakersOf(a);
    expect(opened).toMatchObject({ state: 'open' });
    expect(opened!.retryAt - opened!.since).toBe(120_000);
  });

  it('keeps its settings as site options with their defaults, refusing what makes no sense', async () => {
    const options = await root.get<Array<{ key: string; value: string }>>('/api/option/');
    const byKey = new Map((options.body.data ?? []).map((o) => [o.key, o.value]));
    expect(byKey.get('CircuitBreakerWindowSeconds')).toBe('60');
    expect(byKey.get('StreamFirstByteTimeoutSeconds')).toBe('20');
    expect(byKey.get('FirstByteTimeoutSeconds')).toBe('0');
    expect(JSON.parse(byKey.get('ModelFallbacks')!)).toEqual({});
    for (const [option, bad] of [
      ['CircuitBreakerFailures', '0'],
      ['CircuitBreakerCooldownSeconds', '601'],
      ['StreamFirstByteTimeoutSeconds', '-1'],
      ['ModelFallbacks', '{"gpt-4o": "gpt-4o-mini"}'],
      ['ModelFallbacks', 'not json'],
    ]) {
      const answer = await root.put<unknown>('/api/option/', { key: option, value: bad });
      expect(answer.status).toBe(200);
      expect(answer.body.success, `${option}=${bad}`).toBe(false);
    }
    expect(t.server.settings.number('CircuitBreakerFailures')).toBe(3);
  });
});
