import { EventStreamCodec } from '@smithy/core/event-streams';
import { fromUtf8, toUtf8 } from '@smithy/core/serde';
import { collected, fixtureBytes, fixtureChunks } from './fixtures.ts';

const codec = new EventStreamCodec(toUtf8, fromUtf8);

/** The content type Bedrock's streams come with. */
export const EVENT_STREAM = { 'content-type': 'application/vnd.amazon.eventstream' };

/**
 * A recorded converse-stream (shared/fixtures/upstream/amazon-bedrock, one `{eventType: payload}`
 * a line, as decoded from the wire) as AWS event-stream frames again, one per event.
 */
export const converseFrames = (name: string): Buffer[] =>
  fixtureChunks(`amazon-bedrock/amazon-bedrock-${name}.chunks.txt`).map((line) => {
    const [type, payload] = Object.entries(JSON.parse(line) as Record<string, unknown>)[0]!;
    const frame = codec.encode({
      headers: {
        ':event-type': { type: 'string', value: type },
        ':content-type': { type: 'string', value: 'application/json' },
        ':message-type': { type: 'string', value: 'event' },
      },
      body: fromUtf8(JSON.stringify(payload)),
    });
    return Buffer.from(frame);
  });

/** A collected event-stream recording (upstream-collected/bedrock-invoke), bytes as captured. */
export const invokeStreamBytes = (file: string): Buffer => fixtureBytes(collected(`bedrock-invoke/${file}`));

/** Event-stream bytes cut into their frames (each starts with its total length, big-endian). */
export function framesOf(bytes: Buffer): Buffer[] {
  const frames: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += bytes.readUInt32BE(at))
    frames.push(bytes.subarray(at, at + bytes.readUInt32BE(at)));
  return frames;
}

/** The recorded modelStreamErrorException frame (a real exception message, as captured). */
export const exceptionFrame = (): Buffer =>
  invokeStreamBytes('invoke-with-response-stream.modelStreamErrorException.vercel-ai.eventstream.bin');
