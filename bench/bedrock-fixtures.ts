/**
 * The Bedrock row's traffic: an OpenAI chat stream through a Bedrock channel (type 33), which the
 * gateway sends to Converse and converts back. The mock answers the recorded converse-stream
 * (shared/fixtures/upstream/amazon-bedrock, read in place, never copied) as AWS event-stream
 * frames; without the recordings the row is skipped.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EventStreamCodec } from '@smithy/core/event-streams';
import { fromUtf8, toUtf8 } from '@smithy/core/serde';

const FIXTURES_DIR =
  process.env.RELAYGATE_FIXTURES ?? join(import.meta.dirname, '..', '..', 'shared', 'fixtures', 'upstream');
const RECORDING = join(FIXTURES_DIR, 'amazon-bedrock', 'amazon-bedrock-text.chunks.txt');

/** A Claude model new-api maps to its Bedrock id (us.anthropic.claude-3-haiku-…): priced by default. */
export const BEDROCK_MODEL = 'claude-3-haiku-20240307';
/** The channel's base path on the mock. */
export const BEDROCK_PREFIX = '/bedrock';
export const BEDROCK_KEY = 'AKIDBENCHEXAMPLE|bench/secret/access/key|us-east-1';

export const BEDROCK_STREAM_REQUEST = JSON.stringify({
  model: BEDROCK_MODEL,
  messages: [{ role: 'user', content: 'How many r in strawberry?' }],
  max_tokens: 200,
  stream: true,
  stream_options: { include_usage: true },
});

/** The recorded events, one `{eventType: payload}` a line; empty when the recordings are not there. */
const recorded: Array<[string, unknown]> = existsSync(RECORDING)
  ? readFileSync(RECORDING, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => Object.entries(JSON.parse(line) as Record<string, unknown>)[0]!)
  : [];

export const bedrockRecorded = recorded.length > 0;
export const BEDROCK_RECORDING = RECORDING;

/** The text the recorded stream adds up to: what a whole answer carries. */
export const BEDROCK_TEXT = recorded
  .map(([type, payload]) =>
    type === 'contentBlockDelta' ? ((payload as { delta?: { text?: string } }).delta?.text ?? '') : '',
  )
  .join('');

/** The recorded stream as the frames Bedrock sends, all in one buffer. */
export function bedrockFrames(): Buffer {
  const codec = new EventStreamCodec(toUtf8, fromUtf8);
  return Buffer.concat(
    recorded.map(([type, payload]) =>
      codec.encode({
        headers: {
          ':event-type': { type: 'string', value: type },
          ':content-type': { type: 'string', value: 'application/json' },
          ':message-type': { type: 'string', value: 'event' },
        },
        body: fromUtf8(JSON.stringify(payload)),
      }),
    ),
  );
}
