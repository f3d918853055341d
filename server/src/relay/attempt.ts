import type { FastifyInstance } from 'fastify';
import type { Dispatcher } from 'undici';
import type { StreamedBody } from '../http/multipart-body.ts';
import type { RoutableChannel } from '../cache/channel-index.ts';
import { channelTypeInfo } from '../providers/channel-types.ts';
import { takesStreamUsageOption, type Endpoint } from './endpoints.ts';
import { toAnthropicRequest } from './providers/anthropic/openai-chat-to-anthropic.ts';
import { geminiThinkingFromModel, toGeminiRequest } from './providers/gemini/openai-chat-to-gemini.ts';
import { anthropicTarget } from './providers/anthropic/anthropic-target.ts';
import { geminiTarget } from './providers/gemini/gemini-target.ts';
import { openAITarget, type UpstreamTarget } from './providers/openai/openai-target.ts';
import { upstreamBody, type RelayBody } from './relay-body.ts';
import { mapModel } from './routing.ts';
import { isConnectionError, type UpstreamClient } from './upstream-client.ts';
import { upstreamRetryDelay } from './upstream-retry-delay.ts';
import {
  isRetryableStatus,
  mappedStatus,
  maybeDisableChannel,
  upstreamErrorMessage,
} from './upstream-error.ts';
import { channelFormat, clientWire, type WireFormat } from './wire-format.ts';
import { responsesToChat } from './clients/responses/responses-request-to-chat.ts';
import { geminiEmbedUpstream } from './clients/gemini/gemini-embeddings.ts';

export interface Success {
  response: Dispatcher.ResponseData;
  channel: RoutableChannel;
  channelFormat: WireFormat;
  upstreamModel: string;
  abort: AbortController;
}

export interface Failure {
  status: number;
  message: string;
  retryable: boolean;
  /** How long the upstream asked to wait before calling again (a 429's Retry-After, Gemini's RetryInfo). */
  retryAfterSeconds?: number;
}

const MAX_ERROR_BODY = 64 * 1024;

/** The client went away before the upstream answered (nginx's 499: client closed request). */
const CLIENT_GONE: Failure = { status: 499, message: 'the client closed the request', retryable: false };

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

export interface UpstreamRequest extends UpstreamTarget {
  body: string | StreamedBody;
  format: WireFormat;
}

/** The call as OpenAI chat, for a channel in another format; a string says why it cannot be served. */
function chatCore(endpoint: Endpoint, body: RelayBody): Record<string, unknown> | string | undefined {
  if (!body.json) return undefined;
  if (endpoint.kind === 'chat') return body.json;
  return body.clientFormat === 'responses' ? responsesToChat(body.json) : undefined;
}

/** The request for one channel, in the channel's own format: passed through when the client speaks it too. */
export function upstreamRequest(
  app: Pick<FastifyInstance, 'settings'>,
  endpoint: Endpoint,
  body: RelayBody,
  channel: RoutableChannel,
  upstreamModel: string,
): UpstreamRequest | string {
  const format = channelFormat(channel.type);
  if (format === 'openai') {
    if (!channelTypeInfo(channel.type)?.openAICompatible && channel.type !== 0) {
      return `channel type ${channel.type} cannot serve OpenAI-format calls yet`;
    }
    // A call converted from another format is an OpenAI chat completion (or embedding) by now.
    const path =
      clientWire(body.clientFormat) === 'openai' || endpoint.kind !== 'chat'
        ? endpoint.path
        : '/v1/chat/completions';
    const target = openAITarget(channel, path, upstreamModel);
    const askUsage =
      takesStreamUsageOption(endpoint.kind) && (channelTypeInfo(channel.type)?.streamUsage ?? true);
    return { ...target, body: upstreamBody(endpoint, body, upstreamModel, askUsage), format };
  }
  if (format === 'gemini' && endpoint.geminiAction && body.original) {
    const action = endpoint.geminiAction;
    const versions = app.settings.json<Record<string, string>>('gemini.version_settings');
    const target = geminiTarget(channel, upstreamModel, false, versions, action);
    return {
      ...target,
      body: JSON.stringify(geminiEmbedUpstream(body.original, action, upstreamModel)),
      format,
    };
  }
  const chat = chatCore(endpoint, body);
  if (chat === undefined) return `a ${format} channel cannot serve ${endpoint.path}`;
  if (typeof chat === 'string') return chat;
  if (format === 'anthropic') {
    const native =
      body.clientFormat === 'anthropic' && body.original
        ? { ...body.original, model: upstreamModel }
        : toAnthropicRequest(chat, {
            upstreamModel,
            defaultMaxTokens: app.settings.json<Record<string, number>>('claude.default_max_tokens'),
            thinkingAdapterEnabled: app.settings.bool('claude.thinking_adapter_enabled'),
            thinkingBudgetPercentage: app.settings.number('claude.thinking_adapter_budget_tokens_percentage'),
            thinkingBudget: body.thinkingBudget,
          });
    const target = anthropicTarget(
      channel,
      String(native.model ?? upstreamModel),
      app.settings.json('claude.model_headers_settings'),
      body.clientFormat === 'anthropic' ? body.clientHeaders : {},
    );
    return { ...target, body: JSON.stringify(native), format };
  }
  const { model } = geminiThinkingFromModel(upstreamModel);
  const native =
    body.clientFormat === 'gemini' && body.original
      ? body.original
      : toGeminiRequest(chat, {
          safetySettings: app.settings.json<Record<string, string>>('gemini.safety_settings'),
          upstreamModel,
          thinkingBudget: body.thinkingBudget,
        });
  const target = geminiTarget(
    channel,
    model,
    body.stream,
    app.settings.json<Record<string, string>>('gemini.version_settings'),
  );
  return { ...target, body: JSON.stringify(native), format };
}

/** One attempt on one channel: the upstream's answer, or why it failed and whether to go on. */
export async function tryChannel(
  app: FastifyInstance,
  upstream: UpstreamClient,
  endpoint: Endpoint,
  body: RelayBody,
  channel: RoutableChannel,
  /** Aborted when the client goes away: the upstream call stops, and the channel is not blamed. */
  abort: AbortController,
): Promise<Success | Failure> {
  let upstreamModel: string;
  try {
    upstreamModel = mapModel(body.model, channel.modelMapping);
  } catch (error) {
    return { status: 500, message: (error as Error).message, retryable: true };
  }
  const request = upstreamRequest(app, endpoint, body, channel, upstreamModel);
  if (typeof request === 'string') return { status: 400, message: request, retryable: true };
  const { body: payload } = request;
  const headers =
    typeof payload === 'string'
      ? { ...request.headers, 'content-type': 'application/json' }
      : { ...request.headers, 'content-type': payload.contentType, 'content-length': String(payload.length) };
  let response: Dispatcher.ResponseData;
  try {
    response = await upstream.send(request.url, {
      method: 'POST',
      headers,
      body: typeof payload === 'string' ? payload : payload.stream(),
      signal: abort.signal,
      addressTrusted: channel.row.address_trusted !== 0,
    });
  } catch (error) {
    if (abort.signal.aborted) return CLIENT_GONE;
    const message = `upstream connection failed: ${(error as Error).message}`;
    await maybeDisableChannel(app, channel, 0, message);
    return { status: 502, message, retryable: isConnectionError(error) };
  }
  if (response.statusCode < 400)
    return { response, channel, channelFormat: request.format, upstreamModel, abort };
  const text = await readErrorText(response);
  const message = upstreamErrorMessage(text, response.statusCode);
  const status = mappedStatus(channel, response.statusCode);
  await maybeDisableChannel(app, channel, status, message);
  const retryAfterSeconds = upstreamRetryDelay(response.headers, text);
  return { status, message, retryable: isRetryableStatus(app, status), retryAfterSeconds };
}
