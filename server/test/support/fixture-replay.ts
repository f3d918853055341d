import { fixtureChunks, fixtureJson, fixtureSseData } from './fixtures.ts';
import type { Json, OutEvent, StreamConverter } from '../../src/relay/formats/types.ts';

/**
 * Test support: replays recorded OpenAI chat streams through a converter, and works out from the
 * recording itself (never from converter code) what the converted output must contain.
 */

/** The chunks of a recording: a .chunks.txt (one JSON a line) or a raw .sse file. */
export const recordedChunks = (path: string): Json[] =>
  (path.endsWith('.sse') ? fixtureSseData(path) : fixtureChunks(path)).map(
    (line) => JSON.parse(line) as Json,
  );

export const recordedAnswer = (path: string): Json => fixtureJson(path);

export function replay(converter: StreamConverter, chunks: Json[]): OutEvent[] {
  return [...chunks.flatMap((data) => converter.push({ data })), ...converter.end()];
}

export interface Expected {
  text: string;
  reasoning: string;
  tools: { name: string; input: unknown }[];
}

/** Text pieces of a content value: a string, or Mistral-style typed parts. */
function pieces(content: unknown, type: 'text' | 'thinking'): string {
  if (typeof content === 'string') return type === 'text' ? content : '';
  if (!Array.isArray(content)) return '';
  let out = '';
  for (const part of content as Json[]) {
    if (part.type !== type) continue;
    out += type === 'text' ? String(part.text) : pieces(part.thinking, 'text');
  }
  return out;
}

/** Text, reasoning and whole tool calls of a recorded stream. */
export function expectedFromChunks(chunks: Json[]): Expected {
  const expected: Expected = { text: '', reasoning: '', tools: [] };
  const calls = new Map<string, { name: string; args: string }>();
  for (const chunk of chunks) {
    const delta = ((chunk.choices as Json[] | undefined)?.[0]?.delta ?? {}) as Json;
    expected.text += pieces(delta.content, 'text');
    expected.reasoning +=
      pieces(delta.content, 'thinking') + String(delta.reasoning_content ?? delta.reasoning ?? '');
    for (const call of (delta.tool_calls ?? []) as Json[]) {
      const fn = call.function as Json;
      const key = call.index !== undefined ? `#${String(call.index)}` : String(call.id);
      const entry = calls.get(key) ?? { name: '', args: '' };
      entry.name ||= String(fn.name ?? '');
      entry.args += String(fn.arguments ?? '');
      calls.set(key, entry);
    }
  }
  expected.tools = [...calls.values()].map(({ name, args }) => ({ name, input: JSON.parse(args || '{}') }));
  return expected;
}

/** Text, reasoning and tool calls of a recorded whole answer. */
export function expectedFromAnswer(answer: Json): Expected {
  const message = (answer.choices as Json[])[0].message as Json;
  return {
    text: pieces(message.content, 'text'),
    reasoning:
      pieces(message.content, 'thinking') + String(message.reasoning_content ?? message.reasoning ?? ''),
    tools: ((message.tool_calls ?? []) as Json[]).map((call) => {
      const fn = call.function as Json;
      return { name: String(fn.name), input: JSON.parse(String(fn.arguments) || '{}') };
    }),
  };
}
