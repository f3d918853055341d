import { describe, expect, it } from 'vitest';
import { fitForReasoningModel, isOpenAIReasoningModel } from './openai-reasoning-models.ts';

describe('OpenAI reasoning models', () => {
  it('knows the o-series and the gpt-5 family, not their chat models or older GPTs', () => {
    for (const model of [
      'o1',
      'o3-mini',
      'o4-mini-2025-04-16',
      'gpt-5',
      'gpt-5-mini',
      'gpt-5.1',
      'openai/gpt-5-nano',
    ])
      expect(isOpenAIReasoningModel(model), model).toBe(true);
    for (const model of [
      'gpt-5-chat-latest',
      'gpt-5.1-chat-latest',
      'gpt-4o',
      'gpt-4.1-mini',
      'omni-moderation-latest',
    ])
      expect(isOpenAIReasoningModel(model), model).toBe(false);
  });

  it('moves max_tokens to max_completion_tokens in chat and drops sampling settings', () => {
    const chat: Record<string, unknown> = {
      max_tokens: 10,
      temperature: 0.2,
      top_p: 1,
      logit_bias: {},
      stream: true,
    };
    fitForReasoningModel(chat, 'chat');
    expect(chat).toEqual({ max_completion_tokens: 10, stream: true });
    const both: Record<string, unknown> = { max_tokens: 10, max_completion_tokens: 20 };
    fitForReasoningModel(both, 'chat');
    expect(both).toEqual({ max_completion_tokens: 20 });
    const responses: Record<string, unknown> = { max_output_tokens: 5, temperature: 1 };
    fitForReasoningModel(responses, 'responses');
    expect(responses).toEqual({ max_output_tokens: 5 });
    const embedding: Record<string, unknown> = { temperature: 1 };
    fitForReasoningModel(embedding, 'embedding');
    expect(embedding).toEqual({ temperature: 1 });
  });
});
