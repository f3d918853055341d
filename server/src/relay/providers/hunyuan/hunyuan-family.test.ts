import { ChannelType } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { chatTestRequest } from '../chat-test-request.ts';
import { noSettings, testChannel } from '../test-channel.test-support.ts';
import { hunyuanFamily } from './hunyuan-family.ts';

const TC3_KEY = '1300000000|AKIDexample|s3cret';
const ask = (fields: { key: string; base_url?: string | null }) =>
  chatTestRequest(
    hunyuanFamily,
    noSettings,
    testChannel({ type: ChannelType.Tencent, ...fields }),
    'hunyuan-lite',
    'hunyuan-lite',
  );

describe('the Hunyuan family', () => {
  it("sends a TC3 key's chat to Tencent Cloud's API, signed, as ChatCompletions", async () => {
    const request = await ask({ key: TC3_KEY, base_url: null });
    if (typeof request === 'string') throw new Error(request);
    expect(request.url).toBe('https://hunyuan.tencentcloudapi.com/');
    expect(request.headers).toMatchObject({ 'x-tc-action': 'ChatCompletions', 'x-tc-version': '2023-09-01' });
    expect(request.headers.authorization).toMatch(/^TC3-HMAC-SHA256 Credential=AKIDexample\//);
    expect(JSON.parse(request.body as string)).toMatchObject({
      Model: 'hunyuan-lite',
      Messages: [{ Role: 'user', Content: 'hi' }],
      Stream: false,
    });
  });

  it("sends a plain API key to the OpenAI-compatible API, as OpenAI's family does", async () => {
    const request = await ask({ key: 'sk-hunyuan', base_url: null });
    if (typeof request === 'string') throw new Error(request);
    expect(request.url).toBe('https://api.hunyuan.cloud.tencent.com/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-hunyuan');
  });

  it('refuses a malformed key triple naming the format, never the key', async () => {
    for (const key of ['1300000000|AKIDexample', 'app|AKIDexample|s3cret', '1||s3cret']) {
      const refusal = await ask({ key });
      expect(refusal, key).toBe(
        "channel type 23 (Tencent Hunyuan): a TC3 key must be AppId|SecretId|SecretKey (three parts, none empty, the AppId a number); a key without | is sent to Hunyuan's OpenAI-compatible API",
      );
    }
  });

  it('lists models with an API key, and refuses the list for a TC3 key, which has none', async () => {
    const { models } = hunyuanFamily;
    expect(models.url('https://api.hunyuan.cloud.tencent.com')).toBe(
      'https://api.hunyuan.cloud.tencent.com/v1/models',
    );
    expect(await models.headers('sk-hunyuan')).toEqual({ authorization: 'Bearer sk-hunyuan' });
    await expect(Promise.resolve().then(() => models.headers(TC3_KEY))).rejects.toThrow(
      /TC3 API has no model list/,
    );
  });
});
