import { ChannelType } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { testChannel } from '../test-channel.test-support.ts';
import { openAITarget } from './openai-target.ts';

const CHAT = '/v1/chat/completions';
const ofDefault = (type: number, fields = {}) =>
  openAITarget(testChannel({ type, base_url: null, ...fields }), CHAT);

describe('openAITarget', () => {
  it('calls {base}{path} with a bearer key, the organization, and the header overrides last', async () => {
    const channel = testChannel({
      type: 1,
      key: 'sk-1',
      base_url: 'https://proxy.example/',
      openai_organization: 'org-9',
      header_override: '{"Authorization":"Bearer override","X-Extra":1}',
    });
    expect(await openAITarget(channel, CHAT)).toEqual({
      url: 'https://proxy.example/v1/chat/completions',
      headers: { authorization: 'Bearer override', 'openai-organization': 'org-9', 'x-extra': '1' },
    });
  });

  it("uses the type's default base URL when the channel has none", async () => {
    const target = await openAITarget(testChannel({ type: 43, base_url: null }), '/v1/models');
    expect(target.url).toBe('https://api.deepseek.com/v1/models');
    expect(target.headers).toEqual({ authorization: 'Bearer sk-test' });
  });

  it("calls each vendor with paths of its own there, at its default address or the channel's", async () => {
    const defaults: Array<[number, string]> = [
      [ChannelType.Ali, 'https://dashscope.aliyuncs.com/compatible-mode/v1/chat/completions'],
      [ChannelType.ZhipuV4, 'https://open.bigmodel.cn/api/paas/v4/chat/completions'],
      // Zhipu (legacy): new-api's v3 API is retired; the same keys are served by v4.
      [ChannelType.Zhipu, 'https://open.bigmodel.cn/api/paas/v4/chat/completions'],
      [ChannelType.VolcEngine, 'https://ark.cn-beijing.volces.com/api/v3/chat/completions'],
      [ChannelType.BaiduV2, 'https://qianfan.baidubce.com/v2/chat/completions'],
      [ChannelType.MiniMax, 'https://api.minimax.chat/v1/text/chatcompletion_v2'],
      [ChannelType.Xunfei, 'https://spark-api-open.xf-yun.com/v1/chat/completions'],
      [ChannelType.Tencent, 'https://api.hunyuan.cloud.tencent.com/v1/chat/completions'],
    ];
    for (const [type, url] of defaults) {
      const target = await ofDefault(type);
      expect(target.url, String(type)).toBe(url);
      expect(target.headers.authorization, String(type)).toBe('Bearer sk-test');
    }
    const own = await openAITarget(
      testChannel({ type: ChannelType.VolcEngine, base_url: 'https://ark.ap-southeast.bytepluses.com/' }),
      '/v1/embeddings',
    );
    expect(own.url).toBe('https://ark.ap-southeast.bytepluses.com/api/v3/embeddings');
  });

  it("puts a Cloudflare channel's account id (its other field) in the path", async () => {
    const target = await ofDefault(ChannelType.Cloudflare, { other: ' 0123abcd ' });
    expect(target.url).toBe('https://api.cloudflare.com/client/v4/accounts/0123abcd/ai/v1/chat/completions');
    await expect(ofDefault(ChannelType.Cloudflare)).rejects.toThrow(
      "channel type 39 (Cloudflare Workers AI) needs its account id: set it in the channel's Account ID field",
    );
  });

  it('signs a Zhipu id.secret key into a JWT, and sends a plain key as it is', async () => {
    for (const type of [ChannelType.ZhipuV4, ChannelType.Zhipu]) {
      const signed = await ofDefault(type, { key: 'abc123.s3cret' });
      expect(signed.headers.authorization, String(type)).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
      expect(signed.headers.authorization, String(type)).not.toContain('s3cret');
    }
    expect((await ofDefault(ChannelType.ZhipuV4, { key: 'plain-key' })).headers.authorization).toBe(
      'Bearer plain-key',
    );
  });
});
