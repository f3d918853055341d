import { EventStreamCodec } from '@smithy/core/event-streams';
import { fromUtf8, toUtf8 } from '@smithy/core/serde';
import { describe, expect, it } from 'vitest';
import {
  collected,
  collectedAvailable,
  fixtureBytes,
  fixtureChunks,
} from '../../../../test/support/fixtures.ts';
import type { SseEvent } from '../../answer/sse.ts';
import { bedrockEventBatches } from './bedrock-event-stream.ts';

const DIR = 'bedrock-invoke/invoke-with-response-stream';
const bytesOf = (path: string): Buffer => fixtureBytes(collected(path));

/** The bytes as they might arrive: cut into pieces of `size` bytes, across frame boundaries. */
async function* pieces(bytes: Buffer, size: number): AsyncIterable<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function decode(bytes: Buffer, size: number): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  for await (const batch of bedrockEventBatches(pieces(bytes, size))) events.push(...batch);
  return events;
}

describe.skipIf(!collectedAvailable)('bedrockEventBatches on recorded event-stream frames', () => {
  it.each([7, 64, 100_000])('decodes a live InvokeModel stream cut every %i bytes', async (size) => {
    const events = await decode(
      bytesOf(`${DIR}.anthropic.claude-sonnet-4-5.live-envoy-ai-gateway.eventstream.bin`),
      size,
    );
    // The recording's own decoding of each chunk's base64 bytes: the Anthropic events inside.
    const expected = fixtureChunks(
      collected(`${DIR}.anthropic.claude-sonnet-4-5.live-envoy-ai-gateway.decoded-bytes.chunks.txt`),
    ).map((line) => JSON.parse(line) as { type: string });
    expect(events.map((event) => event.event)).toEqual(expected.map((inner) => inner.type));
    expect(events.map((event) => JSON.parse(event.data) as unknown)).toEqual(expected);
  });

  it('decodes a single-frame recording', async () => {
    const events = await decode(
      bytesOf(`${DIR}.anthropic.content_block_delta.live-brainlid.eventstream.bin`),
      5,
    );
    const expected = fixtureChunks(
      collected(`${DIR}.anthropic.content_block_delta.live-brainlid.decoded-bytes.chunks.txt`),
    );
    expect(events).toEqual([{ event: 'content_block_delta', data: expect.any(String) }]);
    expect(JSON.parse(events[0]!.data)).toEqual(JSON.parse(expected[0]!));
  });

  it('makes an exception frame an Anthropic-shaped error event led by its exception type', async () => {
    const events = await decode(bytesOf(`${DIR}.modelStreamErrorException.vercel-ai.eventstream.bin`), 16);
    expect(events).toHaveLength(1);
    expect(events[0]!.event).toBe('error');
    expect(JSON.parse(events[0]!.data)).toEqual({
      type: 'error',
      error: { type: 'api_error', message: 'modelStreamErrorException: Model Stream Error' },
    });
  });

  it('fails a stream cut inside a frame, and one whose checksum is wrong', async () => {
    const bytes = bytesOf(`${DIR}.anthropic.content_block_delta.live-brainlid.eventstream.bin`);
    await expect(decode(bytes.subarray(0, bytes.length - 3), 10)).rejects.toThrow(/Truncated/);
    const corrupt = Buffer.from(bytes);
    corrupt[corrupt.length - 10] = corrupt[corrupt.length - 10]! ^ 0xff;
    await expect(decode(corrupt, 10)).rejects.toThrow(/checksum/i);
  });
});

describe('bedrockEventBatches on an error message', () => {
  it('reads :error-code and :error-message into an error event', async () => {
    const codec = new EventStreamCodec(toUtf8, fromUtf8);
    const frame = codec.encode({
      headers: {
        ':message-type': { type: 'string', value: 'error' },
        ':error-code': { type: 'string', value: 'InternalFailure' },
        ':error-message': { type: 'string', value: 'something broke' },
      },
      body: new Uint8Array(0),
    });
    const events = await decode(Buffer.from(frame), 1000);
    expect(events.map((event) => JSON.parse(event.data) as unknown)).toEqual([
      { type: 'error', error: { type: 'api_error', message: 'InternalFailure: something broke' } },
    ]);
  });
});

describe('bedrockEventBatches on a chunk that carries no model event', () => {
  const chunk = (payload: string) =>
    Buffer.from(
      new EventStreamCodec(toUtf8, fromUtf8).encode({
        headers: {
          ':message-type': { type: 'string', value: 'event' },
          ':event-type': { type: 'string', value: 'chunk' },
        },
        body: fromUtf8(payload),
      }),
    );

  it.each(['not json', '{"bytes":"%%% not base64 %%%"}', '{"bytes":42}'])(
    'passes %j on as the chunk it is, without failing the stream',
    async (payload) => {
      expect(await decode(chunk(payload), 1000)).toEqual([{ event: 'chunk', data: payload }]);
    },
  );
});
