import { ChannelType } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { openAIVendor } from './openai-channel-types.ts';
import { vendorPath } from './openai-vendor-path.ts';

describe('vendorPath', () => {
  it("keeps OpenAI's path for a vendor without paths of its own, whatever the endpoint", () => {
    for (const path of ['/v1/chat/completions', '/v1/responses', '/v1/audio/speech'])
      expect(vendorPath(openAIVendor(ChannelType.DeepSeek), path, null)).toBe(path);
  });

  it("maps chat and embeddings to the vendor's own paths", () => {
    const ali = openAIVendor(ChannelType.Ali);
    expect(vendorPath(ali, '/v1/chat/completions', null)).toBe('/compatible-mode/v1/chat/completions');
    expect(vendorPath(ali, '/v1/embeddings', null)).toBe('/compatible-mode/v1/embeddings');
    expect(vendorPath(openAIVendor(ChannelType.ZhipuV4), '/v1/embeddings', null)).toBe(
      '/api/paas/v4/embeddings',
    );
  });

  it('refuses an endpoint the vendor has no path for, naming those it serves', () => {
    expect(() => vendorPath(openAIVendor(ChannelType.MiniMax), '/v1/embeddings', null)).toThrow(
      'channel type 35 (MiniMax) does not serve /v1/embeddings: it serves /v1/chat/completions only',
    );
    expect(() => vendorPath(openAIVendor(ChannelType.VolcEngine), '/v1/responses', null)).toThrow(
      'it serves /v1/chat/completions, /v1/embeddings only',
    );
  });

  it('fills {account} from the other field, encoded, and refuses without one', () => {
    const cloudflare = openAIVendor(ChannelType.Cloudflare);
    expect(vendorPath(cloudflare, '/v1/embeddings', 'a/b')).toBe(
      '/client/v4/accounts/a%2Fb/ai/v1/embeddings',
    );
    expect(() => vendorPath(cloudflare, '/v1/chat/completions', '  ')).toThrow(/needs its account id/);
  });
});
