import { describe, expect, it } from 'vitest';
import { fixturesAvailable } from '../../../../test/support/fixtures.ts';
import type { Json, OutEvent } from '../../formats/types.ts';
import { expectedFromChunks, recordedChunks, replay } from '../../../../test/support/fixture-replay.ts';
import { OpenAIChatToGeminiStream } from './openai-chat-stream-to-gemini.ts';

/** The parsed events, checked: data only, one candidate each, finish and usage on the last only. */
function readStream(events: OutEvent[]) {
  const bodies = events.map((e) => {
    expect(e.event).toBeUndefined();
    return JSON.parse(e.data) as Json;
  });
  const candidates = bodies.map((b) => {
    expect(b.modelVersion).toBe('gemini-2.5-flash');
    expect(b.candidates).toHaveLength(1);
    return (b.candidates as Json[])[0];
  });
  const last = candidates.at(-1)!;
  expect(candidates.slice(0, -1).some((c) => 'finishReason' in c)).toBe(false);
  expect(bodies.slice(0, -1).some((b) => 'usageMetadata' in b)).toBe(false);
  const parts = candidates.flatMap((c) => (c.content as Json).parts as Json[]);
  const calls = candidates.map((c) => ((c.content as Json).parts as Json[]).filter((p) => p.functionCall));
  expect(calls.slice(0, -1).flat()).toEqual([]);
  return { parts, last, usage: bodies.at(-1)?.usageMetadata as Json, calls: calls.at(-1)! };
}

const recordings: {
  path: string;
  finish: string;
  usage?: [prompt: number, candidates: number, thoughts: number];
}[] = [
  { path: 'openai/chat/openai-text.chunks.txt', finish: 'STOP', usage: [16, 300, 0] },
  { path: 'deepseek/chat/deepseek-text.chunks.txt', finish: 'MAX_TOKENS', usage: [13, 400, 0] },
  { path: 'deepseek/chat/deepseek-reasoning.chunks.txt', finish: 'STOP', usage: [18, 14, 205] },
  { path: 'groq/groq-reasoning.chunks.txt', finish: 'STOP', usage: [17, 144, 963] },
  { path: 'groq/groq-tool-call.chunks.txt', finish: 'STOP', usage: [210, 15, 0] },
  { path: 'mistral/mistral-reasoning.chunks.txt', finish: 'STOP', usage: [10, 46, 0] },
  { path: 'mistral/mistral-tool-call.chunks.txt', finish: 'STOP', usage: [124, 22, 0] },
  { path: 'mistral/mistral-incremental-tool-call.chunks.txt', finish: 'STOP', usage: [171, 14, 0] },
  { path: 'xai/xai-text.chunks.txt', finish: 'STOP', usage: [12, 1, 290] },
  { path: 'xai/xai-tool-call.chunks.txt', finish: 'STOP', usage: [291, 26, 196] },
  { path: 'openai-compatible/chat/anthropic-fallback-tool-call.sse', finish: 'STOP' },
];

describe.skipIf(!fixturesAvailable)('OpenAIChatToGeminiStream on recorded streams', () => {
  it.each(recordings)('$path', ({ path, finish, usage }) => {
    const chunks = recordedChunks(path);
    const expected = expectedFromChunks(chunks);
    const converter = new OpenAIChatToGeminiStream('gemini-2.5-flash');
    const stream = readStream(replay(converter, chunks));

    const text = (thought: boolean) =>
      stream.parts
        .filter((p) => typeof p.text === 'string' && (p.thought === true) === thought)
        .map((p) => p.text)
        .join('');
    expect(text(false)).toBe(expected.text);
    expect(text(true)).toBe(expected.reasoning);
    expect(stream.calls.map((p) => p.functionCall)).toEqual(
      expected.tools.map(({ name, input }) => ({ name, args: input })),
    );
    expect(stream.last.finishReason).toBe(finish);
    if (usage) {
      const [prompt, candidates, thoughts] = usage;
      expect(stream.usage).toMatchObject({
        promptTokenCount: prompt,
        candidatesTokenCount: candidates,
        totalTokenCount: prompt + candidates + thoughts,
      });
      expect(converter.usage()?.promptTokens).toBe(prompt);
    }
  });

  it('sends text as it arrives, one event per chunk with text', () => {
    const chunks = recordedChunks('mistral/mistral-text.chunks.txt');
    const converter = new OpenAIChatToGeminiStream('gemini-2.5-flash');
    expect(converter.push({ data: chunks[0] })).toEqual([]);
    expect(JSON.parse(converter.push({ data: chunks[1] })[0].data)).toMatchObject({
      candidates: [{ content: { role: 'model', parts: [{ text: 'Hello' }] }, index: 0 }],
    });
  });
});

describe('OpenAIChatToGeminiStream', () => {
  it('waits for a usage chunk after the finish, then closes; end() adds nothing', () => {
    const converter = new OpenAIChatToGeminiStream('g');
    const chunk = (delta: Json, finish: string | null) => ({
      id: 'r1',
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    expect(
      converter.push({
        data: chunk({ tool_calls: [{ index: 0, function: { name: 'f', arguments: '{"a"' } }] }, null),
      }),
    ).toEqual([]);
    expect(
      converter.push({
        data: chunk({ tool_calls: [{ index: 0, function: { arguments: ':1}' } }] }, 'tool_calls'),
      }),
    ).toEqual([]);
    const [last] = converter.push({
      data: { id: 'r1', choices: [], usage: { prompt_tokens: 3, completion_tokens: 2 } },
    });
    expect(JSON.parse(last.data)).toEqual({
      candidates: [
        {
          content: { role: 'model', parts: [{ functionCall: { name: 'f', args: { a: 1 } } }] },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 2, totalTokenCount: 5 },
      modelVersion: 'g',
      responseId: 'r1',
    });
    expect(converter.end()).toEqual([]);
  });

  it('answers an error chunk with a Gemini error body and stops', () => {
    const converter = new OpenAIChatToGeminiStream('g');
    expect(converter.push({ data: { error: { message: 'boom' } } })).toEqual([
      { data: JSON.stringify({ error: { code: 500, message: 'boom', status: 'INTERNAL' } }) },
    ]);
    expect(converter.end()).toEqual([]);
  });

  it('closes an empty stream with a STOP event', () => {
    const [last] = new OpenAIChatToGeminiStream('g').end();
    expect(JSON.parse(last.data)).toMatchObject({
      candidates: [{ finishReason: 'STOP', content: { parts: [{ text: '' }] } }],
    });
  });
});
