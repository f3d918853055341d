import { describe, expect, it } from 'vitest';
import { fixturesAvailable } from '../../../../test/support/fixtures.ts';
import { bedrockAnswer } from '../../../../test/support/bedrock-recordings.ts';
import { fromBedrockAnswer } from './bedrock-to-openai-chat.ts';

describe.skipIf(!fixturesAvailable)('fromBedrockAnswer on recorded Converse answers', () => {
  it('reads text, the stop reason and the usage', () => {
    const { body, usage } = fromBedrockAnswer(bedrockAnswer('text'), 'claude-m');
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'claude-m',
      choices: [{ message: { role: 'assistant' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 22, completion_tokens: 57, total_tokens: 79 },
    });
    expect((body.choices as Array<{ message: { content: string } }>)[0]!.message.content).toMatch(
      /^Let me count the "r"s in "strawberry"/,
    );
    expect(usage).toMatchObject({ promptTokens: 22, completionTokens: 57, cachedTokens: 0 });
  });

  it('reads reasoning apart from the text', () => {
    const { body } = fromBedrockAnswer(bedrockAnswer('reasoning'), 'm');
    const message = (body.choices as Array<{ message: Record<string, string> }>)[0]!.message;
    expect(message.reasoning_content).toMatch(/^Let me count the r's/);
    expect(message.content).toMatch(/^There are \*\*3\*\* r's/);
  });

  it('reads tool calls, their input as JSON text, and tool_use as tool_calls', () => {
    const { body, usage } = fromBedrockAnswer(bedrockAnswer('json-tool.1'), 'm');
    const choice = (body.choices as Array<{ message: Record<string, unknown>; finish_reason: string }>)[0]!;
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.content).toBeNull();
    expect(choice.message.tool_calls).toEqual([
      {
        id: 'json-tool-id',
        type: 'function',
        function: { name: 'json', arguments: expect.stringContaining('"location":"San Francisco"') },
      },
    ]);
    expect(usage).toMatchObject({ promptTokens: 15, completionTokens: 42 });
  });
});

describe('fromBedrockAnswer', () => {
  it('counts cache reads and writes into the prompt', () => {
    const { usage } = fromBedrockAnswer(
      {
        output: { message: { content: [{ text: 'hi' }] } },
        stopReason: 'max_tokens',
        usage: { inputTokens: 5, outputTokens: 2, cacheReadInputTokens: 100, cacheWriteInputTokens: 20 },
      },
      'm',
    );
    expect(usage).toEqual({
      promptTokens: 125,
      completionTokens: 2,
      cachedTokens: 100,
      cacheCreationTokens: 20,
      reasoningTokens: 0,
    });
  });

  it('gives no usage when the answer has none', () => {
    expect(fromBedrockAnswer({}, 'm').usage).toBeUndefined();
  });
});
