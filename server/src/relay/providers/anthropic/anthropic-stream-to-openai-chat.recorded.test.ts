import { asArray, asObject } from '../../formats/json-read.ts';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../formats/types.ts';
import { AnthropicToOpenAIChatStream } from './anthropic-stream-to-openai-chat.ts';
import { openAIUsageBody } from '../../answer/usage.ts';
import {
  anthropicRecordings,
  collectChunks,
  EXPECTED_FINISH,
  fixturesAvailable,
  onlyUnconvertedBlocks,
  recordedStreams,
  recordedTotals,
  streamBlocks,
} from '../../../../test/support/anthropic-recorded-fixtures.ts';

/** Billed numbers worked out by hand for the recordings where the rules matter most. */
const BILLED: Record<string, { prompt: number; completion: number; cached?: number; created?: number }> = {
  // message_delta revises 1 output token to 30
  'anthropic-text': { prompt: 12, completion: 30 },
  // cache reads and writes added to input_tokens 6, as revised by message_delta
  'anthropic-code-execution-20260120-prompt-cache.1': {
    prompt: 6 + 6289 + 3337,
    completion: 198,
    cached: 6289,
    created: 3337,
  },
  // the compaction step, listed only in iterations, billed on top of the answer
  'anthropic-compaction.1': { prompt: 612 + 60385, completion: 2819 + 522 },
  // message_delta's input tokens (after the search results) replace message_start's 2037
  'anthropic-web-search-tool.1': { prompt: 15665, completion: 795 },
  'anthropic-fallback': { prompt: 412, completion: 264 },
  // the advisor sub-call (another model's price) left out
  'anthropic-advisor-20250301.1': { prompt: 4727, completion: 3391 },
};

/** The answer a recorded stream carries, accumulated straight from its events. */
function recordedAnswer(events: Json[]) {
  let text = '';
  let thinking = '';
  let stopReason: unknown = null;
  let usage: Json = {};
  const tools: { id: unknown; name: unknown; input: unknown; json: string }[] = [];
  const toolAt = new Map<number, (typeof tools)[number]>();
  const addBlock = (block: Json, index?: number) => {
    if (block.type === 'text') text += block.text as string;
    if (block.type === 'thinking') thinking += block.thinking as string;
    if (block.type !== 'tool_use') return;
    const tool = { id: block.id, name: block.name, input: block.input, json: '' };
    tools.push(tool);
    if (index !== undefined) toolAt.set(index, tool);
  };
  for (const event of events) {
    const delta = asObject(event.delta) ?? {};
    if (event.type === 'message_start') {
      const message = asObject(event.message)!;
      stopReason = message.stop_reason;
      usage = { ...asObject(message.usage) };
      asArray(message.content).forEach((block) => addBlock(asObject(block)!));
    } else if (event.type === 'content_block_start') {
      addBlock(asObject(event.content_block)!, event.index as number);
    } else if (delta.type === 'text_delta') text += delta.text as string;
    else if (delta.type === 'thinking_delta') thinking += delta.thinking as string;
    else if (delta.type === 'input_json_delta') {
      const tool = toolAt.get(event.index as number);
      if (tool) tool.json += delta.partial_json as string;
    } else if (event.type === 'message_delta') {
      stopReason = delta.stop_reason;
      const revised = Object.entries(asObject(event.usage) ?? {}).filter(([, value]) => value !== null);
      usage = { ...usage, ...Object.fromEntries(revised) };
    }
  }
  const toolCalls = tools.map((tool) => ({
    id: tool.id,
    name: tool.name,
    input: tool.json === '' ? tool.input : JSON.parse(tool.json),
  }));
  return { text, thinking, stopReason, usage, toolCalls };
}

/** Whether the call holds a second message that starts while the first is still open. */
const spliced = (events: Json[]) =>
  new Set(
    events.filter((event) => event.type === 'message_start').map((event) => asObject(event.message)?.id),
  ).size > 1;

function replay(events: Json[]) {
  const converter = new AnthropicToOpenAIChatStream();
  const sent = events.flatMap((data) => converter.push({ event: data.type as string, data }));
  const closing = converter.end();
  const chunks = sent;
  return { converter, closing, chunks, answer: collectChunks(chunks) };
}

describe.skipIf(!fixturesAvailable)('AnthropicToOpenAIChatStream on recorded streams', () => {
  const calls = anthropicRecordings('.chunks.txt').flatMap((name) => {
    const streams = recordedStreams(name);
    return streams.map((events, i) => ({
      label: streams.length > 1 ? `${name} (call ${i + 1})` : name,
      name,
      events,
    }));
  });
  const replayed = calls.filter(
    ({ events }) => !spliced(events) && !onlyUnconvertedBlocks(streamBlocks(events)),
  );

  it('has recordings to replay', () => {
    expect(replayed.length).toBeGreaterThan(25);
    // Calls made only of server-tool blocks are left out, and the spliced recording is tested below.
    expect(calls.length - replayed.length).toBeLessThan(4);
  });

  it.each(replayed.map((call) => [call.label, call] as const))('%s', (_label, { name, events }) => {
    const recorded = recordedAnswer(events);
    const { converter, closing, chunks, answer } = replay(events);

    expect(chunks[0]).toMatchObject({
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta: { role: 'assistant' }, finish_reason: null }],
    });
    expect(answer.roles).toEqual(['assistant']);
    expect(answer.errors).toEqual([]);
    expect(answer.content).toBe(recorded.text);
    expect(answer.reasoning).toBe(recorded.thinking);

    expect(answer.toolCalls).toHaveLength(recorded.toolCalls.length);
    answer.toolCalls.forEach((call, i) => {
      expect(call.id).toBe(recorded.toolCalls[i]!.id);
      expect(call.name).toBe(recorded.toolCalls[i]!.name);
      expect(JSON.parse(call.arguments)).toEqual(recorded.toolCalls[i]!.input);
    });

    expect(answer.finishReasons).toEqual([EXPECTED_FINISH[recorded.stopReason as string]]);

    // One usage chunk, the last, with no choices, and nothing after message_stop.
    const usage = converter.usage()!;
    const totals = recordedTotals(recorded.usage);
    expect(usage).toMatchObject({
      promptTokens: totals.prompt,
      completionTokens: totals.completion,
      cachedTokens: totals.cached,
      cacheCreationTokens: totals.created,
    });
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: openAIUsageBody(usage) });
    expect(answer.usages).toHaveLength(1);
    expect(closing).toEqual([]);

    const billed = BILLED[name];
    if (billed)
      expect(usage).toMatchObject({ promptTokens: billed.prompt, completionTokens: billed.completion });
    if (billed?.cached)
      expect(usage).toMatchObject({ cachedTokens: billed.cached, cacheCreationTokens: billed.created });
  });

  it('checks the hand-worked numbers on recordings that exist', () => {
    const names = new Set(replayed.map((call) => call.name));
    expect(Object.keys(BILLED).filter((name) => !names.has(name))).toEqual([]);
  });

  it('ends the spliced recording with an error instead of the second message', () => {
    const events = recordedStreams('spliced-message-start').flat();
    const { answer, converter, closing } = replay(events);
    expect(answer.errors).toHaveLength(1);
    expect(answer.reasoning).toBe('I will call the tool.');
    expect(answer.toolCalls.map((call) => call.id)).toEqual(['toolu_first']);
    expect(answer.finishReasons).toEqual([]);
    expect(closing).toEqual([]);
    expect(converter.usage()).toMatchObject({ promptTokens: 17, completionTokens: 65 });
  });
});
