import { describe, expect, it } from 'vitest';
import {
  collected,
  collectedAvailable,
  fixtureChunks,
  fixtureJson,
} from '../../../../test/support/fixtures.ts';
import type { Json } from '../../formats/types.ts';
import { replayChunkSource } from '../chunk-source-replay.test-support.ts';
import { hunyuanAnswerFailure } from './hunyuan-error.ts';
import { HunyuanToOpenAIChatStream } from './hunyuan-stream-to-openai-chat.ts';
import { fromHunyuanAnswer } from './hunyuan-to-openai-chat.ts';

const answer = (name: string) => fixtureJson(collected(`hunyuan/tc3.ChatCompletions.${name}.json`));

const replay = (name: string) =>
  replayChunkSource(
    new HunyuanToOpenAIChatStream('hunyuan-lite'),
    fixtureChunks(collected(`hunyuan/tc3.ChatCompletions.${name}.chunks.txt`)).map((line) => ({
      data: JSON.parse(line) as Json,
    })),
  );

describe.skipIf(!collectedAvailable)('Hunyuan TC3 answers as OpenAI chat (recorded)', () => {
  it('a multi-turn answer in its Response envelope: the text, stop, the usage', () => {
    const { body, usage } = fromHunyuanAnswer(answer('non-stream-multiturn.doc-tccli'), 'hunyuan-pro');
    expect(body).toMatchObject({
      id: '5a112898-d802-4bca-8ba2-7ce2388b98e8',
      object: 'chat.completion',
      created: 1719822322,
      model: 'hunyuan-pro',
      choices: [{ index: 0, message: { role: 'assistant' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 71, completion_tokens: 42, total_tokens: 113 },
    });
    expect((body.choices as Json[])[0]).toMatchObject({
      message: { content: expect.stringMatching(/^北京今天的天气情况是/) },
    });
    expect(usage).toMatchObject({ promptTokens: 71, completionTokens: 42 });
  });

  it('an answer without the envelope reads the same', () => {
    const { body, usage } = fromHunyuanAnswer(answer('non-stream-unwrapped.doc-tccli'), 'hunyuan-lite');
    expect(body.id).toBe('e4657570-94a5-45f1-896c-a00ac3471d51');
    expect(usage).toMatchObject({ promptTokens: 3, completionTokens: 14 });
  });

  it('a tool call: its name and arguments, finish tool_calls', () => {
    const { body } = fromHunyuanAnswer(answer('non-stream-tool-calls.doc-tccli'), 'hunyuan-functioncall');
    const [choice] = body.choices as Json[];
    expect(choice).toMatchObject({
      finish_reason: 'tool_calls',
      message: {
        tool_calls: [
          {
            id: 'call_0',
            type: 'function',
            function: {
              name: 'get_current_weather',
              arguments: '{"location":["北京","深圳"],"unit":"celsius"}',
            },
          },
        ],
      },
    });
  });

  it('an error answer is a failure: its code and message, a bad parameter the caller’s 400', () => {
    const error = answer('error-InvalidParameter.doc-tccli');
    expect(hunyuanAnswerFailure(error)).toEqual({
      status: 400,
      error: { message: 'InvalidParameter: Temperature must be 2 or less' },
    });
    expect(hunyuanAnswerFailure(answer('non-stream-multiturn.doc-tccli'))).toBeUndefined();
  });

  it('a stream: the pieces in order, one stop from the chunk with FinishReason, the last Usage', () => {
    const out = replay('stream.doc-tccli');
    expect(out.text).toBe('1+1=2');
    expect(out.finish).toEqual(['stop']);
    expect(out.usage).toMatchObject({ promptTokens: 4, completionTokens: 5 });
    expect(out.chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 4, completion_tokens: 5 },
    });
    expect(out.chunks[0]).toMatchObject({ id: '148b89ef-14e1-489f-8e70-b767e5b27d56' });
    expect(out.chunks.some((chunk) => 'error' in chunk)).toBe(false);
  });

  it('a streamed tool call: opened once with its id and name, its arguments after, then tool_calls', () => {
    const out = replay('stream-tool-calls.doc-tccli');
    expect(out.tools).toEqual([
      {
        index: 0,
        id: 'call_cq154vk2c3m1v7ep3530',
        type: 'function',
        function: { name: 'get_current_weather', arguments: '' },
      },
      { index: 0, function: { arguments: '{"location":"北京"}' } },
    ]);
    expect(out.finish).toEqual(['tool_calls']);
    expect(out.usage).toMatchObject({ promptTokens: 6, completionTokens: 46 });
  });
});
