import { ChannelType } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { OPENAI_MODEL_LISTING } from './openai-models.ts';

const base = 'https://u.example';

describe("OpenAI's model listing", () => {
  it('asks GET /v1/models with a bearer key', async () => {
    expect(OPENAI_MODEL_LISTING.url('https://api.openai.com')).toBe('https://api.openai.com/v1/models');
    expect(await OPENAI_MODEL_LISTING.headers('sk-1')).toEqual({ authorization: 'Bearer sk-1' });
  });

  it("asks a vendor's own list path with its own auth, and has no list where the vendor has none", async () => {
    const { url, headers } = OPENAI_MODEL_LISTING;
    expect(url(base, ChannelType.Ali)).toBe(`${base}/compatible-mode/v1/models`);
    expect(url(base, ChannelType.ZhipuV4)).toBe(`${base}/api/paas/v4/models`);
    expect(url(base, ChannelType.VolcEngine)).toBe(`${base}/api/v3/models`);
    expect(url(base, ChannelType.BaiduV2)).toBe(`${base}/v2/models`);
    expect(url(base, ChannelType.Tencent)).toBe(`${base}/v1/models`);
    expect(url(base, ChannelType.Xunfei)).toBeNull();
    expect(url(base, ChannelType.Cloudflare)).toBeNull();
    expect((await headers('id.secret', ChannelType.ZhipuV4)).authorization).toMatch(/^Bearer ey/);
    await expect(headers('a|b|c', ChannelType.Xunfei)).rejects.toThrow(/not served yet/);
  });

  it('reads the ids of the documented list shape, and refuses anything else', () => {
    const answer = {
      object: 'list',
      data: [
        { id: 'gpt-4o-mini', object: 'model', created: 1721172741, owned_by: 'system' },
        { id: 'o3', object: 'model', created: 1744225308, owned_by: 'system' },
      ],
    };
    expect(OPENAI_MODEL_LISTING.ids(answer)).toEqual(['gpt-4o-mini', 'o3']);
    expect(OPENAI_MODEL_LISTING.ids({ data: [null, {}] })).toEqual([undefined, undefined]);
    expect(OPENAI_MODEL_LISTING.ids({ models: [] })).toBeNull();
    expect(OPENAI_MODEL_LISTING.ids(null)).toBeNull();
  });
});
