import { describe, expect, it } from 'vitest';
import { fixturesAvailable } from '../../../../test/support/fixtures.ts';
import type { Json } from '../../formats/types.ts';
import { expectedFromAnswer, recordedAnswer } from '../../../../test/support/fixture-replay.ts';
import { chatToResponsesAnswer } from './chat-to-responses-answer.ts';

describe.skipIf(!fixturesAvailable)('chatToResponsesAnswer on recorded answers', () => {
  it('answers a recorded tool call with function_call items and the request’s settings', () => {
    const answer = recordedAnswer('groq/groq-tool-call.json');
    const tools = [{ type: 'function', name: 'weather', parameters: { type: 'object' }, strict: true }];
    const request = { model: 'm', input: 'Weather?', tools, tool_choice: 'auto', top_p: 0.9, store: false };
    const response = chatToResponsesAnswer(answer, 'asked', request);
    expect(response).toMatchObject({
      object: 'response',
      status: 'completed',
      model: 'asked',
      tools,
      tool_choice: 'auto',
      top_p: 0.9,
      temperature: 1,
      store: false,
      instructions: null,
    });
    const calls = (response.output as Json[]).filter((item) => item.type === 'function_call');
    expect(calls.map((c) => ({ name: c.name, input: JSON.parse(String(c.arguments)) as unknown }))).toEqual(
      expectedFromAnswer(answer).tools,
    );
  });

  it('reports a recorded answer’s reasoning and cached tokens in the Responses usage details', () => {
    // usage {prompt_tokens 18, completion_tokens 345, reasoning_tokens 315, cached_tokens 0}
    const response = chatToResponsesAnswer(recordedAnswer('deepseek/chat/deepseek-reasoning.json'), 'm');
    expect(response.usage).toEqual({
      input_tokens: 18,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 345,
      output_tokens_details: { reasoning_tokens: 315 },
      total_tokens: 363,
    });
    // xAI: 12 prompt tokens of which 2 cached; reasoning (228) outside completion_tokens (1).
    expect(chatToResponsesAnswer(recordedAnswer('xai/xai-text.json'), 'm').usage).toMatchObject({
      input_tokens_details: { cached_tokens: 2 },
      output_tokens: 229,
      output_tokens_details: { reasoning_tokens: 228 },
    });
  });
});
