import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOption } from '../src/store/options.ts';
import { MockUpstream } from './support/mock-upstream.ts';
import { consumeLogs, relayPost, seedChannel, seedToken, waitFor } from './support/relay-seed.ts';
import { sample, scrape } from './support/scrape.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

const TOKEN = 'metrics-scrape-token-0123456789';

const ANSWER = {
  id: 'c1',
  object: 'chat.completion',
  model: 'gpt-4o-mini',
  choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
  usage: {
    prompt_tokens: 10,
    completion_tokens: 5,
    total_tokens: 15,
    prompt_tokens_details: { cached_tokens: 4 },
    completion_tokens_details: { reasoning_tokens: 2 },
  },
};

/** Issue #30 item 1: after known calls, one scrape shows their exact counts. */
describe.skipIf(databaseUnavailable())('Prometheus metrics', () => {
  let t: TestServer;
  let mock: MockUpstream;
  let key: string;
  let good: number;
  let broken: number;
  let revoked: number;

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    mock.handler('/v1/chat/completions', (request) => {
      const model = request.json?.model;
      if (model === 'gpt-4o') return { status: 500, json: { error: { message: 'upstream broke' } } };
      if (model === 'gpt-3.5-turbo') return { status: 401, json: { error: { message: 'invalid api key' } } };
      return { json: ANSWER };
    });
    t = await startTestServer({ METRICS_ENABLED: 'true', METRICS_TOKEN: TOKEN });
    await writeOption(t.server.store, 'AutomaticDisableChannelEnabled', 'true');
    await t.server.settings.reload();
    good = await seedChannel(t, { baseUrl: mock.url, models: ['gpt-4o-mini'] });
    broken = await seedChannel(t, { baseUrl: mock.url, models: ['gpt-4o'] });
    revoked = await seedChannel(t, { baseUrl: mock.url, models: ['gpt-3.5-turbo'] });
    key = (await seedToken(t)).key;
  });
  afterAll(async () => {
    await t?.close();
    await mock?.stop();
  });

  const chat = (model: string) => relayPost(t, key, { model, messages: [{ role: 'user', content: 'hi' }] });

  it('refuses a scrape without the token', async () => {
    expect((await scrape(t.url)).status).toBe(403);
    expect((await scrape(t.url, 'wrong-token-of-the-same-length')).status).toBe(403);
  });

  it('counts calls, tokens, quota, upstream errors and auto-disables exactly', async () => {
    for (let i = 0; i < 3; i++) expect((await chat('gpt-4o-mini')).status).toBe(200);
    expect((await chat('gpt-4o')).status).toBe(502);
    expect((await chat('gpt-3.5-turbo')).status).toBe(401);
    const logs = await waitFor(
      () => consumeLogs(t),
      (rows) => rows.length === 3,
      'three consumption rows',
    );
    const charged = logs.reduce((sum, row) => sum + Number(row.quota), 0);
    expect(charged).toBeGreaterThan(0);

    const { status, contentType, samples } = await scrape(t.url, TOKEN);
    expect(status).toBe(200);
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    const call = (model: string, channel: number, outcome: string) => ({
      client_format: 'openai',
      gen_ai_request_model: model,
      channel: String(channel),
      group: 'default',
      outcome,
    });
    const ok = call('gpt-4o-mini', good, 'success');
    expect(samples.get(sample('relaygate_relay_requests_total', ok))).toBe(3);
    expect(
      samples.get(sample('relaygate_relay_requests_total', call('gpt-4o', broken, 'upstream_error'))),
    ).toBe(1);
    expect(
      samples.get(sample('relaygate_relay_requests_total', call('gpt-3.5-turbo', revoked, 'upstream_error'))),
    ).toBe(1);
    const tokens = (type: string) =>
      samples.get(sample('relaygate_tokens_total', { ...ok, gen_ai_token_type: type }));
    expect([tokens('input'), tokens('output'), tokens('cached'), tokens('reasoning')]).toEqual([
      30, 15, 12, 6,
    ]);
    // What the metrics say was charged is what the log rows say.
    expect(samples.get(sample('relaygate_quota_charged_total', ok))).toBe(charged);
    expect(
      samples.get(sample('relaygate_quota_charged_total', call('gpt-4o', broken, 'upstream_error'))),
    ).toBe(0);
    expect(
      samples.get(sample('relaygate_quota_refunded_total', call('gpt-4o', broken, 'upstream_error'))),
    ).toBeGreaterThan(0);

    const histogram = { client_format: 'openai', gen_ai_request_model: 'gpt-4o-mini', outcome: 'success' };
    expect(samples.get(sample('gen_ai_server_request_duration_seconds_count', histogram))).toBe(3);
    expect(
      samples.get(sample('gen_ai_server_request_duration_seconds_bucket', { ...histogram, le: '+Inf' })),
    ).toBe(3);
    expect(samples.get(sample('gen_ai_server_time_to_first_token_seconds_count', histogram))).toBe(3);

    expect(
      samples.get(
        sample('relaygate_upstream_errors_total', { channel: String(broken), error_type: 'server' }),
      ),
    ).toBe(1);
    expect(
      samples.get(
        sample('relaygate_upstream_errors_total', { channel: String(revoked), error_type: 'auth' }),
      ),
    ).toBe(1);
    expect(samples.get(sample('relaygate_channel_auto_disables_total', { channel: String(revoked) }))).toBe(
      1,
    );
    expect(samples.get(sample('relaygate_channels', { status: 'enabled' }))).toBe(2);
    expect(samples.get(sample('relaygate_channels', { status: 'auto_disabled' }))).toBe(1);
    expect(samples.get(sample('relaygate_settlement_journal_depth'))).toBe(0);
    expect(
      samples.get(sample('relaygate_settlement_batches_total', { result: 'committed' })),
    ).toBeGreaterThan(0);
    expect(samples.get(sample('relaygate_change_bus_connected', { bus: 'local' }))).toBe(1);
    // Node's own: event-loop lag, heap and resident memory.
    expect(samples.get(sample('process_resident_memory_bytes'))).toBeGreaterThan(0);
    expect(samples.has(sample('nodejs_eventloop_lag_seconds'))).toBe(true);
    expect(samples.get(sample('nodejs_heap_size_used_bytes'))).toBeGreaterThan(0);
  });

  it('counts what routing decided: a breaker opened, a channel skipped while open, a fallback that served', async () => {
    // One channel for gpt-4.1, always failing; its breaker opens at the second failure, and
    // gpt-4o-mini (the working channel) serves every call in its place.
    mock.reply('/down/v1/chat/completions', { status: 500, json: { error: { message: 'down' } } });
    const down = await seedChannel(t, { baseUrl: `${mock.url}/down`, models: ['gpt-4.1'] });
    for (const [option, value] of [
      ['CircuitBreakerFailures', '2'],
      ['ModelFallbacks', JSON.stringify({ 'gpt-4.1': ['gpt-4o-mini'] })],
    ])
      await writeOption(t.server.store, option, value);
    await t.server.settings.reload();
    for (let i = 0; i < 3; i++) expect((await chat('gpt-4.1')).status).toBe(200);
    expect(mock.requestsTo('/down/v1/chat/completions')).toHaveLength(2);

    const { samples } = await scrape(t.url, TOKEN);
    const onDown = { channel: String(down), gen_ai_request_model: 'gpt-4.1' };
    expect(
      samples.get(sample('relaygate_circuit_breaker_changes_total', { ...onDown, change: 'opened' })),
    ).toBe(1);
    expect(samples.get(sample('relaygate_circuit_breaker_skips_total', onDown))).toBe(1);
    expect(
      samples.get(
        sample('relaygate_model_fallbacks_total', {
          gen_ai_request_model: 'gpt-4.1',
          fallback_model: 'gpt-4o-mini',
        }),
      ),
    ).toBe(3);
  });

  it('counts 429s by the limit that refused them', async () => {
    const limited = (await seedToken(t, { name: 'limited' })).key;
    await sql`update tokens set rpm_limit = 1 where name = 'limited'`.execute(t.server.store.db);
    t.server.keys.clear();
    const send = () =>
      relayPost(t, limited, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    expect((await send()).status).toBe(200);
    const refused = await send();
    expect(refused.status).toBe(429);
    const { samples } = await scrape(t.url, TOKEN);
    expect(
      samples.get(sample('relaygate_http_too_many_requests_total', { limit: refused.body!.error!.code! })),
    ).toBe(1);
  });
});

describe.skipIf(databaseUnavailable())('metrics without a token', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({
      METRICS_ENABLED: 'true',
      GLOBAL_API_RATE_LIMIT_ENABLE: 'true',
      GLOBAL_API_RATE_LIMIT: '2',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets loopback scrape, never counts scrapes against the address limits, and counts their 429s', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${t.url}/api/status`)).status);
    expect(statuses).toEqual([200, 200, 429]);
    for (let i = 0; i < 3; i++) expect((await scrape(t.url)).status).toBe(200);
    const { samples } = await scrape(t.url);
    expect(samples.get(sample('relaygate_http_too_many_requests_total', { limit: 'address' }))).toBe(1);
  });
});

describe.skipIf(databaseUnavailable())('metrics of the sign-in limit', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ METRICS_ENABLED: 'true', CRITICAL_RATE_LIMIT: '2' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("counts the sign-in limit's 429s apart", async () => {
    const login = async () => {
      const body = JSON.stringify({ username: 'nobody', password: 'wrong-password' });
      const headers = { 'content-type': 'application/json' };
      return (await fetch(`${t.url}/api/user/login`, { method: 'POST', headers, body })).status;
    };
    const statuses = [await login(), await login(), await login()];
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    const { samples } = await scrape(t.url);
    expect(samples.get(sample('relaygate_http_too_many_requests_total', { limit: 'sign_in' }))).toBe(1);
    expect(samples.has(sample('relaygate_http_too_many_requests_total', { limit: 'address' }))).toBe(false);
  });
});

describe.skipIf(databaseUnavailable())('metrics turned off', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 404 at /metrics by default', async () => {
    expect((await scrape(t.url, TOKEN)).status).toBe(404);
  });
});
