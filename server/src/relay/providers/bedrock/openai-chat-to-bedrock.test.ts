import { describe, expect, it } from 'vitest';
import { toBedrockConverse } from './openai-chat-to-bedrock.ts';

const CLAUDE = 'us.anthropic.claude-sonnet-4-20250514-v1:0';

describe('toBedrockConverse', () => {
  it('turns system messages into system blocks and merges turns of one role', () => {
    expect(
      toBedrockConverse(
        {
          messages: [
            { role: 'system', content: 'Be brief.' },
            { role: 'user', content: 'Hi' },
            { role: 'user', content: [{ type: 'text', text: 'there' }] },
          ],
          max_tokens: 100,
          temperature: 0.2,
          top_p: 0.9,
          stop: 'END',
        },
        { modelId: 'amazon.nova-pro-v1:0' },
      ),
    ).toEqual({
      system: [{ text: 'Be brief.' }],
      messages: [{ role: 'user', content: [{ text: 'Hi' }, { text: 'there' }] }],
      inferenceConfig: { maxTokens: 100, temperature: 0.2, topP: 0.9, stopSequences: ['END'] },
    });
  });

  it('sends tools as toolSpecs, tool calls as toolUse and results as toolResult', () => {
    const body = toBedrockConverse(
      {
        messages: [
          { role: 'user', content: 'Weather in Paris?' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'call.1',
                type: 'function',
                function: { name: 'weather', arguments: '{"city":"Paris"}' },
              },
            ],
          },
          { role: 'tool', tool_call_id: 'call.1', content: 'sunny' },
        ],
        tools: [
          {
            type: 'function',
            function: {
              name: 'weather',
              description: 'Weather now',
              parameters: { type: 'object', properties: { city: { type: 'string' } } },
            },
          },
        ],
        tool_choice: { type: 'function', function: { name: 'weather' } },
      },
      { modelId: CLAUDE },
    );
    expect(body).toEqual({
      messages: [
        { role: 'user', content: [{ text: 'Weather in Paris?' }] },
        {
          role: 'assistant',
          content: [{ toolUse: { toolUseId: 'call_1', name: 'weather', input: { city: 'Paris' } } }],
        },
        { role: 'user', content: [{ toolResult: { toolUseId: 'call_1', content: [{ text: 'sunny' }] } }] },
      ],
      toolConfig: {
        tools: [
          {
            toolSpec: {
              name: 'weather',
              description: 'Weather now',
              inputSchema: { json: { type: 'object', properties: { city: { type: 'string' } } } },
            },
          },
        ],
        toolChoice: { tool: { name: 'weather' } },
      },
    });
  });

  it.each([
    ['auto', { auto: {} }],
    ['required', { any: {} }],
    ['none', undefined],
  ])('maps tool_choice %s', (choice, expected) => {
    const body = toBedrockConverse(
      {
        messages: [{ role: 'user', content: 'x' }],
        tools: [{ type: 'function', function: { name: 't' } }],
        tool_choice: choice,
      },
      { modelId: CLAUDE },
    ) as { toolConfig: { toolChoice?: unknown } };
    expect(body.toolConfig.toolChoice).toEqual(expected);
  });

  it('turns reasoning on for Claude with a budget, leaving out temperature', () => {
    const body = toBedrockConverse(
      {
        messages: [{ role: 'user', content: 'x' }],
        reasoning_effort: 'medium',
        temperature: 0.5,
        max_tokens: 1000,
      },
      { modelId: CLAUDE },
    );
    expect(body).toMatchObject({
      inferenceConfig: { maxTokens: 5096 },
      additionalModelRequestFields: { thinking: { type: 'enabled', budget_tokens: 4096 } },
    });
    expect((body as { inferenceConfig: object }).inferenceConfig).not.toHaveProperty('temperature');
    const anthropicBudget = toBedrockConverse(
      { messages: [{ role: 'user', content: 'x' }], max_tokens: 8000 },
      { modelId: CLAUDE, thinkingBudget: 2000 },
    );
    expect(anthropicBudget).toMatchObject({
      additionalModelRequestFields: { thinking: { budget_tokens: 2000 } },
    });
    const nova = toBedrockConverse(
      { messages: [{ role: 'user', content: 'x' }], reasoning_effort: 'high' },
      { modelId: 'amazon.nova-pro-v1:0' },
    );
    expect(nova).not.toHaveProperty('additionalModelRequestFields');
  });

  it('sends inline images as bytes, and refuses an image link saying why', () => {
    const image = (url: string) => ({
      messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url } }] }],
    });
    expect(toBedrockConverse(image('data:image/png;base64,iVBORw0KGgo='), { modelId: CLAUDE })).toEqual({
      messages: [
        { role: 'user', content: [{ image: { format: 'png', source: { bytes: 'iVBORw0KGgo=' } } }] },
      ],
    });
    expect(toBedrockConverse(image('https://example.com/cat.png'), { modelId: CLAUDE })).toMatch(
      /inline only/,
    );
  });
});
