import { ChannelType } from '@relaygate/contract';
import { jwtVerify } from 'jose';
import OpenAI, { APIError } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsRoot, type ConsoleClient } from './support/console-client.ts';
import {
  collected,
  collectedAvailable,
  fixtureChunks,
  fixtureJson,
  fixturesAvailable,
} from './support/fixtures.ts';
import { MockUpstream } from './support/mock-upstream.ts';
import { lastLogAfter, expectedQuota, seedChannel, seedToken, setRelayOption } from './support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
}

interface Vendor {
  name: string;
  type: number;
  model: string;
  /** The path the gateway must call, under the channel's base URL. */
  path: string;
  key?: string;
  other?: string;
  json?: string;
  stream?: string;
  streamUsage: boolean;
}

/**
 * The OpenAI-compatible vendors with paths or auth of their own, each on its channel type, with
 * the recordings of its answers: where the gateway must call it, and which of the answers exist.
 */
const VENDORS: Vendor[] = [
  {
    name: 'alibaba',
    type: ChannelType.Ali,
    model: 'qwen3-max',
    path: '/compatible-mode/v1/chat/completions',
    json: 'alibaba/alibaba-text.json',
    stream: 'alibaba/alibaba-text.chunks.txt',
    streamUsage: true,
  },
  {
    name: 'zhipu',
    type: ChannelType.ZhipuV4,
    model: 'glm-4',
    path: '/api/paas/v4/chat/completions',
    key: 'zhipu-key-id.zhipu-secret',
    json: collected('zhipu/chat-completions.glm-4.non-stream.live-openglm.json'),
    stream: collected('zhipu/chat-completions.glm-4.stream.live-langchain.chunks.txt'),
    streamUsage: true,
  },
  {
    // Zhipu (legacy): new-api's v3 API is retired; the same id.secret key is served by v4.
    name: 'zhipu-legacy',
    type: ChannelType.Zhipu,
    model: 'glm-4-legacy',
    path: '/api/paas/v4/chat/completions',
    key: 'zhipu-key-id.zhipu-secret',
    json: collected('zhipu/chat-completions.glm-4.non-stream.live-openglm.json'),
    stream: collected('zhipu/chat-completions.glm-4.stream.live-langchain.chunks.txt'),
    streamUsage: true,
  },
  {
    name: 'volcengine',
    type: ChannelType.VolcEngine,
    model: 'doubao-seed-1-6-251015',
    path: '/api/v3/chat/completions',
    stream: collected('volcengine/ark.chat-completions.doubao-seed-1-6.stream.live-ai4j-excerpt.chunks.txt'),
    streamUsage: true,
  },
  {
    name: 'qianfan',
    type: ChannelType.BaiduV2,
    model: 'deepseek-v3.1-250821',
    path: '/v2/chat/completions',
    json: collected('baidu-qianfan/v2.chat-completions.non-stream.deepseek-v3.1.doc-qianfan.json'),
    streamUsage: true,
  },
  {
    name: 'minimax',
    type: ChannelType.MiniMax,
    model: 'MiniMax-M2.7',
    path: '/v1/text/chatcompletion_v2',
    stream: collected(
      'minimax/chatcompletion_v2.openai-compat.MiniMax-M2.7.stream-reasoning-split.live-gomodel.chunks.txt',
    ),
    streamUsage: true,
  },
  {
    name: 'cloudflare',
    type: ChannelType.Cloudflare,
    model: '@cf/meta/llama-3.1-8b-instruct',
    other: 'cf-account-1',
    path: '/client/v4/accounts/cf-account-1/ai/v1/chat/completions',
    stream: collected('cloudflare/ai-run.stream-binding.live-excerpt-unattributed.chunks.txt'),
    streamUsage: true,
  },
  {
    name: 'hunyuan',
    type: ChannelType.Tencent,
    model: 'hunyuan-lite',
    path: '/v1/chat/completions',
    stream: collected('hunyuan/openai-compat.chat-completions.hunyuan-lite.stream.live-ai4j.chunks.txt'),
    streamUsage: false,
  },
  {
    name: 'spark',
    type: ChannelType.Xunfei,
    model: 'generalv3.5',
    path: '/v1/chat/completions',
    json: collected('spark/http.chat-completions.non-stream.doc-iflytek-websdk.json'),
    stream: collected('spark/http.chat-completions.stream.doc-iflytek-websdk.chunks.txt'),
    streamUsage: false,
  },
];

const JSON_CASES = VENDORS.filter((v) => v.json).map((v) => ({ ...v, json: v.json! }));
const STREAM_CASES = VENDORS.filter((v) => v.stream).map((v) => ({ ...v, stream: v.stream! }));
const KEY = 'sk-vendor-key';

/** The usage a stream reports: its last usage record, merged over the earlier ones (Cloudflare splits it). */
function streamedUsage(lines: string[]): Usage {
  const usages = lines
    .filter((line) => line !== '[DONE]')
    .map((line) => (JSON.parse(line) as { usage?: Partial<Usage> | null }).usage)
    .filter((usage): usage is Partial<Usage> => !!usage);
  return { prompt_tokens: 0, completion_tokens: 0, ...Object.assign({}, ...usages) } as Usage;
}

describe.skipIf(databaseUnavailable() || !fixturesAvailable || !collectedAvailable)(
  'OpenAI-compatible vendors with their own paths and auth, replaying their recordings',
  () => {
    let t: TestServer;
    let mock: MockUpstream;
    let root: ConsoleClient;
    let client: OpenAI;
    const ids = new Map<string, number>();
    let calls = 0;

    beforeAll(async () => {
      mock = await new MockUpstream().start();
      t = await startTestServer();
      root = await signInAsRoot(t.url);
      const ones = Object.fromEntries(VENDORS.map((v) => [v.model, 1]));
      await setRelayOption(root, 'ModelRatio', JSON.stringify(ones));
      await setRelayOption(root, 'CompletionRatio', JSON.stringify(ones));
      for (const v of VENDORS)
        ids.set(
          v.name,
          await seedChannel(t, {
            type: v.type,
            key: v.key ?? KEY,
            baseUrl: `${mock.url}/${v.name}`,
            models: [v.model],
            other: v.other,
          }),
        );
      client = new OpenAI({ apiKey: (await seedToken(t)).key, baseURL: `${t.url}/v1`, maxRetries: 0 });
    });
    afterAll(async () => {
      await t?.close();
      await mock?.stop();
    });

    const logOfLastCall = () => lastLogAfter(t, calls);

    /** The one call the vendor's route received: on its own path, with its own credentials. */
    async function expectCalledOnItsPath(v: Vendor) {
      const [sent] = mock.requestsTo(`/${v.name}${v.path}`).slice(-1);
      expect(sent, `no call reached /${v.name}${v.path}`).toBeDefined();
      const auth = String(sent!.headers.authorization);
      if (v.type !== ChannelType.ZhipuV4 && v.type !== ChannelType.Zhipu)
        return expect(auth).toBe(`Bearer ${KEY}`);
      // Zhipu's id.secret key goes as a JWT signed with the secret, carrying new-api's claims.
      const token = auth.replace(/^Bearer /, '');
      const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode('zhipu-secret'));
      expect(protectedHeader).toEqual({ alg: 'HS256', sign_type: 'SIGN' });
      expect(payload.api_key).toBe('zhipu-key-id');
      expect(payload.exp! - (payload.timestamp as number)).toBe(24 * 3600 * 1000);
      expect(auth).not.toContain('zhipu-secret');
    }

    it.each(JSON_CASES)('$name (JSON): its path and auth, the answer, and the usage billed', async (v) => {
      const recorded = fixtureJson<{
        choices: Array<{ message: { content: string } }>;
        usage: Usage;
      }>(v.json);
      mock.reply(`/${v.name}${v.path}`, { json: recorded });
      calls++;
      const answer = await client.chat.completions.create({
        model: v.model,
        messages: [{ role: 'user', content: 'hi' }],
      });
      await expectCalledOnItsPath(v);
      expect(answer.choices[0]!.message.content).toBe(recorded.choices[0]!.message.content);
      const log = await logOfLastCall();
      const u = recorded.usage;
      expect([log.prompt_tokens, log.completion_tokens]).toEqual([u.prompt_tokens, u.completion_tokens]);
      const quota = expectedQuota(
        { prompt: u.prompt_tokens, completion: u.completion_tokens },
        { model: 1, completion: 1 },
      );
      expect(Number(log.quota)).toBe(quota);
    });

    it.each(STREAM_CASES)('$name (stream): its path, the deltas, and the usage billed', async (v) => {
      const chunks = fixtureChunks(v.stream);
      const done = chunks.at(-1) === '[DONE]';
      mock.reply(`/${v.name}${v.path}`, { sse: done ? chunks.slice(0, -1) : chunks, done });
      calls++;
      const stream = await client.chat.completions.create({
        model: v.model,
        messages: [{ role: 'user', content: 'hi' }],
        stream: true,
      });
      let content = '';
      for await (const chunk of stream) content += chunk.choices[0]?.delta?.content ?? '';
      await expectCalledOnItsPath(v);
      const sentUpstream = mock.requestsTo(`/${v.name}${v.path}`).at(-1)!.json!;
      expect(sentUpstream.stream_options).toEqual(v.streamUsage ? { include_usage: true } : undefined);
      const parsed = chunks
        .filter((line) => line !== '[DONE]')
        .map((line) => JSON.parse(line) as { choices?: Array<{ delta?: { content?: string } }> });
      expect(content).toBe(parsed.map((p) => p.choices?.[0]?.delta?.content ?? '').join(''));
      const log = await logOfLastCall();
      if (!chunks.some((line) => line.includes('"usage":{'))) {
        // No usage in the recording (Hunyuan's, VolcEngine's excerpt): counted locally, never zero.
        expect(log.completion_tokens).toBeGreaterThan(0);
        return;
      }
      const u = streamedUsage(chunks);
      expect([log.prompt_tokens, log.completion_tokens]).toEqual([u.prompt_tokens, u.completion_tokens]);
    });

    it("reads Cloudflare's error envelope into the caller's error", async () => {
      const v = VENDORS.find((vendor) => vendor.name === 'cloudflare')!;
      mock.reply(`/${v.name}${v.path}`, {
        status: 503,
        json: fixtureJson(
          collected('cloudflare/ai-gateway.workers-ai.v1-chat-completions.error-7009.live-issue15116.json'),
        ),
      });
      const error = await client.chat.completions
        .create({ model: v.model, messages: [{ role: 'user', content: 'hi' }] })
        .catch((e: unknown) => e as APIError);
      expect(error).toBeInstanceOf(APIError);
      expect((error as APIError).message).toContain('Upstream service unavailable');
    });
  },
);
