import { ChannelType } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { channelTypeInfo } from '../../../providers/channel-types.ts';
import {
  OPENAI_COMPATIBLE_TYPES,
  OPENAI_VENDORS,
  openAIVendor,
  takesStreamUsage,
} from './openai-channel-types.ts';

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
    expect(takesStreamUsage(ChannelType.VolcEngine)).toBe(true);
    expect(takesStreamUsage(ChannelType.Xunfei)).toBe(false);
  });

  it('hold one entry per type, each path an absolute path for chat, embeddings or rerank', () => {
    const claimed = OPENAI_VENDORS.filter((vendor) => !vendor.ownFamily);
    expect(new Set(OPENAI_COMPATIBLE_TYPES).size).toBe(claimed.length);
    expect(OPENAI_COMPATIBLE_TYPES).not.toContain(ChannelType.Tencent);
    for (const vendor of OPENAI_VENDORS) {
      for (const [kind, path] of Object.entries(vendor.paths ?? {})) {
        expect(['chat', 'embedding', 'rerank'], String(vendor.type)).toContain(kind);
        expect(path, String(vendor.type)).toMatch(/^\/[\w/{}.-]+$/);
      }
      if (vendor.paths) expect(vendor.paths.chat, String(vendor.type)).toBeDefined();
    }
  });

  it("treat a type not listed as OpenAI at the channel's own address", () => {
    expect(openAIVendor(9999)).toMatchObject({ type: 9999, defaultBaseUrl: '', auth: 'bearer' });
    expect(openAIVendor(9999).paths).toBeUndefined();
  });

  it("agree with the console's catalogue on every default base URL", () => {
    for (const vendor of OPENAI_VENDORS) {
      if (vendor.type === ChannelType.Unknown) continue; // imported rows only: not in the catalogue
      const info = channelTypeInfo(vendor.type);
      expect(info, `type ${vendor.type} is missing from the catalogue`).toBeDefined();
      expect(info!.defaultBaseUrl, `${vendor.type} ${info!.name}`).toBe(vendor.defaultBaseUrl);
    }
  });
});
