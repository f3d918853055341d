import { fixtureChunks, fixtureJson } from './fixtures.ts';
import type { Json } from '../../src/relay/formats/types.ts';

/** Test support: the recorded Converse answers and streams (shared/fixtures/upstream/amazon-bedrock). */
export const BEDROCK_DIR = 'amazon-bedrock';

export const bedrockAnswer = (name: string): Json =>
  fixtureJson(`${BEDROCK_DIR}/amazon-bedrock-${name}.json`);

/**
 * A recorded converse-stream, one `{eventType: payload}` per line (as decoded from the
 * event-stream), as the events the decoder makes: named by their type, the payload as data.
 */
export const bedrockStreamEvents = (name: string): Array<{ event: string; data: Json }> =>
  fixtureChunks(`${BEDROCK_DIR}/amazon-bedrock-${name}.chunks.txt`).map((line) => {
    const [event, data] = Object.entries(JSON.parse(line) as Json)[0]!;
    return { event, data: data as Json };
  });
