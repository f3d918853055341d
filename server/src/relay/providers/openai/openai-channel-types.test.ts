import { ChannelType } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { OPENAI_COMPATIBLE_TYPES, takesStreamUsage } from './openai-channel-types.ts';

describe('OpenAI-compatible channel types', () => {
  it('include OpenAI and its followers, not the families of their own', () => {
    for (const type of [ChannelType.OpenAI, ChannelType.Custom, ChannelType.DeepSeek, ChannelType.xAI])
      expect(OPENAI_COMPATIBLE_TYPES).toContain(type);
    for (const type of [ChannelType.Azure, ChannelType.Anthropic, ChannelType.Gemini, ChannelType.Midjourney])
      expect(OPENAI_COMPATIBLE_TYPES).not.toContain(type);
  });

  it('know which of them refuse stream_options.include_usage', () => {
    expect(takesStreamUsage(ChannelType.OpenAI)).toBe(true);
    expect(takesStreamUsage(ChannelType.DeepSeek)).toBe(true);
    expect(takesStreamUsage(ChannelType.Mistral)).toBe(false);
    expect(takesStreamUsage(6)).toBe(false);
  });
});
