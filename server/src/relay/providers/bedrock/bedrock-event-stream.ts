import { EventStreamCodec, getChunkedStream, type Message } from '@smithy/core/event-streams';
import { fromBase64, fromUtf8, toUtf8 } from '@smithy/core/serde';
import type { SseEvent } from '../../answer/sse.ts';
import type { StreamFraming } from '../provider-family.ts';
import { bedrockStreamError } from './bedrock-stream-error.ts';

const codec = new EventStreamCodec(toUtf8, fromUtf8);

const header = (message: Message, name: string): string => {
  const value = message.headers[name]?.value;
  return typeof value === 'string' ? value : '';
};

/**
 * InvokeModelWithResponseStream's `chunk` event carries the model's own event, base64 in `bytes`
 * (`{"bytes":"…","p":"padding"}`): that event, named by its `type` as the model's own stream
 * names it (Anthropic's message_start, content_block_delta, …). Null when the payload is no such chunk
 * (not JSON, no base64 `bytes`).
 */
function invokeChunkEvent(payload: string): SseEvent | null {
  let data: string;
  try {
    const { bytes } = JSON.parse(payload) as { bytes?: unknown };
    if (typeof bytes !== 'string') return null;
    data = toUtf8(fromBase64(bytes));
  } catch {
    return null; // not JSON, or not base64: passed on as the chunk it is
  }
  try {
    const { type } = JSON.parse(data) as { type?: unknown };
    return typeof type === 'string' ? { event: type, data } : { data };
  } catch {
    return { data };
  }
}

/**
 * One event-stream message as an event: Converse's events named by their `:event-type`
 * (messageStart, contentBlockDelta, …) with their JSON payload as data; an InvokeModel `chunk` as
 * the model event inside it; an exception (modelStreamErrorException, throttlingException, …) or
 * an error message as an `error` event shaped as Anthropic's streams send one (see
 * bedrock-stream-error.ts), so that a stream passed through to an Anthropic client fails in its
 * client's own words.
 */
export function bedrockEventOf(message: Message): SseEvent {
  const payload = toUtf8(message.body);
  switch (header(message, ':message-type')) {
    case 'exception':
      return bedrockStreamError(header(message, ':exception-type') || 'exception', payload);
    case 'error':
      return bedrockStreamError(
        header(message, ':error-code') || 'error',
        JSON.stringify({ message: header(message, ':error-message') }),
      );
    default: {
      const type = header(message, ':event-type');
      return (type === 'chunk' && invokeChunkEvent(payload)) || { event: type, data: payload };
    }
  }
}

/**
 * AWS's binary event-stream (application/vnd.amazon.eventstream) as events: the library splits the
 * bytes into messages and checks their CRCs; a broken or cut frame fails the stream.
 */
export async function* bedrockEventBatches(body: AsyncIterable<Uint8Array>): AsyncIterable<SseEvent[]> {
  for await (const frame of getChunkedStream(body)) yield [bedrockEventOf(codec.decode(frame))];
}

export const BEDROCK_STREAM_FRAMING: StreamFraming = {
  contentType: 'application/vnd.amazon.eventstream',
  events: bedrockEventBatches,
};
