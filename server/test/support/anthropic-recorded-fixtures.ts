import { asArray, asObject } from '../../src/relay/formats/json-read.ts';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR, fixtureChunks, fixtureJson, fixturesAvailable } from './fixtures.ts';
import type { Json } from '../../src/relay/formats/types.ts';

/**
 * Test support: the recorded Anthropic answers (shared/fixtures/upstream/anthropic), read in
 * place at test time. Not a test file itself, and not used outside tests.
 */
export { fixturesAvailable };

/** What each recorded stop_reason must come out as, written out by hand. */
export const EXPECTED_FINISH: Record<string, string> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  pause_turn: 'stop',
  max_tokens: 'length',
  tool_use: 'tool_calls',
  refusal: 'content_filter',
};

/** The blocks the converters turn into OpenAI output; server-tool blocks are not among them. */
export const CONVERTED_BLOCKS = new Set(['text', 'thinking', 'tool_use']);

/** The names (without extension) of the recordings ending in `extension`, sorted. */
export function anthropicRecordings(extension: '.json' | '.chunks.txt'): string[] {
  if (!fixturesAvailable) return [];
  return readdirSync(join(FIXTURES_DIR, 'anthropic'), { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(extension))
    .map((entry) => entry.name.slice(0, -extension.length))
    .sort();
}

export const recordedMessage = (name: string): Json => fixtureJson(`anthropic/${name}.json`);

/**
 * A stream recording as the upstream calls it holds: some recordings chain the calls of a
 * multi-step run, so the events are cut after each message_stop, one list per call.
 */
export function recordedStreams(name: string): Json[][] {
  const calls: Json[][] = [[]];
  for (const line of fixtureChunks(`anthropic/${name}.chunks.txt`)) {
    const event = JSON.parse(line) as Json;
    calls[calls.length - 1]!.push(event);
    if (event.type === 'message_stop') calls.push([]);
  }
  return calls.filter((events) => events.length > 0);
}

/** Whether an answer's blocks are all of kinds the converters leave out (server tools only). */
export const onlyUnconvertedBlocks = (blocks: unknown[]): boolean =>
  blocks.length > 0 && !blocks.some((block) => CONVERTED_BLOCKS.has(String(asObject(block)?.type)));

/** The content blocks a stream recording starts, in order (those inside message_start first). */
export const streamBlocks = (events: Json[]): unknown[] =>
  events.flatMap((event) =>
    event.type === 'message_start'
      ? asArray(asObject(event.message)?.content)
      : event.type === 'content_block_start'
        ? [event.content_block]
        : [],
  );

/**
 * What a recorded Anthropic usage object bills, summed by hand over the top level and its
 * compaction iterations (the oracle the converters' numbers are checked against).
 */
export function recordedTotals(usage: Json) {
  const parts = [usage, ...asArray(usage.iterations).map((item) => asObject(item) ?? {})].filter(
    (part) => part === usage || part.type === 'compaction',
  );
  const sum = (field: string) =>
    parts.reduce((total, part) => total + ((part[field] as number | undefined) ?? 0), 0);
  const cached = sum('cache_read_input_tokens');
  const created = sum('cache_creation_input_tokens');
  return {
    prompt: sum('input_tokens') + cached + created,
    completion: sum('output_tokens'),
    cached,
    created,
  };
}

/** OpenAI chunks read back into the answer they carry. */
export interface CollectedAnswer {
  roles: unknown[];
  content: string;
  reasoning: string;
  toolCalls: { id: string; name: string; arguments: string }[];
  finishReasons: unknown[];
  usages: Json[];
  errors: Json[];
}

/** Reads OpenAI chat chunks back into one answer, checking tool call deltas on the way. */
export function collectChunks(chunks: Json[]): CollectedAnswer {
  const answer: CollectedAnswer = {
    roles: [],
    content: '',
    reasoning: '',
    toolCalls: [],
    finishReasons: [],
    usages: [],
    errors: [],
  };
  for (const chunk of chunks) {
    if (chunk.error) answer.errors.push(asObject(chunk.error)!);
    if (chunk.usage) answer.usages.push(asObject(chunk.usage)!);
    for (const item of asArray(chunk.choices)) {
      const choice = asObject(item)!;
      const delta = asObject(choice.delta) ?? {};
      if (delta.role !== undefined) answer.roles.push(delta.role);
      answer.content += (delta.content as string | undefined) ?? '';
      answer.reasoning += (delta.reasoning_content as string | undefined) ?? '';
      for (const callItem of asArray(delta.tool_calls)) {
        const call = asObject(callItem)!;
        const fn = asObject(call.function)!;
        const index = call.index as number;
        if (call.id !== undefined) {
          if (index !== answer.toolCalls.length || call.type !== 'function' || fn.arguments !== '')
            throw new Error(
              `tool call ${index} does not open as the next function call: ${JSON.stringify(call)}`,
            );
          answer.toolCalls.push({ id: call.id as string, name: fn.name as string, arguments: '' });
        } else {
          answer.toolCalls[index]!.arguments += fn.arguments as string;
        }
      }
      if (choice.finish_reason !== null && choice.finish_reason !== undefined)
        answer.finishReasons.push(choice.finish_reason);
    }
  }
  return answer;
}
