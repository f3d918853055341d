import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import { msg } from '../../i18n/text.ts';
import { RelayError } from '../call/relay-error.ts';
import { AnswerTooLarge, readBoundedAnswer } from '../tasks/bounded-answer.ts';
import type { UpstreamClient } from '../routing/upstream-client.ts';

/**
 * Reading a video upstream's answers (Sora's and Kling's): a task object or an error, read whole
 * within a bound, and a refusal turned into the caller's error.
 */

/** An answer (a task object or an error) is read whole, up to this. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** The upstream could not be reached, or broke off: the caller's 502. */
export const upstreamUnreachable = (): RelayError =>
  new RelayError(502, msg('video.upstreamUnreachable'), 'upstream_unreachable', 'upstream_error');

/** One call of a video channel at `url`, through its outbound guard; an unreachable one is the caller's 502. */
export async function askChannel(
  upstream: UpstreamClient,
  channel: RoutableChannel,
  url: string,
  init: {
    method: 'GET' | 'POST';
    headers: Record<string, string>;
    body?: string | Readable;
    signal?: AbortSignal;
  },
): Promise<Dispatcher.ResponseData> {
  try {
    return await upstream.send(url, { ...init, addressTrusted: channel.row.address_trusted !== 0 });
  } catch {
    throw upstreamUnreachable();
  }
}

/** The upstream answered something that is not a task: the caller's 502. */
export const upstreamGarbled = (): RelayError =>
  new RelayError(502, msg('video.upstreamGarbled'), 'bad_response_body', 'upstream_error');

/** An upstream answer as JSON (undefined when it is not a JSON object), read within a bound. */
export async function readJsonAnswer(
  response: Dispatcher.ResponseData,
): Promise<{ status: number; json: Record<string, unknown> | undefined }> {
  let text: string;
  try {
    text = await readBoundedAnswer(response.body, MAX_ANSWER_BYTES);
  } catch (error) {
    if (error instanceof AnswerTooLarge) return { status: response.statusCode, json: undefined };
    throw upstreamUnreachable();
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
