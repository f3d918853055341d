import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Success } from './attempt.ts';
import { streamable, type Endpoint } from './endpoints.ts';
import { finishReasonsOf } from './finish-reasons.ts';
import type { ConvertedAnswer, Json } from './formats/types.ts';
import { forwardStream } from './forward-stream.ts';
import { openAIEmbeddingsToGemini } from './clients/gemini/gemini-embeddings.ts';
import type { RelayBody } from './relay-body.ts';
import { RelayError } from './relay-error.ts';
import { answerFromStream } from './stream-to-answer.ts';
import { usageOfAnswer } from './response-usage.ts';
import { countPromptTokens, estimatePromptTokens } from './token-counter.ts';
import { readOpenAIUsage, type Usage } from './usage.ts';
import { answerToClient, clientWire, streamToClient } from './wire-format.ts';
import { countChoiceText, IncrementalCounter } from './incremental-counter.ts';
import { msg } from '../i18n/text.ts';

/** What the answer used, for settlement. */
export interface Delivered {
  usage: Usage;
  /** Usage was counted here because the upstream sent none. */
  local: boolean;
  firstByteMs: number;
  stream: boolean;
  /** Why the answer's choices ended, where the answer says (OpenAI's finish_reason). */
  finishReasons?: string[];
}

const localUsage = (promptTokens: number, completionTokens: number): Usage => ({
  promptTokens,
  completionTokens,
  cachedTokens: 0,
  reasoningTokens: 0,
});

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

/** Sends the upstream's answer to the client in the client's format, and says what it used. */
export async function deliverAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  endpoint: Endpoint,
  body: RelayBody,
  success: Success,
  startedAt: number,
): Promise<Delivered> {
  const { response } = success;
  const contentType = String(response.headers['content-type'] ?? '');
  const localPrompt = async () => (body.json ? countPromptTokens(body.json) : 0);
  const wire = clientWire(body.clientFormat);
  // The client's own request: `original` when json holds its conversion to chat, else json itself
  // (an OpenAI chat or Responses client).
  const clientRequest = body.original ?? body.json;
  const { format } = success;
  const passthrough = format === wire && wire !== 'openai';

  const framing = success.family.streamFraming;
  const streamed =
    contentType.includes('text/event-stream') || (framing && contentType.includes(framing.contentType));
  if (body.stream && streamable(endpoint.kind) && streamed) {
    reply.hijack();
    const fromChannel = success.family.streamToChat(success.upstreamModel, format);
    // The channel's usage so far (Gemini's comes with its first event), else the prompt's estimate.
    const promptUsage = () =>
      fromChannel?.usage() ?? localUsage(body.json ? estimatePromptTokens(body.json) : 0, 0);
    const outcome = await forwardStream({
      upstream: response,
      raw: reply.raw,
      headers: { 'x-oneapi-request-id': request.id },
      clientFormat: body.clientFormat,
      events: framing?.events,
      fromChannel,
      toClient:
        format === wire ? null : streamToClient(body.clientFormat, body.model, promptUsage, clientRequest),
      passthrough,
      clientWantsUsage: body.clientWantsUsage,
      localPromptTokens: localPrompt,
      cancel: success.cancel,
      startedAt,
    });
    const usage = outcome.usage ?? (await outcome.localUsage());
    return {
      usage,
      local: outcome.usage === undefined,
      firstByteMs: outcome.firstByteMs,
      stream: true,
      finishReasons: outcome.finishReasons,
    };
  }

  if (endpoint.kind === 'speech') {
    const input = typeof body.json?.input === 'string' ? body.json.input : '';
    reply.header('content-type', contentType || 'audio/mpeg');
    void reply.send(response.body);
    return {
      usage: localUsage(input.length, 0),
      local: false,
      firstByteMs: Date.now() - startedAt,
      stream: false,
    };
  }

  // A channel that answers only by stream (Coze), for a client that asked for none: one answer.
  if (streamed && !passthrough && success.family.format !== 'openai') {
    const canonical = await answerFromStream(success);
    const delivered = await sendConverted(reply, body, canonical, localPrompt, clientRequest);
    return { ...delivered, firstByteMs: Date.now() - startedAt, stream: false };
  }

  const bytes = success.answerBytes ?? Buffer.from(await response.body.arrayBuffer());
  const firstByteMs = Date.now() - startedAt;
  if (endpoint.geminiAction) {
    const answer =
      format === wire
        ? { body: bytes, usage: undefined }
        : openAIEmbeddingsToGemini(answerObject(bytes), endpoint.geminiAction);
    const usage = answer.usage ?? localUsage(await localPrompt(), 0);
    reply.header('content-type', 'application/json');
    void reply.send(Buffer.isBuffer(answer.body) ? answer.body : JSON.stringify(answer.body));
    return { usage, local: answer.usage === undefined, firstByteMs, stream: false };
  }
  if (format === wire && wire === 'openai') {
    const { usage, local, finishReasons } = await usageOfAnswer(endpoint.kind, bytes, localPrompt);
    reply.header('content-type', contentType || 'application/json');
    void reply.send(bytes);
    return { usage, local, firstByteMs, stream: false, finishReasons };
  }

  // Passed through, the bytes go as they came (the caller reads them as it would the provider's);
  // converted, they must be an answer.
  const canonical = success.family.answerToChat(
    passthrough ? (parseJson(bytes) ?? {}) : answerObject(bytes),
    success.upstreamModel,
    format,
  );
  const delivered = await sendConverted(
    reply,
    body,
    canonical,
    localPrompt,
    clientRequest,
    passthrough ? bytes : undefined,
  );
  return { ...delivered, firstByteMs, stream: false };
}

/**
 * Sends an answer converted to the chat core in the client's format (or the bytes as they came,
 * passed through), and says what it used: its own usage, else counted here.
 */
async function sendConverted(
  reply: FastifyReply,
  body: RelayBody,
  canonical: ConvertedAnswer,
  localPrompt: () => Promise<number>,
  clientRequest: Json | undefined,
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
