import { ChannelType } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { openAIVendor } from './openai-channel-types.ts';
import { vendorAuthorization } from './openai-key-auth.ts';

const auth = (type: number, key: string) => vendorAuthorization(openAIVendor(type), key);

describe('vendorAuthorization', () => {
  it('sends Spark and Hunyuan keys of their OpenAI-compatible APIs as Bearer', async () => {
    expect(await auth(ChannelType.Xunfei, 'api-password')).toBe('Bearer api-password');
    expect(await auth(ChannelType.Tencent, 'sk-hunyuan')).toBe('Bearer sk-hunyuan');
  });

  it('refuses the signed key format of Spark, naming the one that works, never echoing the key', async () => {
    const spark = auth(ChannelType.Xunfei, 'app1|SECRET-S|key-k');
    await expect(spark).rejects.toThrow(
      "channel type 18 (iFlytek Spark): keys in the form APPID|APISecret|APIKey (the WebSocket API) are not served yet; use the HTTP API's APIPassword as the channel's key",
    );
    await expect(auth(ChannelType.Xunfei, 'app1|SECRET-S|key-k')).rejects.not.toThrow(/SECRET/);
  });

  it('refuses a Zhipu id.secret key with an empty side, without the key in the message', async () => {
    await expect(auth(ChannelType.ZhipuV4, 'only-id.')).rejects.toThrow(
      'channel type 26 (Zhipu GLM-4V): the key must be an API key, or id.secret with both parts',
    );
    await expect(auth(ChannelType.Zhipu, '.only-secret')).rejects.toThrow(
      'channel type 16 (Zhipu (legacy)): the key must be an API key, or id.secret with both parts',
    );
  });
});
