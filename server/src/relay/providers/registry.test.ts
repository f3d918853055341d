import { ChannelType } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { familyOf, providerFor } from './registry.ts';

describe('provider registry', () => {
  it('maps Claude and Gemini channel types to their families, every other type to OpenAI-compatible', () => {
    expect(providerFor(ChannelType.Anthropic).format).toBe('anthropic');
    expect(providerFor(ChannelType.Gemini).format).toBe('gemini');
    expect(providerFor(1).format).toBe('openai');
    expect(providerFor(9999).format).toBe('openai');
  });

  it('finds each family by its format, converting streams only where the channel does not speak chat', () => {
    for (const format of ['openai', 'anthropic', 'gemini'] as const)
      expect(familyOf(format).format).toBe(format);
    expect(familyOf('openai').streamToChat('gpt-5')).toBeNull();
    expect(familyOf('anthropic').streamToChat('claude')).not.toBeNull();
    expect(familyOf('gemini').streamToChat('gemini')).not.toBeNull();
  });
});
