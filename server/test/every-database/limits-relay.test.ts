import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsRoot, type ConsoleClient } from '../support/console-client.ts';
import { budgetWindow } from '../../src/limits/windows.ts';
import { contentIn } from '../../src/store/log-text.ts';
import { burst, chat, CHAT_ANSWER, setTokenLimits } from '../support/limits.ts';
import { MockUpstream } from '../support/mock-upstream.ts';
import { seedChannel, seedToken, setRelayOption, waitFor } from '../support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

describe.skipIf(databaseUnavailable())('relay limits on one process', () => {
  let t: TestServer;
  let mock: MockUpstream;
  let root: ConsoleClient;
  let now = Date.UTC(2026, 0, 1, 12, 0, 30);

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    t = await startTestServer();
    root = await signInAsRoot(t.url);
    // The middle of a minute: no burst below crosses into the next window.
    t.server.limits.useClock(() => now);
    mock.reply('/a/v1/chat/completions', { json: CHAT_ANSWER });
    mock.reply('/b/v1/chat/completions', { json: CHAT_ANSWER });
    await seedChannel(t, { baseUrl: `${mock.url}/a`, models: ['gpt-4o-mini'] });
  });
  afterAll(async () => {
    await t?.close();
    await mock?.stop();
  });

  async function tokenIdOf(key: string): Promise<number> {
    const row = await t.server.store.db
      .selectFrom('tokens')
      .select('id')
      .where('key', '=', key.slice(3))
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async function limitedKey(limits: Parameters<typeof setTokenLimits>[2]) {
    const token = await seedToken(t);
    await setTokenLimits(t.server.store, token.id, limits);
    return token.key;
  }

  it('lets exactly 10 of 100 simultaneous calls through a key limited to 10 per minute, the others get 429 with Retry-After', async () => {
    const key = await limitedKey({ rpm_limit: 10 });
    const answers = await Promise.all(Array.from({ length: 100 }, () => chat(t.url, key)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(90);
    expect(refused[0]!.retryAfter).toBe('30');
    expect(refused[0]!.body).toMatchObject({ error: { code: 'key_rpm_limited', param: null } });
    // The next minute: 10 more.
    now += 30_000;
    expect(await burst(20, () => chat(t.url, key))).toEqual({ 200: 10, 429: 10 });
    // Each refusal is in the usage log as an error row that says which limit refused it.
    const tokenId = await tokenIdOf(key);
    const rows = await waitFor(
      () =>
        t.server.store.db
          .selectFrom('logs')
          .selectAll()
          .where('type', '=', 5)
          .where('token_id', '=', tokenId)
          .execute(),
      (found) => found.length === 100,
      '100 refusals logged',
    );
    expect(rows[0]!.content).toBe('rate limit: this API key may make 10 requests per minute');
    // The same reason in the console's Chinese.
    expect(contentIn(rows[0]!, 'zh')).toBe('限流：此 API 密钥每分钟最多请求 10 次');
    expect(JSON.parse(rows[0]!.other ?? '{}')).toMatchObject({
      error_type: 'rate_limit',
      error_code: 'key_rpm_limited',
    });
  });

  it('answers a refusal in the Anthropic and Gemini shapes to those clients', async () => {
    const key = await limitedKey({ rpm_limit: 1 });
    const anthropicBody = {
      model: 'gpt-4o-mini',
      max_tokens: 10,
      messages: [{ role: 'user', content: 'hi' }],
    };
    const anthropicHeaders = { 'x-api-key': key, 'anthropic-version': '2023-06-01' };
    await chat(t.url, key, '/v1/messages', anthropicBody, anthropicHeaders);
    const anthropic = await chat(t.url, key, '/v1/messages', anthropicBody, anthropicHeaders);
    expect(anthropic.status).toBe(429);
    expect(anthropic.retryAfter).not.toBeNull();
    expect(anthropic.body).toMatchObject({ type: 'error', error: { type: 'rate_limit_error' } });
    const gemini = await chat(
      t.url,
      key,
      '/v1beta/models/gpt-4o-mini:generateContent',
      { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
      { 'x-goog-api-key': key },
    );
    expect(gemini.status).toBe(429);
    expect(gemini.body).toMatchObject({ error: { code: 429, status: 'RESOURCE_EXHAUSTED' } });
  });

  it('holds exactly 10 calls of a key limited to 10 at once in flight, and frees their slots when they end', async () => {
    const key = await limitedKey({ concurrency_limit: 10 });
    mock.holdAnswers();
    let answered = 0;
    const calls = Array.from({ length: 100 }, () => chat(t.url, key).finally(() => answered++));
    await waitFor(
      async () => answered,
      (n) => n === 90,
      '90 calls answered',
    );
    await waitFor(
      async () => mock.inFlight,
      (n) => n === 10,
      '10 calls upstream',
    );
    mock.releaseAnswers();
    const answers = await Promise.all(calls);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(90);
    expect(answers.find((a) => a.status === 429)!.body).toMatchObject({
      error: { code: 'key_concurrency_limited' },
    });
    // Slots are given back once the answers are out: the next 10 pass again.
    await waitFor(
      () => burst(10, () => chat(t.url, key)),
      (s) => s[200] === 10,
      'slots freed',
    );
  });

  it('frees the slot of a call the upstream failed', async () => {
    mock.reply('/broken/v1/chat/completions', { status: 500, json: { error: { message: 'boom' } } });
    await seedChannel(t, { baseUrl: `${mock.url}/broken`, models: ['gpt-4o'] });
    const key = await limitedKey({ concurrency_limit: 1 });
    const broken = { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] };
    for (let i = 0; i < 3; i++)
      expect((await chat(t.url, key, '/v1/chat/completions', broken)).status).toBe(502);
    expect((await chat(t.url, key)).status).toBe(200);
  });

  it('frees the slot of a call whose client hung up', async () => {
    const key = await limitedKey({ concurrency_limit: 1 });
    mock.holdAnswers();
    const abort = new AbortController();
    const hungUp = fetch(`${t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
      signal: abort.signal,
    }).catch(() => null);
    await waitFor(
      async () => mock.inFlight,
      (n) => n === 1,
      'the call upstream',
    );
    expect((await chat(t.url, key)).status).toBe(429);
    abort.abort();
    await hungUp;
    mock.releaseAnswers();
    await waitFor(
      async () => (await chat(t.url, key)).status,
      (s) => s === 200,
      'the slot back',
    );
  });

  it('spends a daily budget by the settled cost of each call and starts it again at midnight (time injected)', async () => {
    const { key, id } = await seedToken(t);
    await setTokenLimits(t.server.store, id, { period_quota: 1_000_000_000, quota_period: 'daily' });
    for (let i = 0; i < 3; i++) expect((await chat(t.url, key)).status).toBe(200);
    const logged = await waitFor(
      () =>
        t.server.store.db
          .selectFrom('logs')
          .select('quota')
          .where('type', '=', 2)
          .where('token_id', '=', id)
          .execute(),
      (rows) => rows.length === 3,
      'three settled calls',
    );
    const spent = logged.reduce((sum, row) => sum + Number(row.quota), 0);
    expect(spent).toBeGreaterThan(0);
    const counter = `budget:${id}:${budgetWindow(now, 'daily').id}`;
    await waitFor(
      () => t.server.limits.gate.stores.pick().read([counter], now),
      ([v]) => v === spent,
      'the budget spent',
    );
    // A budget of exactly what was spent is used up; the next day it is whole again.
    await setTokenLimits(t.server.store, id, { period_quota: spent });
    t.server.keys.invalidateToken(key.slice(3));
    const refused = await chat(t.url, key);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: { code: 'key_budget_exhausted' } });
    const saved = now;
    now = new Date(
      new Date(now).getFullYear(),
      new Date(now).getMonth(),
      new Date(now).getDate() + 1,
    ).getTime();
    try {
      expect((await chat(t.url, key)).status).toBe(200);
    } finally {
      now = saved;
    }
  });

  it('applies the model request rate limit per user over the configured window', async () => {
    const key = await limitedKey({});
    await setRelayOption(root, 'ModelRequestRateLimitSuccessCount', '5');
    await setRelayOption(root, 'ModelRequestRateLimitDurationMinutes', '1');
    await setRelayOption(root, 'ModelRequestRateLimitEnabled', 'true');
    try {
      const byStatus = await burst(30, () => chat(t.url, key));
      expect(byStatus).toEqual({ 200: 5, 429: 25 });
      const refused = await chat(t.url, key);
      expect(refused.body).toMatchObject({ error: { code: 'model_request_rate_limited' } });
    } finally {
      await setRelayOption(root, 'ModelRequestRateLimitEnabled', 'false');
    }
  });
});

describe.skipIf(databaseUnavailable())('sensitive words', () => {
  let t: TestServer;
  let mock: MockUpstream;
  let root: ConsoleClient;

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    t = await startTestServer();
    root = await signInAsRoot(t.url);
    mock.reply('/v1/chat/completions', { json: CHAT_ANSWER });
    await seedChannel(t, { baseUrl: mock.url, models: ['gpt-4o-mini'] });
  });
  afterAll(async () => {
    await t?.close();
    await mock?.stop();
  });

  const ask = (key: string, content: string) =>
    chat(t.url, key, '/v1/chat/completions', { model: 'gpt-4o-mini', messages: [{ role: 'user', content }] });

  it('refuses a prompt with a listed word (any case) naming no word, and follows a changed list at once', async () => {
    const { key } = await seedToken(t);
    await setRelayOption(root, 'SensitiveWords', 'Plutonium\n\n  forbidden phrase  \n');
    expect((await ask(key, 'how to enrich PLUTONIUM')).status).toBe(200);
    await setRelayOption(root, 'CheckSensitiveEnabled', 'true');
    const refused = await ask(key, 'how to enrich PLUTONIUM');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: 'sensitive_words_detected' } });
    expect(JSON.stringify(refused.body).toLowerCase()).not.toContain('plutonium');
    expect((await ask(key, 'a Forbidden Phrase here')).status).toBe(400);
    expect((await ask(key, 'a harmless question')).status).toBe(200);
    await setRelayOption(root, 'SensitiveWords', 'uranium');
    expect((await ask(key, 'how to enrich plutonium')).status).toBe(200);
    expect((await ask(key, 'and uranium?')).status).toBe(400);
    await setRelayOption(root, 'CheckSensitiveOnPromptEnabled', 'false');
    expect((await ask(key, 'and uranium?')).status).toBe(200);
  });
});

describe.skipIf(databaseUnavailable())('channel concurrency cap', () => {
  let t: TestServer;
  let mock: MockUpstream;

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    t = await startTestServer();
    mock.reply('/busy/v1/chat/completions', { json: CHAT_ANSWER });
    mock.reply('/next/v1/chat/completions', { json: CHAT_ANSWER });
    const busy = await seedChannel(t, { baseUrl: `${mock.url}/busy`, models: ['gpt-4o-mini'], priority: 10 });
    const next = await seedChannel(t, { baseUrl: `${mock.url}/next`, models: ['gpt-4o-mini'], priority: 0 });
    for (const [id, cap] of [
      [busy, 2],
      [next, 3],
    ] as const)
      await t.server.store.db
        .updateTable('channels')
        .set({ concurrency_limit: cap })
        .where('id', '=', id)
        .execute();
    await t.server.channels.rebuild();
  });
  afterAll(async () => {
    await t?.close();
    await mock?.stop();
  });

  it('moves traffic to the next channel while the first is full, and answers 429 when none is free', async () => {
    const { key } = await seedToken(t);
    mock.holdAnswers();
    let answered = 0;
    const calls = Array.from({ length: 20 }, () => chat(t.url, key).finally(() => answered++));
    // Every call has arrived once the 15 that find no free channel have been answered.
    await waitFor(
      async () => answered,
      (n) => n === 15,
      '15 calls answered',
    );
    await waitFor(
      async () => mock.inFlight,
      (n) => n === 5,
      '5 calls upstream',
    );
    expect(mock.requestsTo('/busy/v1/chat/completions')).toHaveLength(2);
    expect(mock.requestsTo('/next/v1/chat/completions')).toHaveLength(3);
    mock.releaseAnswers();
    const answers = await Promise.all(calls);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(15);
    expect(refused[0]!.body).toMatchObject({ error: { code: 'channels_busy' } });
    expect(refused[0]!.retryAfter).toBe('1');
  });
});
