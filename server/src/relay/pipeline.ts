import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Dispatcher } from 'undici';
import type { RoutableChannel } from '../cache/channel-index.ts';
import { channelTypeInfo } from '../providers/channel-types.ts';
import { refundQuota } from '../store/quota.ts';
import type { Caller } from './caller.ts';
import { consumeLogRow, type CallRecord } from './consume-log.ts';
import { streamable, type Endpoint } from './endpoints.ts';
import { forwardSseStream } from './forward-stream.ts';
import { imageMultiplier } from './image-price.ts';
import { priceFor, perCallQuota, reservationQuota, usageQuota, type Price } from './pricing.ts';
import { openAITarget } from './providers/openai-compatible.ts';
import { upstreamBody, type RelayBody } from './relay-body.ts';
import { RelayError } from './relay-error.ts';
import { payerOf, reserveFor } from './reservation.ts';
import { usageOfAnswer } from './response-usage.ts';
import { chooseChannel, mapModel } from './routing.ts';
import { countPromptTokens, promptText } from './token-counter.ts';
import type { SettlementBatcher } from './settlement-batcher.ts';
import type { UpstreamClient } from './upstream-client.ts';
import { isConnectionError } from './upstream-client.ts';
import {
  isRetryableStatus,
  mappedStatus,
  maybeDisableChannel,
  upstreamErrorMessage,
} from './upstream-error.ts';
import type { Usage } from './usage.ts';

export interface RelayRuntime {
  upstream: UpstreamClient;
  settlements: SettlementBatcher;
}

interface Success {
  response: Dispatcher.ResponseData;
  channel: RoutableChannel;
  upstreamModel: string;
  abort: AbortController;
}

interface Failure {
  status: number;
  message: string;
}

const MAX_ERROR_BODY = 64 * 1024;

function candidatesFor(app: FastifyInstance, caller: Caller, model: string): RoutableChannel[] {
  if (caller.pinnedChannelId !== undefined) {
    const pinned = app.channels.get(caller.pinnedChannelId);
    if (!pinned || pinned.row.status !== 1) {
      throw new RelayError(
        503,
        `channel ${caller.pinnedChannelId} is not available`,
        'channel_not_available',
      );
    }
    return [pinned];
  }
  const candidates = app.channels.candidates(caller.group, model);
  if (candidates.length === 0) {
    throw new RelayError(
      503,
      `no available channel for model ${model} in group ${caller.group}`,
      'model_not_found',
    );
  }
  return candidates;
}

/** What to reserve before the call: the per-call price, or new-api's token estimate at the ratios. */
function estimateCost(app: FastifyInstance, endpoint: Endpoint, body: RelayBody, price: Price): number {
  if (price.perCall) {
    return endpoint.kind === 'image'
      ? perCallQuota(price, imageMultiplier(body.model, body.json ?? {}))
      : perCallQuota(price);
  }
  const promptEstimate = body.json ? Math.ceil(promptText(body.json).length / 4) : 0;
  return reservationQuota(price, promptEstimate, body.maxTokens, app.settings.number('PreConsumedQuota'));
}

async function readErrorText(response: Dispatcher.ResponseData): Promise<string> {
  let text = '';
  for await (const chunk of response.body) {
    text += (chunk as Buffer).toString('utf8');
    if (text.length > MAX_ERROR_BODY) {
      response.body.destroy();
      break;
    }
  }
  return text;
}

/**
 * One call through the gateway: price, reserve, try channels (retrying across tiers, never the
 * same channel twice), forward the answer, then settle and log off the response path. A call
 * that fails everywhere is refunded in full.
 */
export async function relayCall(
  app: FastifyInstance,
  runtime: RelayRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
  endpoint: Endpoint,
  caller: Caller,
  body: RelayBody,
): Promise<void> {
  const startedAt = Date.now();
  if (caller.modelLimits && !caller.modelLimits.has(body.model)) {
    throw new RelayError(403, `this API key may not use model ${body.model}`, 'model_not_allowed');
  }
  const price = priceFor(app.settings, body.model, caller.group, caller.acceptUnsetRatio);
  const candidates = candidatesFor(app, caller, body.model);
  const reserved = await reserveFor(app, caller, estimateCost(app, endpoint, body, price));
  const payer = payerOf(caller);

  const tried: number[] = [];
  let success: Success | undefined;
  let failure: Failure = { status: 503, message: 'no channel could serve this call' };
  try {
    const attempts = caller.pinnedChannelId !== undefined ? 1 : app.settings.number('RetryTimes') + 1;
    for (let attempt = 0; attempt < attempts && !success; attempt++) {
      const channel = chooseChannel(candidates, new Set(tried), attempt);
      if (!channel) break;
      tried.push(channel.id);
      const result = await tryChannel(app, runtime, endpoint, body, channel);
      if ('response' in result) success = result;
      else {
        failure = result;
        if (!result.retryable) break;
      }
    }
  } catch (error) {
    await refundQuota(app.store, payer, reserved);
    throw error;
  }
  if (!success) {
    await refundQuota(app.store, payer, reserved);
    throw new RelayError(failure.status, failure.message, 'upstream_error', 'upstream_error');
  }

  const call: Omit<CallRecord, 'usage' | 'localCount' | 'firstByteMs'> = {
    caller,
    model: body.model,
    upstreamModel: success.upstreamModel,
    channelId: success.channel.id,
    triedChannels: tried,
    price,
    stream: false,
    startedAt,
    requestId: request.id,
    upstreamRequestId: String(success.response.headers['x-request-id'] ?? ''),
    ip: request.ip,
  };
  const settle = (usage: Usage, localCount: boolean, firstByteMs: number, stream: boolean) => {
    const cost =
      endpoint.kind === 'image' && price.perCall
        ? reservedCostOfImages(price, body)
        : usageQuota(price, usage);
    const record: CallRecord = { ...call, usage, localCount, firstByteMs, stream };
    runtime.settlements.add({
      payer,
      reserved,
      cost,
      channelId: record.channelId,
      log: app.settings.bool('LogConsumeEnabled') ? consumeLogRow(record) : undefined,
    });
  };
  const localPrompt = () => (body.json ? countPromptTokens(body.json) : 0);
  const { response } = success;
  const contentType = String(response.headers['content-type'] ?? '');

  if (body.stream && streamable(endpoint.kind) && contentType.includes('text/event-stream')) {
    reply.hijack();
    const outcome = await forwardSseStream({
      upstream: response,
      raw: reply.raw,
      headers: { 'x-oneapi-request-id': request.id },
      clientWantsUsage: body.clientWantsUsage,
      abort: success.abort,
      startedAt,
    });
    const usage = outcome.usage ?? {
      promptTokens: localPrompt(),
      completionTokens: outcome.localCompletionTokens,
      cachedTokens: 0,
      reasoningTokens: 0,
    };
    settle(usage, outcome.usage === undefined, outcome.firstByteMs, true);
    return;
  }

  if (endpoint.kind === 'speech') {
    const input = typeof body.json?.input === 'string' ? body.json.input : '';
    settle(
      { promptTokens: input.length, completionTokens: 0, cachedTokens: 0, reasoningTokens: 0 },
      false,
      Date.now() - startedAt,
      false,
    );
    reply.header('content-type', contentType || 'audio/mpeg');
    return reply.send(response.body);
  }

  const bytes = Buffer.from(await response.body.arrayBuffer());
  const firstByteMs = Date.now() - startedAt;
  const { usage, local } = usageOfAnswer(endpoint.kind, bytes, localPrompt);
  settle(usage, local, firstByteMs, false);
  reply.header('content-type', contentType || 'application/json');
  return reply.send(bytes);
}

function reservedCostOfImages(price: Price, body: RelayBody): number {
  return perCallQuota(price, imageMultiplier(body.model, body.json ?? {}));
}

/** One attempt on one channel: the upstream's answer, or why it failed and whether to go on. */
async function tryChannel(
  app: FastifyInstance,
  runtime: RelayRuntime,
  endpoint: Endpoint,
  body: RelayBody,
  channel: RoutableChannel,
): Promise<Success | (Failure & { retryable: boolean })> {
  let upstreamModel: string;
  try {
    upstreamModel = mapModel(body.model, channel.modelMapping);
  } catch (error) {
    return { status: 500, message: (error as Error).message, retryable: true };
  }
  const target = openAITarget(channel, endpoint.path, upstreamModel);
  const payload = upstreamBody(body, upstreamModel, channelTypeInfo(channel.type)?.streamUsage ?? true);
  const headers =
    typeof payload === 'string' ? { ...target.headers, 'content-type': 'application/json' } : target.headers;
  const abort = new AbortController();
  let response: Dispatcher.ResponseData;
  try {
    response = await runtime.upstream.send(target.url, {
      method: 'POST',
      headers,
      body: payload,
      signal: abort.signal,
    });
  } catch (error) {
    const message = `upstream connection failed: ${(error as Error).message}`;
    await maybeDisableChannel(app, channel, 0, message);
    return { status: 502, message, retryable: isConnectionError(error) };
  }
  if (response.statusCode < 400) return { response, channel, upstreamModel, abort };
  const message = upstreamErrorMessage(await readErrorText(response), response.statusCode);
  const status = mappedStatus(channel, response.statusCode);
  await maybeDisableChannel(app, channel, status, message);
  return { status, message, retryable: isRetryableStatus(app, status) };
}
