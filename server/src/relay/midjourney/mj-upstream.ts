import type { OptionsCache } from '../../cache/options-cache.ts';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import { channelBaseUrl } from '../../providers/channel-types.ts';
import { AnswerTooLarge, readBoundedAnswer } from '../tasks/bounded-answer.ts';
import type { UpstreamClient } from '../upstream-client.ts';
import { MJ_UNKNOWN_ERROR, MjError } from './wire.ts';

/** An upstream answer is read whole, up to this (a task list of a thousand drawings fits). */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

export interface MjCall {
  method: 'GET' | 'POST';
  /** The path from /mj on (a /mj-fast/… prefix taken off). */
  path: string;
  body?: Record<string, unknown>;
  timeoutMs: number;
  /** Ends the call early (the poller stopping). */
  signal?: AbortSignal;
}

/**
 * The drawing options (operation settings), as new-api applies them to what is sent: a callback
 * address (notifyHook) and an account filter pass only when their option allows it, and the mode
 * clear option strips --fast, --relax and --turbo from the prompt.
 */
export function withDrawingOptions(
  settings: OptionsCache,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const sent = { ...body };
  if (!settings.bool('MjAccountFilterEnabled')) delete sent.accountFilter;
  if (!settings.bool('MjNotifyEnabled')) delete sent.notifyHook;
  if (settings.bool('MjModeClearEnabled') && typeof sent.prompt === 'string') {
    sent.prompt = sent.prompt.replaceAll('--fast', '').replaceAll('--relax', '').replaceAll('--turbo', '');
  }
  return sent;
}

/** The channel's key as midjourney-proxy's mj-api-secret. */
const secretOf = (channel: RoutableChannel) => channel.row.key.trim().replace(/^Bearer\s+/i, '');

/** Calls a midjourney-proxy channel and reads its answer; an unreachable or silent one is code 5. */
export async function callMidjourney(
  upstream: UpstreamClient,
  channel: RoutableChannel,
  call: MjCall,
): Promise<{ status: number; text: string }> {
  const url = `${channelBaseUrl(channel.type, channel.row.base_url)}${call.path}`;
  let response;
  try {
    response = await upstream.send(url, {
      method: call.method,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'mj-api-secret': secretOf(channel),
      },
      body: call.body ? JSON.stringify(call.body) : undefined,
      signal: AbortSignal.any([AbortSignal.timeout(call.timeoutMs), ...(call.signal ? [call.signal] : [])]),
      addressTrusted: channel.row.address_trusted !== 0,
    });
  } catch {
    throw new MjError(MJ_UNKNOWN_ERROR, 'do_request_failed', 502);
  }
  try {
    return { status: response.statusCode, text: await readBoundedAnswer(response.body, MAX_ANSWER_BYTES) };
  } catch (error) {
    if (error instanceof AnswerTooLarge) throw new MjError(MJ_UNKNOWN_ERROR, 'response_body_too_large', 502);
    throw new MjError(MJ_UNKNOWN_ERROR, 'read_response_body_failed', 502);
  }
}
