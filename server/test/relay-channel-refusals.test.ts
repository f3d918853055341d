import { ChannelType } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsRoot, type ConsoleClient } from './support/console-client.ts';
import { MockUpstream } from './support/mock-upstream.ts';
import { relayPost, seedChannel, seedToken, setRelayOption } from './support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

interface ChannelAnswer {
  success: boolean;
  message: string;
  data?: { id: number; type: number; name: string };
}

/**
 * Channels that cannot serve a call as configured: a key in a signed format not served yet, a
 * Cloudflare channel without its account id, a type whose provider is gone. Each call and test is
 * refused with the reason, and the upstream is never called.
 */
describe.skipIf(databaseUnavailable())('channels refused as configured, saying why', () => {
  let t: TestServer;
  let mock: MockUpstream;
  let root: ConsoleClient;
  let key: string;

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    t = await startTestServer();
    root = await signInAsRoot(t.url);
    await setRelayOption(root, 'ModelRatio', JSON.stringify({ 'm-refused': 1 }));
    key = (await seedToken(t)).key;
  });
  afterAll(async () => {
    await t?.close();
    await mock?.stop();
  });

  /** One channel alone serving the model, so that the call can only go to it. */
  async function only(type: number, fields: { key?: string; other?: string } = {}) {
    await t.server.store.db.deleteFrom('channels').where('models', '=', 'm-refused').execute();
    return seedChannel(t, {
      type,
      baseUrl: `${mock.url}/refused`,
      models: ['m-refused'],
      ...fields,
    });
  }

  async function expectRefused(channel: number, reason: string) {
    const answer = await relayPost(t, key, {
      model: 'm-refused',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(answer.status).toBe(400);
    expect(answer.body?.error?.message).toContain(reason);
    const test = await root.get<unknown>(`/api/channel/test/${channel}`);
    expect(test.body).toMatchObject({ success: false });
    expect((test.body as { message: string }).message).toContain(reason);
    expect(mock.requests).toHaveLength(0);
  }

  it("refuses Spark's WebSocket key and a malformed Tencent TC3 key, naming the key that works", async () => {
    const spark = await only(ChannelType.Xunfei, { key: 'appid|APISECRET-X|APIKEY-Y' });
    await expectRefused(
      spark,
      "keys in the form APPID|APISecret|APIKey (the WebSocket API) are not served yet; use the HTTP API's APIPassword",
    );
    const tencent = await only(ChannelType.Tencent, { key: 'app-id|SECRETID-X|SECRETKEY-Y' });
    await expectRefused(
      tencent,
      'a TC3 key must be AppId|SecretId|SecretKey (three parts, none empty, the AppId a number)',
    );
    const answer = await relayPost(t, key, {
      model: 'm-refused',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(JSON.stringify(answer.body)).not.toContain('SECRET');
  });

  it('refuses a Coze channel that names no bot, in its other field or as the model', async () => {
    const coze = await only(ChannelType.Coze, { key: 'pat_coze' });
    await expectRefused(
      coze,
      "needs a bot id: put it in the channel's other field, or call the bot id as the model",
    );
  });

  it('refuses a Cloudflare channel without its account id', async () => {
    const cloudflare = await only(ChannelType.Cloudflare);
    await expectRefused(cloudflare, "needs its account id: set it in the channel's Account ID field");
  });

  it("says in the reader's language when a type has no model list to fetch", async () => {
    const spark = await only(ChannelType.Xunfei, { key: 'api-password' });
    const answer = await root.get<unknown>(`/api/channel/fetch_models/${spark}`, {
      'accept-language': 'zh-CN',
    });
    expect(answer.body).toMatchObject({
      success: false,
      message: '渠道类型 18（iFlytek Spark） 没有可获取的模型列表，请手动填写模型',
    });
    expect(mock.requests).toHaveLength(0);
  });

  it('says a Hunyuan channel with a TC3 key has no model list to fetch, without calling it', async () => {
    const tencent = await only(ChannelType.Tencent, { key: '1250000|SECRETID-X|SECRETKEY-Y' });
    const answer = await root.get<unknown>(`/api/channel/fetch_models/${tencent}`);
    expect(answer.body).toMatchObject({
      success: false,
      message: expect.stringContaining("Tencent Cloud's TC3 API has no model list to fetch"),
    });
    expect(JSON.stringify(answer.body)).not.toContain('SECRET');
    expect(mock.requests).toHaveLength(0);
  });

  it('keeps PaLM and AI Proxy Library out of the type list, their channels listed, editable and refused', async () => {
    const types = (await root.get<Array<{ id: number }>>('/api/channel/types')).body.data!;
    expect(types.map(({ id }) => id)).not.toContain(ChannelType.PaLM);
    expect(types.map(({ id }) => id)).not.toContain(ChannelType.AIProxyLibrary);
    for (const type of [ChannelType.PaLM, ChannelType.AIProxyLibrary]) {
      const channel = await only(type);
      const edited = await root.put<ChannelAnswer['data']>('/api/channel/', {
        id: channel,
        name: `kept ${type}`,
      });
      expect(edited.body.success, edited.body.message).toBe(true);
      const read = await root.get<ChannelAnswer['data']>(`/api/channel/${channel}`);
      expect(read.body.data).toMatchObject({ type, name: `kept ${type}` });
      await expectRefused(channel, "can no longer be served: the provider's API no longer exists");
    }
  });
});
