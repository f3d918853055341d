import type { RoutableChannel } from '../../cache/channel-index.ts';
import { AnswerTooLarge, readBoundedAnswer } from './bounded-answer.ts';
import { channelBaseUrl } from '../../providers/channel-types.ts';
import type { UpstreamClient } from '../routing/upstream-client.ts';

/** A task upstream's answer is read whole, up to this (a list of a thousand tasks fits). */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** Why a task upstream gave no answer: each platform names it in its own error shape. */
export type TaskUpstreamFault = 'do_request_failed' | 'response_body_too_large' | 'read_response_body_failed';

/** A task upstream could not be asked, or its answer could not be read whole. */
export class TaskUpstreamError extends Error {
  readonly fault: TaskUpstreamFault;
  constructor(fault: TaskUpstreamFault) {
    super(fault);
    this.fault = fault;
  }
}

export interface TaskUpstreamCall {
  method: 'GET' | 'POST';
  /** The path after the channel's base URL. */
  path: string;
  /** The platform's own headers (its key, its content type). */
  headers: Record<string, string>;
  body?: Record<string, unknown>;
  timeoutMs: number;
  /** Ends the call early (the poller stopping). */
  signal?: AbortSignal;
}

/**
 * One call to a task platform's channel (a midjourney-proxy, a Suno API): sent through the channel's
 * outbound guard with a deadline, and its answer read whole as text. An unreachable or silent
 * channel, or an answer too large, is a TaskUpstreamError.
 */
export async function callTaskUpstream(
  upstream: UpstreamClient,
  channel: RoutableChannel,
  call: TaskUpstreamCall,
): Promise<{ status: number; text: string }> {
  const url = `${channelBaseUrl(channel.type, channel.row.base_url)}${call.path}`;
  let response;
  try {
    response = await upstream.send(url, {
      method: call.method,
      headers: call.headers,
      body: call.body ? JSON.stringify(call.body) : undefined,
      signal: AbortSignal.any([AbortSignal.timeout(call.timeoutMs), ...(call.signal ? [call.signal] : [])]),
      addressTrusted: channel.row.address_trusted !== 0,
    });
  } catch {
    throw new TaskUpstreamError('do_request_failed');
  }
  try {
    return { status: response.statusCode, text: await readBoundedAnswer(response.body, MAX_ANSWER_BYTES) };
  } catch (error) {
    if (error instanceof AnswerTooLarge) throw new TaskUpstreamError('response_body_too_large');
    throw new TaskUpstreamError('read_response_body_failed');
  }
}
