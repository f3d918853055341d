import { ChannelType } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { channelTypeInfo } from '../../../providers/channel-types.ts';
import { providerForChannel } from '../registry.ts';
import { testChannel } from '../test-channel.test-support.ts';
import { OPENAI_VENDORS, openAIVendor, takesStreamUsage } from './openai-channel-types.ts';

const VENDOR_TYPES = OPENAI_VENDORS.map(({ type }) => type);

describe('OpenAI-compatible channel types', () => {
  it('include OpenAI and its followers, not the families of their own', () => {
    for (const type of [ChannelType.OpenAI, ChannelType.Custom, ChannelType.DeepSeek, ChannelType.xAI])
      expect(VENDOR_TYPES).toContain(type);
    for (const type of [ChannelType.Azure, ChannelType.Anthropic, ChannelType.Gemini, ChannelType.Midjourney])
      expect(VENDOR_TYPES).not.toContain(type);
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
    expect(new Set(VENDOR_TYPES).size).toBe(OPENAI_VENDORS.length);
    for (const vendor of OPENAI_VENDORS) {
      for (const [kind, path] of Object.entries(vendor.paths ?? {})) {
        expect(['chat', 'embedding', 'rerank'], String(vendor.type)).toContain(kind);
        expect(path, String(vendor.type)).toMatch(/^\/[\w/{}.-]+$/);
      }
      if (vendor.paths) expect(vendor.paths.chat, String(vendor.type)).toBeDefined();
    }
  });

  it("treat a type not listed as OpenAI at the channel's own address", () => {
    expect(openAIVendor(9999)).toMatchObject({ type: 9999, auth: 'bearer' });
    expect(openAIVendor(9999).paths).toBeUndefined();
  });

  it("are types the catalogue gives the OpenAI family (or new-api's unknown type)", () => {
    for (const vendor of OPENAI_VENDORS) {
      if (vendor.type === ChannelType.Unknown) continue; // imported rows only: not in the catalogue
      const info = channelTypeInfo(vendor.type);
      expect(info, `type ${vendor.type} is missing from the catalogue`).toBeDefined();
      // Served by the OpenAI family, or by one that hands it a channel with an API key (Hunyuan).
      const family = providerForChannel(testChannel({ type: vendor.type, key: 'sk-api-key' }));
      expect(family.name, `${vendor.type} ${info!.name}`).toBe('openai');
    }
  });
});
