import { describe, expect, it } from 'vitest';
import {
  collected,
  collectedAvailable,
  fixtureChunks,
  fixtureJson,
} from '../../../../test/support/fixtures.ts';
import type { Json } from '../../formats/types.ts';
import { replayChunkSource } from '../chunk-source-replay.test-support.ts';
import { DifyToOpenAIChatStream } from './dify-stream-to-openai-chat.ts';
import { fromDifyAnswer } from './dify-to-openai-chat.ts';

const replay = (name: string) =>
  replayChunkSource(
    new DifyToOpenAIChatStream('dify-app'),
    fixtureChunks(collected(`dify/${name}.chunks.txt`)).map((line) => ({ data: JSON.parse(line) as Json })),
  );

describe.skipIf(!collectedAvailable)('a Dify app’s answers as OpenAI chat (recorded)', () => {
  it('blocking: the answer, stop, and the usage from its metadata', () => {
    const { body, usage } = fromDifyAnswer(
      fixtureJson(collected('dify/chat-messages.blocking.doc-dify-template.json')),
      'dify-app',
    );
    expect(body.choices).toEqual([
      {
        index: 0,
        message: { role: 'assistant', content: 'iPhone 13 Pro Max specs are listed here:...' },
        finish_reason: 'stop',
      },
    ]);
    expect(body.id).toBe('9da23599-e713-473b-982c-4328d4f5c78a');
    expect(usage).toMatchObject({ promptTokens: 1033, completionTokens: 128 });
  });

  it('streaming: the pieces in order, one stop, the usage of message_end; TTS after it says nothing', () => {
    const out = replay('chat-messages.streaming-basic.doc-dify-template');
    expect(out.text).toBe(" I'm glad to meet you");
    expect(out.finish).toEqual(['stop']);
    expect(out.usage).toMatchObject({ promptTokens: 1033, completionTokens: 135 });
    expect(out.chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 1033, completion_tokens: 135 },
    });
    expect(out.chunks.some((chunk) => 'error' in chunk)).toBe(false);
  });

  it('an agent app: its messages as content, the answer closed by message_end', () => {
    const out = replay('chat-messages.streaming-agent.live-autodev-excerpt');
    expect(out.text).toBe('The');
    expect(out.finish).toEqual(['stop']);
    expect(out.usage?.promptTokens).toBe(20);
  });

  it('a stream cut before message_end ends with an error chunk', () => {
    const converter = new DifyToOpenAIChatStream('dify-app');
    converter.push({ data: { event: 'message', message_id: 'm', answer: 'Hi' } });
    expect(converter.end()).toEqual([{ error: expect.objectContaining({ type: 'upstream_error' }) }]);
    expect(converter.push({ data: { event: 'error', message: 'late' } })).toEqual([]);
  });
});
