import { describe, expect, it } from 'vitest';
import { collected, collectedAvailable, fixtureJson } from '../../../../test/support/fixtures.ts';
import { toBedrockInvoke } from './bedrock-invoke.ts';

describe('toBedrockInvoke', () => {
  it('passes every field through but the model and stream flag, with Bedrock’s anthropic_version', () => {
    const body = {
      model: 'claude-sonnet-4-5-20250929',
      stream: true,
      max_tokens: 512,
      system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }],
      messages: [{ role: 'user', content: 'Hi' }],
      thinking: { type: 'enabled', budget_tokens: 2048 },
      metadata: { user_id: 'u-1' },
      anthropic_version: '2023-06-01',
    };
    expect(toBedrockInvoke({ body, headers: {} })).toEqual({
      max_tokens: 512,
      system: body.system,
      messages: body.messages,
      thinking: body.thinking,
      metadata: body.metadata,
      anthropic_version: 'bedrock-2023-05-31',
    });
  });

  it('carries the anthropic-beta header as the anthropic_beta list, once each', () => {
    const call = {
      body: { messages: [], anthropic_beta: ['context-1m-2025-08-07'] },
      headers: { 'anthropic-beta': 'interleaved-thinking-2025-05-14, context-1m-2025-08-07' },
    };
    expect(toBedrockInvoke(call).anthropic_beta).toEqual([
      'context-1m-2025-08-07',
      'interleaved-thinking-2025-05-14',
    ]);
    expect(toBedrockInvoke({ body: { messages: [] }, headers: {} })).not.toHaveProperty('anthropic_beta');
  });

  it.skipIf(!collectedAvailable)(
    'makes the recorded InvokeModel request from the Anthropic call behind it',
    () => {
      const recorded = fixtureJson(
        collected('bedrock-invoke/invoke-model.anthropic.stop_sequence.live-ybalbert001.request.json'),
      );
      const { anthropic_version: _version, ...call } = recorded;
      expect(toBedrockInvoke({ body: { model: 'claude-3-haiku-20240307', ...call }, headers: {} })).toEqual(
        recorded,
      );
    },
  );
});
