import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import { multipartBody } from '../../http/multipart-body.ts';
import { isFilePart } from '../../http/multipart-spool.ts';
import { openAITarget } from '../providers/openai/openai-target.ts';
import type { UpstreamClient } from '../routing/upstream-client.ts';
import { askChannel } from './upstream-answer.ts';
import type { VideoRequest } from './video-request.ts';

export interface SoraCall {
  method: 'GET' | 'POST';
  /** OpenAI's path (/v1/videos…), with its query. */
  path: string;
  body?: { contentType: string; length?: number; data: string | Readable };
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
  return askChannel(upstream, channel, target.url, {
    method: call.method,
    headers,
    body: call.body?.data,
    signal: call.signal,
  });
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
  // duration is new-api's name of seconds, read into request.seconds.
  const { duration: _duration, metadata, ...fields } = request.json ?? {};
  const extra = metadata && typeof metadata === 'object' && !Array.isArray(metadata) ? metadata : {};
  const sent: Record<string, unknown> = { ...fields, ...extra, model: upstreamModel, prompt: request.prompt };
  if (request.seconds !== undefined) sent.seconds = String(request.seconds);
  return { contentType: 'application/json', data: JSON.stringify(sent) };
}
