import { Readable } from 'node:stream';
import { streamable } from '../call/endpoints.ts';
import { finishReasonsOf } from './finish-reasons.ts';
import type { ConvertedAnswer, Json } from '../formats/types.ts';
import { RelayError } from '../call/relay-error.ts';
import { answerFromStream } from './stream-to-answer.ts';
import { usageOfAnswer } from './response-usage.ts';
import { readOpenAIUsage } from './usage.ts';
import { answerToClient } from './wire-format.ts';
import { countChoiceText, IncrementalCounter } from './incremental-counter.ts';
import { msg } from '../../i18n/text.ts';
import { deliverStream } from './deliver-stream.ts';
import { delivery, localUsage, type Delivered, type Delivery } from './delivery.ts';
import { answerBytes, answerStream } from '../routing/upstream-answer.ts';
import { thenNow, type NowOrLater } from '../../cache/now-or-later.ts';

export type { Delivered } from './delivery.ts';

/** The answer's JSON object, or null when it is none (an HTML page from a wrong base URL, say). */
function parseJson(bytes: Buffer): Json | null {
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
  } catch {
    return null;
  }
}

/**
 * An answer to convert must be a JSON object: anything else would reach the caller as an empty
 * answer, charged at the prompt's count. The pipeline refunds the call and answers this instead.
 */
function answerObject(bytes: Buffer): Json {
  const answer = parseJson(bytes);
  if (answer) return answer;
  throw new RelayError(502, msg('relay.answerNotObject'), 'bad_response_body', 'upstream_error');
}

/**
 * Sends the upstream's answer to the client in the client's format, and says what it used: at once
 * for an answer read whole that tells its usage (nearly every call not streamed).
 */
export function deliverAnswer(...call: Parameters<typeof delivery>): NowOrLater<Delivered> {
  const answer = delivery(...call);
  const { endpoint, body, success, contentType } = answer;
  const framing = success.family.streamFraming;
  const streamed =
    contentType.includes('text/event-stream') || (framing && contentType.includes(framing.contentType));
  if (body.stream && streamable(endpoint.kind) && streamed) return deliverStream(answer);
  if (endpoint.kind === 'speech') return deliverSpeech(answer);
  // A channel that answers only by stream (Coze), for a client that asked for none: one answer.
  if (streamed && !answer.passthrough && success.family.format !== 'openai') return deliverFolded(answer);
  return thenNow(answerBytes(success.response), (bytes) => deliverWhole(answer, bytes));
}

/** A stream folded into one answer, for a client that asked for none. */
async function deliverFolded(answer: Delivery): Promise<Delivered> {
  const delivered = await sendConverted(answer, await answerFromStream(answer.success));
  return { ...delivered, firstByteMs: Date.now() - answer.startedAt, stream: false };
}

/** Speech: the audio as it comes, billed by the input's characters. */
function deliverSpeech({ body, reply, contentType, success, startedAt }: Delivery): Delivered {
  const input = typeof body.json?.input === 'string' ? body.json.input : '';
  reply.header('content-type', contentType || 'audio/mpeg');
  void reply.send(Readable.from(answerStream(success.response), { objectMode: false }));
  return {
    usage: localUsage(input.length, 0),
    local: false,
    firstByteMs: Date.now() - startedAt,
    stream: false,
  };
}

/** An answer read whole, then sent as it came, shaped for its endpoint, or converted to the client's format. */
function deliverWhole(answer: Delivery, bytes: Buffer): NowOrLater<Delivered> {
  const { endpoint, success, reply, wire } = answer;
  const firstByteMs = Date.now() - answer.startedAt;
  if (endpoint.shapeAnswer) return deliverShaped(answer, bytes, firstByteMs);
  if (success.format === wire && wire === 'openai') {
    return thenNow(usageOfAnswer(endpoint.kind, bytes, answer.localPrompt), (used) => {
      reply.header('content-type', answer.contentType || 'application/json');
      void reply.send(bytes);
      return { ...used, firstByteMs, stream: false };
    });
  }
  return deliverConverted(answer, bytes, firstByteMs);
}

/** An answer shaped for its endpoint (an image's, an embedding's…), or sent as it came in the client's format. */
async function deliverShaped(answer: Delivery, bytes: Buffer, firstByteMs: number): Promise<Delivered> {
  const { endpoint, success, reply, wire } = answer;
  const shaped =
    success.format === wire ? { body: bytes, usage: undefined } : endpoint.shapeAnswer!(answerObject(bytes));
  const usage = shaped.usage ?? localUsage(await answer.localPrompt(), 0);
  reply.header('content-type', 'application/json');
  void reply.send(Buffer.isBuffer(shaped.body) ? shaped.body : JSON.stringify(shaped.body));
  return { usage, local: shaped.usage === undefined, firstByteMs, stream: false };
}

/**
 * An answer in a channel's own format: passed through, the bytes go as they came (the caller reads
 * them as it would the provider's); converted, they must be an answer.
 */
async function deliverConverted(answer: Delivery, bytes: Buffer, firstByteMs: number): Promise<Delivered> {
  const { success, passthrough } = answer;
  const canonical = success.family.answerToChat(
    passthrough ? (parseJson(bytes) ?? {}) : answerObject(bytes),
    success.upstreamModel,
    success.format,
  );
  const delivered = await sendConverted(answer, canonical, passthrough ? bytes : undefined);
  return { ...delivered, firstByteMs, stream: false };
}

/**
 * Sends an answer converted to the chat core in the client's format (or the bytes as they came,
 * passed through), and says what it used: its own usage, else counted here.
 */
async function sendConverted(
  { reply, body, localPrompt, clientRequest }: Delivery,
  canonical: ConvertedAnswer,
  passedThrough?: Buffer,
): Promise<Pick<Delivered, 'usage' | 'local' | 'finishReasons'>> {
  let usage = canonical.usage ?? readOpenAIUsage(canonical.body.usage);
  const local = usage === undefined;
  if (!usage) {
    const counter = new IncrementalCounter();
    countChoiceText(counter, canonical.body.choices);
    usage = localUsage(await localPrompt(), await counter.total());
  }
  reply.header('content-type', 'application/json');
  void reply.send(
    passedThrough ??
      JSON.stringify(answerToClient(body.clientFormat, canonical.body, body.model, clientRequest)),
  );
  return { usage, local, finishReasons: finishReasonsOf(canonical.body.choices) };
}
