import type { Dispatcher } from 'undici';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import { multipartBody } from '../../http/multipart-body.ts';
import { isFilePart } from '../../http/multipart-spool.ts';
import { msg } from '../../i18n/text.ts';
import { openAITarget } from '../providers/openai/openai-target.ts';
import { RelayError } from '../relay-error.ts';
import { AnswerTooLarge, readBoundedAnswer } from '../tasks/bounded-answer.ts';
import type { UpstreamClient } from '../upstream-client.ts';
import type { VideoRequest } from './video-request.ts';

/** An answer (a task object or an error) is read whole, up to this. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

export interface SoraCall {
  method: 'GET' | 'POST';
  /** OpenAI's path (/v1/videos…), with its query. */
  path: string;
  body?: { contentType: string; length?: number; data: string | NodeJS.ReadableStream };
  /** Ends the call early; without one, only the client's idle timeout bounds it (a long download). */
  signal?: AbortSignal;
  accept?: string;
}

/** Calls an OpenAI-type channel's Videos API; an unreachable one is the caller's 502. */
export async function callSora(
  upstream: UpstreamClient,
  channel: RoutableChannel,
  call: SoraCall,
): Promise<Dispatcher.ResponseData> {
  const target = await openAITarget(channel, call.path);
  const headers: Record<string, string> = { ...target.headers, accept: call.accept ?? 'application/json' };
  if (call.body) headers['content-type'] = call.body.contentType;
  if (call.body?.length !== undefined) headers['content-length'] = String(call.body.length);
  try {
    return await upstream.send(target.url, {
      method: call.method,
      headers,
      body: call.body?.data as string | undefined,
      signal: call.signal,
      addressTrusted: channel.row.address_trusted !== 0,
    });
  } catch {
    throw new RelayError(502, msg('video.upstreamUnreachable'), 'upstream_unreachable', 'upstream_error');
  }
}

/** An upstream answer as JSON (undefined when it is not a JSON object), read within a bound. */
export async function readJsonAnswer(
  response: Dispatcher.ResponseData,
): Promise<{ status: number; json: Record<string, unknown> | undefined }> {
  let text: string;
  try {
    text = await readBoundedAnswer(response.body, MAX_ANSWER_BYTES);
  } catch (error) {
    if (error instanceof AnswerTooLarge) return { status: response.statusCode, json: undefined };
    throw new RelayError(502, msg('video.upstreamUnreachable'), 'upstream_unreachable', 'upstream_error');
  }
  try {
    const value: unknown = JSON.parse(text);
    const json =
      value && typeof value === 'object' && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : undefined;
    return { status: response.statusCode, json };
  } catch {
    return { status: response.statusCode, json: undefined };
  }
}

/**
 * An upstream's refusal as the caller's error: its own message and code where it gave them; its
 * status unless that would speak of the caller's key (401, 403) or be the gateway's fault (5xx):
 * those are a 502.
 */
export function upstreamRefusal(status: number, json: Record<string, unknown> | undefined): RelayError {
  const error = (json?.error ?? {}) as Record<string, unknown>;
  const message =
    typeof error.message === 'string' && error.message !== ''
      ? error.message
      : `upstream answered HTTP ${status}`;
  const code = typeof error.code === 'string' ? error.code : 'upstream_error';
  const passed = status >= 400 && status < 500 && status !== 401 && status !== 403;
  return new RelayError(
    passed ? status : 502,
    message,
    code,
    passed ? String(error.type ?? 'invalid_request_error') : 'upstream_error',
  );
}

/**
 * The body sent to /v1/videos: a form is sent on as a form (its files streamed from the spool, the
 * model replaced by the channel's name for it); JSON as OpenAI's fields. new-api's
 * /v1/video/generations form (duration, metadata) is rewritten into OpenAI's.
 */
export function soraSubmitBody(request: VideoRequest, upstreamModel: string): NonNullable<SoraCall['body']> {
  const form = request.form;
  if (form) {
    const parts = form.parts.map((part) =>
      !isFilePart(part) && part.name === 'model' ? { ...part, value: upstreamModel } : part,
    );
    if (!parts.some((part) => part.name === 'model')) parts.unshift({ name: 'model', value: upstreamModel });
    const body = multipartBody(parts, (part) => form.read(part));
    return { contentType: body.contentType, length: body.length, data: body.stream() };
  }
  const { duration, metadata, ...fields } = request.json ?? {};
  const extra = metadata && typeof metadata === 'object' && !Array.isArray(metadata) ? metadata : {};
  const sent: Record<string, unknown> = { ...fields, ...extra, model: upstreamModel, prompt: request.prompt };
  if (fields.seconds !== undefined || duration !== undefined) sent.seconds = String(request.seconds);
  return { contentType: 'application/json', data: JSON.stringify(sent) };
}
