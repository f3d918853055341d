import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { writeOption } from '../src/store/options.ts';
import { MockUpstream, type RecordedRequest } from './support/mock-upstream.ts';
import { OtlpReceiver, type ReceivedSpan } from './support/otlp-receiver.ts';
import { consumeLogs, relayPost, seedChannel, seedToken } from './support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';
import { waitFor } from './support/wait.ts';

const USAGE = { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 };
const ANSWER = {
  id: 'c1',
  object: 'chat.completion',
  model: 'gpt-4o-mini',
  choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
  usage: USAGE,
};
const chunk = (delta: object, finish: string | null = null) =>
  JSON.stringify({
    id: 's1',
    object: 'chat.completion.chunk',
    model: 'gpt-4o',
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
const STREAM = [
  chunk({ role: 'assistant', content: '' }),
  chunk({ content: 'Hel' }),
  chunk({ content: 'lo' }),
  chunk({}, 'length'),
  JSON.stringify({ id: 's1', object: 'chat.completion.chunk', model: 'gpt-4o', choices: [], usage: USAGE }),
];

const SERVER = 2;
const CLIENT = 3;
const ERROR = 2;

/** A client's W3C trace context: a fresh trace id and parent span id, sampled. */
function clientTraceparent() {
  const traceId = randomBytes(16).toString('hex');
  const parentId = randomBytes(8).toString('hex');
  return { traceId, parentId, header: `00-${traceId}-${parentId}-01` };
}

/** Issue #30 item 2: with an OTLP endpoint set, each relay call and each upstream attempt is a span. */
describe.skipIf(databaseUnavailable())('OpenTelemetry traces', () => {
  let receiver: OtlpReceiver;
  let mock: MockUpstream;
  let t: TestServer;
  let key: string;
  let broken: number;
  let good: number;
  let streaming: number;

  beforeAll(async () => {
    receiver = await new OtlpReceiver().start();
    mock = await new MockUpstream().start();
    mock.handler('/v1/chat/completions', (request) => {
      if (request.headers.authorization === 'Bearer sk-broken')
        return { status: 500, json: { error: { message: 'upstream broke' } } };
      if (request.json?.model === 'gpt-4.1') return { status: 503, json: { error: { message: 'down' } } };
      return request.json?.stream ? { sse: STREAM } : { json: ANSWER };
    });
    t = await startTestServer({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '20' });
    await writeOption(t.server.store, 'RetryTimes', '1');
    await t.server.settings.reload();
    broken = await seedChannel(t, {
      baseUrl: mock.url,
      models: ['gpt-4o-mini'],
      key: 'sk-broken',
      priority: 10,
    });
    good = await seedChannel(t, { baseUrl: mock.url, models: ['gpt-4o-mini'], priority: 0 });
    streaming = await seedChannel(t, { baseUrl: mock.url, models: ['gpt-4o', 'gpt-4.1'] });
    key = (await seedToken(t)).key;
  });
  afterAll(async () => {
    await t?.close();
    await mock?.stop();
    await receiver?.stop();
  });

  const spansOf = (traceId: string, count: number) =>
    waitFor(
      () => receiver.spans.filter((span) => span.traceId === traceId),
      (spans) => spans.length >= count,
      `${count} spans of trace ${traceId}`,
    );
  /** A chat call made under the client's trace context. */
  const chatUnder = (traceparent: string, model: string) =>
    relayPost(t, key, { model, messages: [{ role: 'user', content: 'hi' }] }, { traceparent });
  const callSpan = (spans: ReceivedSpan[]) => spans.find((span) => span.kind === SERVER)!;
  const attemptSpans = (spans: ReceivedSpan[]) => spans.filter((span) => span.kind === CLIENT);
  const sentBy = (span: ReceivedSpan, request: RecordedRequest) =>
    expect(request.headers.traceparent).toBe(`00-${span.traceId}-${span.spanId}-01`);

  it('reads its settings from the OTEL_* variables: none without an endpoint', () => {
    expect(loadConfig({}).ops.tracing).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318/' }).ops.tracing).toEqual({
      url: 'http://127.0.0.1:4318/v1/traces',
      serviceName: 'relaygate',
      scheduleDelayMs: 5000,
    });
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'true' }).ops
        .tracing,
    ).toBeUndefined();
    expect(t.server.app.tracing.enabled).toBe(true);
  });

  it('traces a call that fails over under the client trace, each attempt a child that went upstream', async () => {
    const client = clientTraceparent();
    const sent = mock.requests.length;
    const answer = await chatUnder(client.header, 'gpt-4o-mini');
    expect(answer.status).toBe(200);
    const spans = await spansOf(client.traceId, 3);
    expect(spans).toHaveLength(3);

    const call = callSpan(spans);
    expect(call.parentSpanId).toBe(client.parentId);
    expect(call.name).toBe('chat gpt-4o-mini');
    expect(call.resource['service.name']).toBe('relaygate');
    expect(call.status.code).not.toBe(ERROR);
    expect(call.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'gpt-4o-mini',
      'gen_ai.response.model': 'gpt-4o-mini',
      'gen_ai.usage.input_tokens': 11,
      'gen_ai.usage.output_tokens': 7,
      'gen_ai.response.finish_reasons': ['stop'],
      'http.response.status_code': 200,
      'relaygate.channel.id': good,
    });
    expect(call.attributes['relaygate.request.id']).toEqual(expect.any(String));

    const attempts = attemptSpans(spans);
    const first = attempts.find((span) => span.attributes['relaygate.channel.id'] === broken);
    const second = attempts.find((span) => span.attributes['relaygate.channel.id'] === good);
    for (const attempt of [first!, second!]) expect(attempt.parentSpanId).toBe(call.spanId);
    expect(first!.attributes).toMatchObject({
      'relaygate.channel.id': broken,
      'http.response.status_code': 500,
    });
    expect(first!.status.code).toBe(ERROR);
    expect(first!.attributes['error.type']).toBe('500');
    expect(second!.attributes).toMatchObject({
      'relaygate.channel.id': good,
      'http.response.status_code': 200,
    });
    expect(second!.status.code).not.toBe(ERROR);

    // Upstream, each attempt's own context: the client's trace, the attempt span as parent.
    const upstream = mock.requests.slice(sent);
    expect(upstream).toHaveLength(2);
    sentBy(first!, upstream[0]!);
    sentBy(second!, upstream[1]!);

    // The tokens on the span are the call's billed usage.
    const logs = await waitFor(
      () => consumeLogs(t),
      (rows) => rows.some((row) => row.request_id === call.attributes['relaygate.request.id']),
      'the call log row',
    );
    const log = logs.find((row) => row.request_id === call.attributes['relaygate.request.id'])!;
    expect([log.prompt_tokens, log.completion_tokens]).toEqual([11, 7]);
  });

  it('traces a streamed call as a new trace (a malformed traceparent is ignored), ending when the stream does', async () => {
    const sent = mock.requests.length;
    const answer = await relayPost(
      t,
      key,
      {
        model: 'gpt-4o',
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: 'user', content: 'hi' }],
      },
      { traceparent: '00-not-a-trace-context' },
    );
    expect(answer.status).toBe(200);
    const upstream = mock.requests.slice(sent);
    expect(upstream).toHaveLength(1);
    const traceId = String(upstream[0]!.headers.traceparent).split('-')[1]!;
    const spans = await spansOf(traceId, 2);
    const call = callSpan(spans);
    expect(call.parentSpanId).toBe('');
    expect(call.attributes).toMatchObject({
      'gen_ai.request.model': 'gpt-4o',
      'gen_ai.request.stream': true,
      'gen_ai.usage.input_tokens': 11,
      'gen_ai.usage.output_tokens': 7,
      'gen_ai.response.finish_reasons': ['length'],
      'http.response.status_code': 200,
      'relaygate.channel.id': streaming,
    });
    const [attempt] = attemptSpans(spans);
    expect(attempt!.parentSpanId).toBe(call.spanId);
    sentBy(attempt!, upstream[0]!);
  });

  it('marks a call that failed everywhere as an error with its type', async () => {
    const client = clientTraceparent();
    const answer = await chatUnder(client.header, 'gpt-4.1');
    expect(answer.status).toBe(503);
    const spans = await spansOf(client.traceId, 2);
    const call = callSpan(spans);
    expect(call.status.code).toBe(ERROR);
    expect(call.attributes).toMatchObject({
      'error.type': 'upstream_error',
      'http.response.status_code': 503,
      'relaygate.channel.id': streaming,
    });
    expect(attemptSpans(spans)[0]!.attributes['http.response.status_code']).toBe(503);
    expect(receiver.unreadable).toEqual([]);
  });
});

/** Spans still waiting for their batch when the server closes are sent before it is done. */
describe.skipIf(databaseUnavailable())('OpenTelemetry traces on shutdown', () => {
  let receiver: OtlpReceiver;
  let mock: MockUpstream;

  beforeAll(async () => {
    receiver = await new OtlpReceiver().start();
    mock = await new MockUpstream().start();
    mock.reply('/v1/chat/completions', { json: ANSWER });
  });
  afterAll(async () => {
    await mock?.stop();
    await receiver?.stop();
  });

  it('sends the last spans when the server closes', async () => {
    // A batch delay no test waits for: the span can only come with the close.
    const t = await startTestServer({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_BSP_SCHEDULE_DELAY: '3600000',
      OTEL_SERVICE_NAME: 'relaygate-edge',
    });
    let closed = false;
    try {
      await seedChannel(t, { baseUrl: mock.url, models: ['gpt-4o-mini'] });
      const { key } = await seedToken(t);
      const client = clientTraceparent();
      const answer = await relayPost(
        t,
        key,
        { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
        { traceparent: client.header },
      );
      expect(answer.status).toBe(200);
      expect(receiver.spans).toEqual([]);
      await t.close();
      closed = true;
      const spans = receiver.spans.filter((span) => span.traceId === client.traceId);
      expect(spans).toHaveLength(2);
      expect(spans[0]!.resource['service.name']).toBe('relaygate-edge');
    } finally {
      if (!closed) await t.close();
    }
  });

  it('without an endpoint, traces nothing and sends no traceparent upstream', async () => {
    const t = await startTestServer();
    try {
      expect(t.server.app.tracing.enabled).toBe(false);
      await seedChannel(t, { baseUrl: mock.url, models: ['gpt-4o-mini'] });
      const { key } = await seedToken(t);
      const sent = mock.requests.length;
      const answer = await relayPost(t, key, {
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'hi' }],
      });
      expect(answer.status).toBe(200);
      expect(mock.requests.slice(sent).map((request) => request.headers.traceparent)).toEqual([undefined]);
    } finally {
      await t.close();
    }
  });
});
