import { describe, expect, it } from 'vitest';
import {
  collected,
  collectedAvailable,
  fixtureChunks,
  fixtureText,
} from '../../../../test/support/fixtures.ts';
import type { Json } from '../../formats/types.ts';
import { SseParser } from '../../answer/sse.ts';
import { replayChunkSource } from '../chunk-source-replay.test-support.ts';
import { CozeToOpenAIChatStream } from './coze-stream-to-openai-chat.ts';

/** A recorded Coze stream's events (named), through the converter; "[DONE]" is no object and is left out. */
const replay = (events: Array<{ event?: string; data: string }>) =>
  replayChunkSource(
    new CozeToOpenAIChatStream('coze-bot'),
    events.flatMap(({ event, data }) => {
      const value: unknown = JSON.parse(data);
      return value && typeof value === 'object' ? [{ event, data: value as Json }] : [];
    }),
  );

const recorded = (name: string) => {
  const parser = new SseParser();
  return [...parser.push(Buffer.from(fixtureText(collected(`coze/${name}.sse`)))), ...parser.end()];
};

describe.skipIf(!collectedAvailable)('a Coze v3 chat stream as OpenAI chat (recorded)', () => {
  it('reads data: without a space: the deltas once (not the completed message), stop, the usage', () => {
    const out = replay(recorded('v3-chat.stream-text.live-coze-py'));
    expect(out.text).toBe('20星期三。');
    expect(out.finish).toEqual(['stop']);
    expect(out.usage).toMatchObject({ promptTokens: 614, completionTokens: 19 });
    expect(out.chunks[0]).toMatchObject({
      id: '7382159487131697202',
      choices: [{ delta: { role: 'assistant' } }],
    });
    expect(out.chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 614, completion_tokens: 19 },
    });
    expect(out.chunks.some((chunk) => 'error' in chunk)).toBe(false);
  });

  it('an audio bot: its text answer, the audio deltas left out', () => {
    const out = replay(recorded('v3-chat.stream-audio.anonymized-coze-py'));
    expect(out.text).toBe('delta text');
    expect(out.finish).toEqual(['stop']);
    expect(out.chunks.some((chunk) => 'error' in chunk)).toBe(false);
  });

  it('an error event with an empty body ends the answer with an error chunk', () => {
    const events = fixtureChunks(collected('coze/v3-chat.stream-error-empty.coze-py.chunks.txt')).map(
      (data) => ({
        event: 'error',
        data,
      }),
    );
    const out = replay(events);
    expect(out.chunks.at(-1)).toEqual({
      error: { message: 'Coze ended the stream with an error', type: 'upstream_error' },
    });
  });
});

describe('a Coze stream that fails', () => {
  it('ends with the error of conversation.chat.failed, its code named', () => {
    const converter = new CozeToOpenAIChatStream('coze-bot');
    converter.push({ event: 'conversation.message.delta', data: { type: 'answer', content: 'Hi' } });
    expect(
      converter.push({
        event: 'conversation.chat.failed',
        data: { id: 'c', status: 'failed', last_error: { code: 5000, msg: 'bot failed' } },
      }),
    ).toEqual([{ error: { message: 'bot failed (code 5000)', type: 'upstream_error' } }]);
    expect(converter.end()).toEqual([]);
  });

  it('ends with an error when the bot wants a tool output, and when the stream is cut', () => {
    const asking = new CozeToOpenAIChatStream('coze-bot');
    expect(asking.push({ event: 'conversation.chat.requires_action', data: {} })[0]).toHaveProperty('error');
    const cut = new CozeToOpenAIChatStream('coze-bot');
    cut.push({ event: 'conversation.message.delta', data: { type: 'answer', content: 'Hi' } });
    expect(cut.end()[0]).toHaveProperty('error');
  });

  it('reads a follow-up or a verbose message as nothing', () => {
    const converter = new CozeToOpenAIChatStream('coze-bot');
    expect(
      converter.push({ event: 'conversation.message.delta', data: { type: 'follow_up', content: 'More?' } }),
    ).toEqual([]);
  });
});
