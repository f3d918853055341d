import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FIXTURES_DIR,
  fixtureChunks,
  fixtureJson,
  fixturesAvailable,
} from '../../../../test/support/fixtures.ts';
import { readOpenAIUsage, type Usage } from '../../answer/usage.ts';
import type { Json } from '../../formats/types.ts';
import { GeminiToOpenAIChatStream } from './gemini-stream-to-openai-chat.ts';
import { fromGeminiResponse } from './gemini-to-openai-chat.ts';

/**
 * Replays every recorded Gemini answer (google/*.json, google/*.chunks.txt) through the
 * converters. What the answer must say (text, thoughts, calls and their arguments) is read from
 * the recording itself; finish reasons and token counts are the recorded ones, written out.
 */

const FOLDER = 'google';
/** An error body, not an answer: gemini-error.test.ts replays it. */
const NOT_ANSWERS = new Set(['google-429-retry-info.json']);

interface Expected {
  finish: string;
  usage: Usage;
  tools: string[];
}
const usage = (promptTokens: number, candidates: number, thoughts: number): Usage => ({
  promptTokens,
  completionTokens: candidates + thoughts,
  cachedTokens: 0,
  reasoningTokens: thoughts,
});
const EXPECTED: Record<string, Expected> = {
  'google-text.json': { finish: 'stop', usage: usage(9, 28, 244), tools: [] },
  'google-reasoning.json': { finish: 'stop', usage: usage(9, 29, 282), tools: [] },
  'google-reasoning-gemini3.json': { finish: 'stop', usage: usage(9, 29, 258), tools: [] },
  'google-tool-call.json': { finish: 'tool_calls', usage: usage(29, 15, 893), tools: ['weather'] },
  'google-tool-call-gemini3.json': { finish: 'tool_calls', usage: usage(29, 15, 1801), tools: ['weather'] },
  'google-text.chunks.txt': { finish: 'stop', usage: usage(9, 23, 185), tools: [] },
  'google-reasoning.chunks.txt': { finish: 'stop', usage: usage(9, 29, 256), tools: [] },
  'google-reasoning-gemini3.chunks.txt': { finish: 'stop', usage: usage(9, 23, 302), tools: [] },
  'google-tool-call.chunks.txt': { finish: 'tool_calls', usage: usage(29, 15, 45), tools: ['weather'] },
  'google-tool-call-gemini3.chunks.txt': {
    finish: 'tool_calls',
    usage: usage(29, 15, 804),
    tools: ['weather'],
  },
  'google-stream-no-args-tool-call.chunks.txt': {
    finish: 'tool_calls',
    usage: usage(249, 58, 183),
    tools: ['read_theme', 'read_screen', 'read_screen', 'read_screen'],
  },
  'google-stream-tool-call-array-arguments-missing-terminal-function-call.chunks.txt': {
    finish: 'tool_calls',
    usage: usage(54, 74, 121),
    tools: ['writeItems'],
  },
  'google-vertex-stream-tool-call-arguments-nested.1.chunks.txt': {
    finish: 'tool_calls',
    usage: usage(31, 684, 1026),
    tools: ['cookRecipe'],
  },
};

const recordings = fixturesAvailable
  ? readdirSync(join(FIXTURES_DIR, FOLDER))
      .filter((name) => statSync(join(FIXTURES_DIR, FOLDER, name)).isFile())
      .filter((name) => (name.endsWith('.json') || name.endsWith('.chunks.txt')) && !NOT_ANSWERS.has(name))
      .sort()
  : [];

/** A call as the recording states it: whole args, or the values its partialArgs stream per path. */
interface RecordedCall {
  name: string;
  args?: Json;
  partial: Map<string, unknown>;
}

/** What the recorded events say, read independently of the converters (first candidate only). */
function readRecording(events: Json[]): { text: string; reasoning: string; calls: RecordedCall[] } {
  let text = '';
  let reasoning = '';
  const calls: RecordedCall[] = [];
  for (const event of events) {
    const candidate = (event.candidates as Json[] | undefined)?.[0];
    for (const part of ((candidate?.content as Json | undefined)?.parts ?? []) as Json[]) {
      if (typeof part.text === 'string') {
        if (part.thought) reasoning += part.text;
        else text += part.text;
      }
      const fc = part.functionCall as Json | undefined;
      if (!fc) continue;
      if (typeof fc.name === 'string')
        calls.push({ name: fc.name, args: fc.args as Json, partial: new Map() });
      for (const arg of (fc.partialArgs ?? []) as Json[]) {
        const map = calls.at(-1)!.partial;
        const path = arg.jsonPath as string;
        const value =
          'stringValue' in arg ? arg.stringValue : 'numberValue' in arg ? arg.numberValue : arg.boolValue;
        map.set(
          path,
          typeof value === 'string' ? `${(map.get(path) as string | undefined) ?? ''}${value}` : value,
        );
      }
    }
  }
  return { text, reasoning, calls };
}

const valueAt = (root: unknown, path: string): unknown =>
  path
    .slice(1)
    .split(/[.[\]]/)
    .filter((key) => key !== '')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], root);

const countLeaves = (value: unknown): number =>
  value !== null && typeof value === 'object'
    ? Object.values(value).reduce<number>((sum, child) => sum + countLeaves(child), 0)
    : 1;

/** Tool call arguments (JSON text) against the recording: same args, or every streamed value in place. */
function expectArguments(argumentsText: string, recorded: RecordedCall): void {
  const args = JSON.parse(argumentsText) as Json;
  if (recorded.partial.size === 0) {
    expect(args).toEqual(recorded.args ?? {});
    return;
  }
  for (const [path, value] of recorded.partial) {
    expect(valueAt(args, path), path).toEqual(value);
    for (const index of path.matchAll(/\[\d+\]/g)) {
      expect(Array.isArray(valueAt(args, path.slice(0, index.index))), path).toBe(true);
    }
  }
  expect(countLeaves(args)).toBe(recorded.partial.size);
}

/** The chunks a stream converter sent, put back together as the client would. */
function collectStream(chunks: Json[]) {
  const calls: { id: string; name: string; arguments: string }[] = [];
  let content = '';
  let reasoning = '';
  let finish: unknown;
  for (const chunk of chunks) {
    for (const choice of chunk.choices as Json[]) {
      const delta = choice.delta as Json;
      content += (delta.content as string | undefined) ?? '';
      reasoning += (delta.reasoning_content as string | undefined) ?? '';
      for (const call of (delta.tool_calls ?? []) as Json[]) {
        const fn = call.function as Json;
        expect(call.index).toBe(calls.length);
        expect(() => JSON.parse(fn.arguments as string)).not.toThrow();
        calls.push({ id: call.id as string, name: fn.name as string, arguments: fn.arguments as string });
      }
      if (choice.finish_reason) finish = choice.finish_reason;
    }
  }
  return { chunks, calls, content, reasoning, finish };
}

describe.skipIf(!fixturesAvailable)('recorded Gemini answers', () => {
  it('finds the recordings, and knows the finish and usage of each', () => {
    expect(recordings.length).toBeGreaterThan(0);
    for (const name of recordings) expect(Object.keys(EXPECTED), name).toContain(name);
  });

  for (const name of recordings.filter((n) => n.endsWith('.json'))) {
    it(`converts ${name}`, () => {
      const response = fixtureJson<Json>(`${FOLDER}/${name}`);
      const recorded = readRecording([response]);
      const { body, usage: converted } = fromGeminiResponse(response, 'gemini-test');
      expect(body).toMatchObject({ object: 'chat.completion', model: 'gemini-test' });
      const [choice] = body.choices as Json[];
      const message = choice!.message as Json;
      const toolCalls = (message.tool_calls ?? []) as Json[];
      expect(message.content).toBe(recorded.text || (toolCalls.length > 0 ? null : ''));
      expect(message.reasoning_content).toBe(recorded.reasoning || undefined);
      expect(toolCalls.map((call) => (call.function as Json).name)).toEqual(EXPECTED[name]!.tools);
      toolCalls.forEach((call, i) =>
        expectArguments((call.function as Json).arguments as string, recorded.calls[i]!),
      );
      expect(new Set(toolCalls.map((call) => call.id)).size).toBe(toolCalls.length);
      expect(choice!.finish_reason).toBe(EXPECTED[name]!.finish);
      expect(converted).toEqual(EXPECTED[name]!.usage);
      expect(readOpenAIUsage(body.usage)).toEqual(converted);
    });
  }

  for (const name of recordings.filter((n) => n.endsWith('.chunks.txt'))) {
    it(`streams ${name}`, () => {
      const events = fixtureChunks(`${FOLDER}/${name}`).map((line) => JSON.parse(line) as Json);
      const recorded = readRecording(events);
      const converter = new GeminiToOpenAIChatStream('gemini-test');
      const out = [...events.flatMap((data) => converter.push({ data })), ...converter.end()];
      const stream = collectStream(out);

      expect(stream.chunks[0]!.choices).toEqual([
        { index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null },
      ]);
      expect(stream.chunks.every((chunk) => chunk.object === 'chat.completion.chunk')).toBe(true);
      expect(new Set(stream.chunks.map((chunk) => chunk.id)).size).toBe(1);
      expect(stream.content).toBe(recorded.text);
      expect(stream.reasoning).toBe(recorded.reasoning);
      expect(stream.calls.map((call) => call.name)).toEqual(EXPECTED[name]!.tools);
      stream.calls.forEach((call, i) => expectArguments(call.arguments, recorded.calls[i]!));
      expect(new Set(stream.calls.map((call) => call.id)).size).toBe(stream.calls.length);
      expect(stream.finish).toBe(EXPECTED[name]!.finish);

      const last = stream.chunks.at(-1)!;
      expect(last.choices).toEqual([]);
      expect(readOpenAIUsage(last.usage)).toEqual(EXPECTED[name]!.usage);
      expect(converter.usage()).toEqual(EXPECTED[name]!.usage);
    });
  }
});
