import type { FastifyInstance } from 'fastify';
import type { Dispatcher } from 'undici';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import type { Endpoint } from '../call/endpoints.ts';
import type { AttemptTrace, CallTrace } from '../../ops/tracing.ts';
import type { CallCancel } from '../call/call-cancel.ts';
import { holdAnswer, type HeldAnswer } from './answer-failure.ts';
import { answerFormat } from './answer-format.ts';
import { clientAdaptor } from '../clients/registry.ts';
import type { UpstreamErrorReading } from '../providers/error-reading.ts';
import type { ChannelFormat, ProviderFamily, UpstreamRequest } from '../providers/provider-family.ts';
import { providerForChannel } from '../providers/registry.ts';
import type { RelayBody } from '../call/relay-body.ts';
import { firstEvent } from './first-event.ts';
import { thenNow, type NowOrLater } from '../../cache/now-or-later.ts';
import { mapModel } from './channel-choice.ts';
import { isConnectionError, type UpstreamClient } from './upstream-client.ts';
import { answerStream, type UpstreamAnswer } from './upstream-answer.ts';
import { msg, render } from '../../i18n/text.ts';
import { isRetryableStatus, mappedStatus, maybeDisableChannel } from './upstream-error.ts';

export interface Success {
  /** Read whole already (`bytes`) for a call not streamed, and for a family that looks inside an answer. */
  response: UpstreamAnswer;
  channel: RoutableChannel;
  /** The channel's provider family: it turns the answer into the chat core when the client speaks another format. */
  family: ProviderFamily;
  /** The format the answer comes in: the client's when passed through, the family's when converted. */
  format: ChannelFormat;
  upstreamModel: string;
  /** The call's cancellation: the stream's delivery hangs up through it when the client goes. */
  cancel: CallCancel;
}

export interface Failure {
  status: number;
  message: string;
  retryable: boolean;
  /** How long the upstream asked to wait before calling again (a 429's Retry-After, Gemini's RetryInfo). */
  retryAfterSeconds?: number;
  /** Cancelled because nothing came within the first-byte time (nothing reached the client). */
  firstByteTimeout?: boolean;
}

const MAX_ERROR_BODY = 64 * 1024;

/** The client went away before the upstream answered (nginx's 499: client closed request). */
const CLIENT_GONE: Failure = { status: 499, message: 'the client closed the request', retryable: false };

async function readErrorText(response: UpstreamAnswer): Promise<string> {
  if (response.bytes) return response.bytes.toString('utf8', 0, MAX_ERROR_BODY);
  let text = '';
  const body = answerStream(response);
  for await (const chunk of body) {
    text += chunk.toString('utf8');
    if (text.length > MAX_ERROR_BODY) {
      body.destroy();
      break;
    }
  }
  return text;
}

/** The request for one channel, in the format it is answered in: passed through when the client speaks it. */
export function upstreamRequest(
  app: Pick<FastifyInstance, 'settings'>,
  family: ProviderFamily,
  endpoint: Endpoint,
  body: RelayBody,
  channel: RoutableChannel,
  upstreamModel: string,
  dispatcher?: Dispatcher,
  format: ChannelFormat = answerFormat(family, endpoint, body, upstreamModel),
): NowOrLater<UpstreamRequest | string> {
  return family.request({
    settings: app.settings,
    endpoint,
    body,
    channel,
    upstreamModel,
    // The call as OpenAI chat, for a channel in another format: its client adaptor makes it.
    chat: () => clientAdaptor(body.clientFormat).chatCore(body, endpoint),
    native:
      body.original && clientAdaptor(body.clientFormat).wire === format
        ? { body: body.original, headers: body.clientHeaders ?? {} }
        : undefined,
    dispatcher,
  });
}

/**
 * One attempt on one channel: the upstream's answer, or why it failed and whether to go on. With
 * `trace` (tracing on), the attempt is a span of the call's, and its context goes upstream.
 */
export function tryChannel(
  app: FastifyInstance,
  upstream: UpstreamClient,
  endpoint: Endpoint,
  body: RelayBody,
  channel: RoutableChannel,
  /** Cancelled when the client goes away: the upstream call stops, and the channel is not blamed. */
  cancel: CallCancel,
  /** Milliseconds to the first byte (a stream's first event) before the attempt is cancelled; 0: none. */
  firstByteMs = 0,
  trace?: CallTrace,
): Promise<Success | Failure> {
  if (!trace) return attemptChannel(undefined, app, upstream, endpoint, body, channel, cancel, firstByteMs);
  return tracedAttempt(trace, app, upstream, endpoint, body, channel, cancel, firstByteMs);
}

/** An attempt with tracing on: a span of the call's, whose context goes upstream. */
async function tracedAttempt(
  trace: CallTrace,
  ...[app, upstream, endpoint, body, channel, cancel, firstByteMs]: Parameters<typeof tryChannel>
): Promise<Success | Failure> {
  let attempt: AttemptTrace | undefined;
  const traced = (family: ProviderFamily, upstreamModel: string) => {
    attempt = trace.attempt(channel.id, family.name, upstreamModel);
    return attempt.traceparent;
  };
  try {
    const result = await attemptChannel(traced, app, upstream, endpoint, body, channel, cancel, firstByteMs);
    if ('response' in result) attempt?.ended(result.response.statusCode);
    else attempt?.ended(result.status, result.message);
    return result;
  } catch (error) {
    attempt?.ended(0, (error as Error).message);
    throw error;
  }
}

/** Starts the attempt's span once its provider and model are known: the `traceparent` to send. */
type Traced = ((family: ProviderFamily, upstreamModel: string) => string) | undefined;

const NOTHING = () => {};

function attemptChannel(
  traced: Traced,
  ...[app, upstream, endpoint, body, channel, cancel, firstByteMs = 0]: Parameters<typeof tryChannel>
): Promise<Success | Failure> {
  // Without a first-byte limit the attempt is cancelled only by the client leaving (no timer per
  // attempt on the hot path); with one, its timer cancels this attempt alone.
  const untimed = { app, upstream, endpoint, body, channel, cancel, arrived: NOTHING, traced };
  return firstByteMs <= 0 ? attemptOn(untimed) : timedAttempt(untimed, firstByteMs);
}

async function timedAttempt(untimed: AttemptCall, firstByteMs: number): Promise<Success | Failure> {
  const { cancel } = untimed;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    cancel.cancelAttempt();
  }, firstByteMs);
  try {
    const result = await attemptOn({ ...untimed, arrived: () => clearTimeout(timer) });
    if ('response' in result || !timedOut || cancel.clientGone) return result;
    return {
      status: 504,
      message: render(msg('relay.firstByteTimeout', { seconds: firstByteMs / 1000 }), 'en'),
      retryable: true,
      firstByteTimeout: true,
    };
  } finally {
    clearTimeout(timer);
  }
}

/** The call as one attempt makes it, and `arrived` to stop its first-byte timer. */
interface AttemptCall {
  app: FastifyInstance;
  upstream: UpstreamClient;
  endpoint: Endpoint;
  body: RelayBody;
  channel: RoutableChannel;
  cancel: CallCancel;
  arrived: () => void;
  traced: Traced;
}

async function attemptOn(call: AttemptCall): Promise<Success | Failure> {
  // This attempt's signal: a first-byte timeout aborts it and gives the next attempt another.
  const { signal } = call.cancel;
  const preparing = prepare(call);
  const prepared = preparing instanceof Promise ? await preparing : preparing;
  if ('status' in prepared) return prepared;
  const response = await send(call, prepared, signal);
  if ('status' in response) return response;
  if (response.statusCode < 400) {
    const result = answered(call, prepared, response);
    return result instanceof Promise ? await result : result;
  }
  const text = await readErrorText(response);
  // The family reads its own error shape; the site's retry and disable rules apply on top.
  const { family } = prepared;
  return failed(
    call.app,
    call.channel,
    response.statusCode,
    family.readError(response.statusCode, response.headers, text),
  );
}

/** The upstream call an attempt makes: the channel's family, model and format, and its request. */
interface Prepared {
  family: ProviderFamily;
  format: ChannelFormat;
  upstreamModel: string;
  url: string;
  headers: UpstreamRequest['headers'];
  payload: UpstreamRequest['body'];
}

/** At once when the family makes its request at once (nearly every call). */
function prepare(call: AttemptCall): NowOrLater<Prepared | Failure> {
  const { app, upstream, endpoint, body, channel, traced } = call;
  let upstreamModel: string;
  try {
    upstreamModel = mapModel(body.model, channel.modelMapping);
  } catch (error) {
    return { status: 500, message: (error as Error).message, retryable: true };
  }
  const family = providerForChannel(channel);
  const dispatcher = upstream.dispatcherFor(channel.row.address_trusted !== 0);
  const format = answerFormat(family, endpoint, body, upstreamModel);
  const made = (request: UpstreamRequest | string): Prepared | Failure => {
    if (typeof request === 'string') return { status: 400, message: request, retryable: true };
    const { body: payload } = request;
    const headers: UpstreamRequest['headers'] =
      typeof payload === 'string'
        ? { ...request.headers, 'content-type': 'application/json' }
        : {
            ...request.headers,
            'content-type': payload.contentType,
            'content-length': String(payload.length),
          };
    if (traced) headers.traceparent = traced(family, upstreamModel);
    return { family, format, upstreamModel, url: request.url, headers, payload };
  };
  return thenNow(
    upstreamRequest(app, family, endpoint, body, channel, upstreamModel, dispatcher, format),
    made,
  );
}

/**
 * Sends the request: the upstream's answer, or why none came. A streamed call's answer comes with
 * its headers, its body to be read as it comes; any other is read whole here (`arrived` is told at
 * its headers all the same: the first-byte time is the headers').
 */
async function send(
  { app, upstream, channel, cancel, body, endpoint, arrived }: AttemptCall,
  { url, headers, payload }: Prepared,
  signal: AbortSignal,
): Promise<UpstreamAnswer | Failure> {
  const request = {
    method: 'POST' as const,
    headers,
    body: typeof payload === 'string' ? payload : payload.stream(),
    signal,
    addressTrusted: channel.row.address_trusted !== 0,
  };
  let answering = false;
  const headersCame = () => {
    answering = true;
    arrived();
  };
  try {
    if (readWhole(body, endpoint))
      return await upstream.sendWhole(url, { ...request, onHeaders: headersCame });
    const answer = await upstream.sendStreamed(url, request);
    if (answer.statusCode >= 400) arrived();
    return answer;
  } catch (error) {
    if (cancel.clientGone) return CLIENT_GONE;
    // Cancelled by the first-byte timer: tryChannel says so; the channel's key is not at fault.
    if (signal.aborted) return { status: 504, message: 'cancelled', retryable: true };
    // The answer broke off: nothing reached the client yet, another channel may answer.
    if (answering) return answerFailed(error);
    const message = `upstream connection failed: ${(error as Error).message}`;
    await maybeDisableChannel(app, channel, 0, message);
    return { status: 502, message, retryable: isConnectionError(error) };
  }
}

const answerFailed = (error: unknown): Failure => ({
  status: 502,
  message: `upstream answer failed: ${(error as Error).message}`,
  retryable: true,
});

/** A call not streamed is answered whole (speech excepted: its audio goes out as it comes). */
const readWhole = (body: RelayBody, endpoint: Endpoint) => !body.stream && endpoint.kind !== 'speech';

/**
 * An answer the upstream gave with success: a stream once its first event came, else held if its
 * family looks inside; at once for an answer read whole that no family looks into.
 */
function answered(
  { app, body, channel, cancel, arrived }: AttemptCall,
  { family, format, upstreamModel }: Prepared,
  response: UpstreamAnswer,
): NowOrLater<Success | Failure> {
  const broke = (error: unknown): Failure => (cancel.clientGone ? CLIENT_GONE : answerFailed(error));
  const judged = (held: HeldAnswer): NowOrLater<Success | Failure> => {
    if (held.failure) return failed(app, channel, held.failure.status, held.failure.error);
    const whole = held.bytes ? { ...response, body: undefined, bytes: held.bytes } : response;
    return { response: whole, channel, family, format, upstreamModel, cancel };
  };
  const looked = () => {
    arrived();
    return holdAnswer(family, response);
  };
  let held: NowOrLater<HeldAnswer>;
  try {
    // A stream counts as answered once its first event came (it waits in the body for delivery).
    const stream = body.stream && response.body ? streamKind(family, response) : undefined;
    held = stream ? firstEvent(answerStream(response), stream === 'sse').then(looked) : looked();
  } catch (error) {
    return broke(error);
  }
  return held instanceof Promise ? held.then(judged, broke) : judged(held);
}

/** Whether the answer is a stream: server-sent events, or the family's own framing. */
function streamKind(family: ProviderFamily, response: UpstreamAnswer): 'sse' | 'framed' | undefined {
  const contentType = String(response.headers['content-type'] ?? '');
  if (contentType.includes('text/event-stream')) return 'sse';
  const framing = family.streamFraming;
  return framing && contentType.includes(framing.contentType) ? 'framed' : undefined;
}

/** A failed attempt as the site's rules see it: the status after the channel's mapping, retry and disable. */
async function failed(
  app: FastifyInstance,
  channel: RoutableChannel,
  upstreamStatus: number,
  error: UpstreamErrorReading,
): Promise<Failure> {
  const status = mappedStatus(channel, upstreamStatus);
  await maybeDisableChannel(app, channel, status, error.message, error.disables);
  const retryable = error.retryable === true || isRetryableStatus(app, status);
  return { status, message: error.message, retryable, retryAfterSeconds: error.retryAfterSeconds };
}
