import { describe, expect, it } from 'vitest';
import type { Json } from '../../formats/types.ts';
import { GeminiToOpenAIChatStream } from './gemini-stream-to-openai-chat.ts';

const event = (parts: unknown[], extra: Json = {}): { data: Json } => ({
  data: { candidates: [{ content: { role: 'model', parts }, index: 0, ...extra }], responseId: 'r1' },
});
const usageMetadata = {
  promptTokenCount: 4,
  candidatesTokenCount: 6,
  thoughtsTokenCount: 2,
  totalTokenCount: 12,
};

function run(events: { data: Json }[]) {
  const converter = new GeminiToOpenAIChatStream('gemini-2.5-flash');
  const out = [...events.flatMap((e) => converter.push(e)), ...converter.end()];
  return { converter, out, chunks: out };
}
const choicesOf = (chunks: Json[]) => chunks.map((chunk) => chunk.choices);

describe('GeminiToOpenAIChatStream', () => {
  it('sends the role first, then text and thoughts as deltas, the finish, and the usage at the end', () => {
    const { converter, out, chunks } = run([
      event([{ text: 'Hmm.', thought: true }]),
      event([{ text: 'Hel' }]),
      { data: { ...event([{ text: 'lo' }], { finishReason: 'STOP' }).data, usageMetadata } },
    ]);
    expect(out.every((e) => e.event === undefined)).toBe(true);
    expect(choicesOf(chunks)).toEqual([
      [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
      [{ index: 0, delta: { reasoning_content: 'Hmm.' }, finish_reason: null }],
      [{ index: 0, delta: { content: 'Hel' }, finish_reason: null }],
      [{ index: 0, delta: { content: 'lo' }, finish_reason: null }],
      [{ index: 0, delta: {}, finish_reason: 'stop' }],
      [],
    ]);
    expect(chunks[0]).toMatchObject({
      id: 'chatcmpl-r1',
      object: 'chat.completion.chunk',
      model: 'gemini-2.5-flash',
    });
    expect(chunks.at(-1)!.usage).toEqual({
      prompt_tokens: 4,
      completion_tokens: 8,
      total_tokens: 12,
      prompt_tokens_details: { cached_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 2 },
    });
    expect(converter.usage()).toEqual({
      promptTokens: 4,
      completionTokens: 8,
      cachedTokens: 0,
      reasoningTokens: 2,
    });
  });

  it('sends each function call whole, with a fresh index and id, and finishes with tool_calls', () => {
    const { chunks } = run([
      event([{ functionCall: { name: 'a', args: { list: [1, 2], nested: { k: 'v' } } } }]),
      event([{ functionCall: { name: 'b' } }], { finishReason: 'STOP' }),
    ]);
    expect(choicesOf(chunks).slice(1)).toEqual([
      [
        {
          index: 0,
          delta: {
            tool_calls: [
              {
                index: 0,
                id: 'call_0',
                type: 'function',
                function: { name: 'a', arguments: '{"list":[1,2],"nested":{"k":"v"}}' },
              },
            ],
          },
          finish_reason: null,
        },
      ],
      [
        {
          index: 0,
          delta: {
            tool_calls: [
              { index: 1, id: 'call_1', type: 'function', function: { name: 'b', arguments: '{}' } },
            ],
          },
          finish_reason: null,
        },
      ],
      [{ index: 0, delta: {}, finish_reason: 'tool_calls' }],
    ]);
  });

  it('waits for streamed arguments, and sends the call when it closes', () => {
    const { chunks } = run([
      event([{ functionCall: { name: 'f', willContinue: true } }]),
      event([
        {
          functionCall: {
            partialArgs: [{ jsonPath: '$.q', stringValue: 'hi', willContinue: true }],
            willContinue: true,
          },
        },
      ]),
      event([{ functionCall: { partialArgs: [{ jsonPath: '$.q', stringValue: '!' }] } }]),
      event([{ text: '' }], { finishReason: 'STOP' }),
    ]);
    const calls = chunks.flatMap((chunk) =>
      (chunk.choices as Json[]).flatMap((choice) => ((choice.delta as Json).tool_calls ?? []) as Json[]),
    );
    expect(calls).toEqual([
      { index: 0, id: 'call_0', type: 'function', function: { name: 'f', arguments: '{"q":"hi!"}' } },
    ]);
  });

  it('sends a call still open when the stream ends, without inventing a finish', () => {
    const { chunks } = run([event([{ functionCall: { name: 'f', willContinue: true } }])]);
    expect(choicesOf(chunks)).toEqual([
      [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
      [
        {
          index: 0,
          delta: {
            tool_calls: [
              { index: 0, id: 'call_0', type: 'function', function: { name: 'f', arguments: '{}' } },
            ],
          },
          finish_reason: null,
        },
      ],
    ]);
  });

  it('keeps one state per candidate, and one finish chunk each', () => {
    const { chunks } = run([
      {
        data: {
          candidates: [
            { index: 0, content: { parts: [{ text: 'A' }] }, finishReason: 'STOP' },
            { index: 1, content: { parts: [{ functionCall: { name: 'f' } }] }, finishReason: 'STOP' },
          ],
        },
      },
      { data: { candidates: [{ index: 0, finishReason: 'STOP' }] } },
    ]);
    const finishes = chunks.flatMap((chunk) =>
      (chunk.choices as Json[])
        .filter((choice) => choice.finish_reason)
        .map((c) => [c.index, c.finish_reason]),
    );
    expect(finishes).toEqual([
      [0, 'stop'],
      [1, 'tool_calls'],
    ]);
    const roles = chunks.flatMap((chunk) =>
      (chunk.choices as Json[]).filter((choice) => (choice.delta as Json).role).map((c) => c.index),
    );
    expect(roles).toEqual([0, 1]);
  });

  it('keeps the last usage that has counts, not the trafficType-only metadata', () => {
    const { converter, chunks } = run([
      { data: { ...event([{ text: 'a' }]).data, usageMetadata } },
      { data: { ...event([{ text: 'b' }]).data, usageMetadata: { trafficType: 'ON_DEMAND' } } },
    ]);
    expect(converter.usage()?.promptTokens).toBe(4);
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 4 } });
  });

  it('sends no usage chunk when the stream carried none', () => {
    const { converter, chunks } = run([event([{ text: 'a' }], { finishReason: 'STOP' })]);
    expect(converter.usage()).toBeUndefined();
    expect(chunks.at(-1)!.choices).toEqual([{ index: 0, delta: {}, finish_reason: 'stop' }]);
  });

  it('turns an error event into an error chunk', () => {
    const { out } = run([
      event([{ text: 'a' }]),
      { data: { error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' } } },
    ]);
    expect(out.at(-1)).toEqual({
      error: { message: 'Quota exceeded', type: 'RESOURCE_EXHAUSTED', code: 429 },
    });
  });

  it('reports a blocked prompt as content_filter', () => {
    const { chunks } = run([{ data: { promptFeedback: { blockReason: 'SAFETY' }, usageMetadata } }]);
    expect(choicesOf(chunks).slice(0, 2)).toEqual([
      [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
      [{ index: 0, delta: {}, finish_reason: 'content_filter' }],
    ]);
  });
});
