import { EventStreamCodec, getChunkedStream, type Message } from '@smithy/core/event-streams';
import { fromUtf8, toUtf8 } from '@smithy/core/serde';
import type { SseEvent } from '../../sse.ts';
import type { StreamFraming } from '../provider-family.ts';

const codec = new EventStreamCodec(toUtf8, fromUtf8);

const header = (message: Message, name: string): string => {
  const value = message.headers[name]?.value;
  return typeof value === 'string' ? value : '';
};

/**
 * One event-stream message as an event: an event is named by its `:event-type` (messageStart,
 * contentBlockDelta, chunk, …) with its JSON payload as data; an exception by its
 * `:exception-type` (modelStreamErrorException, throttlingException, …) with its payload; an error
 * message as `error` with its code and message.
 */
export function bedrockEventOf(message: Message): SseEvent {
  const payload = toUtf8(message.body);
  switch (header(message, ':message-type')) {
    case 'exception':
      return { event: header(message, ':exception-type') || 'exception', data: payload };
    case 'error':
      return {
        event: 'error',
        data: JSON.stringify({
          code: header(message, ':error-code'),
          message: header(message, ':error-message'),
        }),
      };
    default:
      return { event: header(message, ':event-type'), data: payload };
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
