import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureChunks, fixtureJson, fixturesAvailable } from '../support/fixtures.ts';
import { MockUpstream } from '../support/mock-upstream.ts';
import {
  consumeLogs,
  expectedQuota,
  seedChannel,
  seedToken,
  seedUser,
  waitFor,
} from '../support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

const RATIOS = { model: 0.05, completion: 4 }; // gpt-4.1-nano's defaults

/** Waits for `count` log rows of this user (settlement runs in the background). */
function logsOf(t: TestServer, userId: number, count: number, what: string) {
  return waitFor(
    async () => (await consumeLogs(t)).filter((row) => row.user_id === userId),
    (rows) => rows.length === count,
    what,
  );
}

async function userRow(t: TestServer, id: number) {
  return t.server.store.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function chat(t: TestServer, key: string, stream = false, signal?: AbortSignal) {
  return fetch(`${t.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4.1-nano', messages: [{ role: 'user', content: 'hello' }], stream }),
    signal,
  });
}

describe.skipIf(databaseUnavailable() || !fixturesAvailable)('billing under concurrency and faults', () => {
  let t: TestServer;
  let mock: MockUpstream;

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    t = await startTestServer({ STREAMING_TIMEOUT: '1' });
    await seedChannel(t, { baseUrl: mock.url, models: ['gpt-4.1-nano'] });
  });
  afterAll(async () => {
    await t?.close();
    await mock?.stop();
  });

  it('a burst of concurrent calls against a small balance overdraws by no more than what answered calls cost beyond their reservations, and the logs add up to what was spent', async () => {
    mock.reply('/v1/chat/completions', { json: fixtureJson('openai/chat/openai-text.json') });
    const initial = 500;
    const userId = await seedUser(t, initial);
    const { key } = await seedToken(t, { userId });
    const responses = await Promise.all(Array.from({ length: 40 }, () => chat(t, key)));
    const ok = responses.filter((r) => r.status === 200).length;
    const refused = responses.filter((r) => r.status === 403);
    expect(ok + refused.length).toBe(40);
    expect(ok).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused)
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe('insufficient_user_quota');

    const logs = await logsOf(t, userId, ok, `${ok} log rows`);
    const user = await userRow(t, userId);
    const spent = logs.reduce((sum, row) => sum + Number(row.quota), 0);
    expect(spent).toBe(initial - Number(user.quota));
    expect(Number(user.used_quota)).toBe(spent);
    expect(Number(user.request_count)).toBe(ok);
    const perCall = expectedQuota({ prompt: 16, completion: 363 }, RATIOS);
    for (const row of logs) expect(Number(row.quota)).toBe(perCall);
    // Each call reserved its estimate (at most the wallet), then cost more: what is left is a debt
    // of at most that overshoot per answered call, never written off.
    expect(Number(user.quota)).toBeLessThan(perCall);
    expect(Number(user.quota)).toBeGreaterThanOrEqual(-ok * perCall);
    expect(ok * perCall).toBeGreaterThan(initial);
    expect((await chat(t, key)).status).toBe(403);
  });

  it('a limited token is debited exactly what its calls were charged', async () => {
    mock.reply('/v1/chat/completions', { json: fixtureJson('openai/chat/openai-text.json') });
    const userId = await seedUser(t, 1_000_000);
    const { key, id } = await seedToken(t, { userId, unlimited: false, remainQuota: 10_000 });
    const responses = await Promise.all(Array.from({ length: 10 }, () => chat(t, key)));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    const logs = await waitFor(
      async () => (await consumeLogs(t)).filter((row) => row.token_id === id),
      (rows) => rows.length === 10,
      '10 log rows',
    );
    const spent = logs.reduce((sum, row) => sum + Number(row.quota), 0);
    expect(spent).toBe(10 * expectedQuota({ prompt: 16, completion: 363 }, RATIOS));
    const token = await t.server.store.db
      .selectFrom('tokens')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(token.remain_quota)).toBe(10_000 - spent);
    expect(Number(token.used_quota)).toBe(spent);
    expect(Number((await userRow(t, userId)).quota)).toBe(1_000_000 - spent);
  });

  it('refunds the reservation in full when every channel fails, and logs no consumption', async () => {
    mock.reply('/v1/chat/completions', {
      status: 500,
      json: { error: { message: 'upstream exploded', type: 'server_error' } },
    });
    const userId = await seedUser(t, 100_000);
    const { key } = await seedToken(t, { userId });
    const response = await chat(t, key);
    expect(response.status).toBe(502);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/upstream exploded \(request id: /);
    expect(Number((await userRow(t, userId)).quota)).toBe(100_000);
    expect((await consumeLogs(t)).filter((row) => row.user_id === userId)).toHaveLength(0);
  });

  it('a client that disconnects mid-stream aborts the upstream and pays for what was produced', async () => {
    const chunks = fixtureChunks('openai/chat/openai-text.chunks.txt');
    mock.reply('/v1/chat/completions', { sse: chunks, gapMs: 5, stallAfter: 40 });
    const userId = await seedUser(t, 100_000);
    const { key } = await seedToken(t, { userId });
    const controller = new AbortController();
    const response = await chat(t, key, true, controller.signal);
    const reader = response.body!.getReader();
    let received = '';
    while (!received.includes('"content":" Name"'))
      received += new TextDecoder().decode((await reader.read()).value);
    const abortedBefore = mock.abortedStreams;
    controller.abort();

    const [log] = await logsOf(t, userId, 1, 'the log row of the cut stream');
    await waitFor(
      async () => mock.abortedStreams,
      (n) => n > abortedBefore,
      'the upstream stream to be closed',
    );
    const other = JSON.parse(log!.other!) as { local_count: boolean };
    expect(other.local_count).toBe(true);
    expect(log!.completion_tokens).toBeGreaterThan(0);
    expect(log!.completion_tokens).toBeLessThan(300);
    expect(Number(log!.quota)).toBe(
      expectedQuota({ prompt: log!.prompt_tokens, completion: log!.completion_tokens }, RATIOS),
    );
    expect(Number((await userRow(t, userId)).quota)).toBe(100_000 - Number(log!.quota));
  });

  it('an upstream that drops mid-stream gives the client an error event, no [DONE], and bills what was produced', async () => {
    const chunks = fixtureChunks('openai/chat/openai-text.chunks.txt').slice(0, 10);
    mock.reply('/v1/chat/completions', { sseThenDrop: chunks });
    const userId = await seedUser(t, 100_000);
    const { key } = await seedToken(t, { userId });
    const text = await (await chat(t, key, true)).text();
    expect(text).toContain('"type":"upstream_error"');
    expect(text).not.toContain('[DONE]');
    const [log] = await logsOf(t, userId, 1, 'the log row');
    expect(log!.completion_tokens).toBeGreaterThan(0);
    expect(Number(log!.quota)).toBeGreaterThan(0);
  });

  it('ends a stalled stream after STREAMING_TIMEOUT with an error event, billing what came before', async () => {
    mock.reply('/v1/chat/completions', {
      sse: fixtureChunks('openai/chat/openai-text.chunks.txt'),
      stallAfter: 8,
    });
    const userId = await seedUser(t, 100_000);
    const { key } = await seedToken(t, { userId });
    const text = await (await chat(t, key, true)).text();
    expect(text).toContain('stream timeout');
    expect(text).not.toContain('[DONE]');
    const [log] = await logsOf(t, userId, 1, 'the log row');
    expect(log!.completion_tokens).toBeGreaterThan(0);
  });

  it('the official client sees a stream cut short as an error, not a normal end', async () => {
    mock.reply('/v1/chat/completions', {
      sseThenDrop: fixtureChunks('openai/chat/openai-text.chunks.txt').slice(0, 5),
    });
    const { key } = await seedToken(t, { userId: await seedUser(t, 100_000) });
    const client = new OpenAI({ apiKey: key, baseURL: `${t.url}/v1`, maxRetries: 0 });
    const consume = async () => {
      const stream = await client.chat.completions.create({
        model: 'gpt-4.1-nano',
        messages: [{ role: 'user', content: 'x' }],
        stream: true,
      });
      for await (const chunk of stream) void chunk;
    };
    await expect(consume()).rejects.toThrow(/upstream stream failed/);
  });
});
