/**
 * The channel types that speak OpenAI's API (new-api's ids): one entry each. Adding such a vendor
 * is one entry here (and its name in the console's catalogue, providers/channel-types.ts, whose
 * default base URL a test holds equal to the entry's).
 */

/** How a vendor takes its key. */
export type OpenAIAuth =
  /** Authorization: Bearer <key>. */
  | 'bearer'
  /** Zhipu: a key in the form id.secret is sent as a JWT signed with the secret; any other as Bearer. */
  | 'zhipu-jwt';

/** The endpoint kinds a vendor with paths of its own can serve. */
export type VendorEndpoint = 'chat' | 'embedding' | 'rerank';

import type { Bilingual } from '../../../i18n/text.ts';

/** A key format the vendor also issues that this gateway does not serve yet. */
export interface UnservedKeyFormat {
  /** Whether a key is in that format. */
  matches: (key: string) => boolean;
  /** The format, as the vendor's console names its parts. */
  format: string;
  /** The key that works today. */
  instead: Bilingual;
}

export interface OpenAIVendor {
  type: number;
  /** Its address when the channel names none; the channel's own base URL always wins. */
  defaultBaseUrl: string;
  /**
   * Its own path for each endpoint kind it serves ({account} is the channel's `other` field);
   * undefined: OpenAI's own paths (/v1/…), every endpoint passed through.
   */
  paths?: Partial<Record<VendorEndpoint, string>>;
  /** GET path of its model list, answered in OpenAI's shape; null: it has none to ask. */
  models: string | null;
  auth: OpenAIAuth;
  /** Whether it takes stream_options.include_usage (asked for on every streamed chat, so usage comes back). */
  streamUsage: boolean;
  unservedKey?: UnservedKeyFormat;
  /**
   * Its channels are claimed by a family of its own, which serves the keys of another API and
   * hands channels with an API key back to this one (Hunyuan: TC3 key triples).
   */
  ownFamily?: true;
}

type Fields = Partial<Omit<OpenAIVendor, 'type' | 'defaultBaseUrl'>>;

/** An entry: Bearer auth, OpenAI's own paths and model list, unless it says otherwise. */
const vendor = (type: number, defaultBaseUrl: string, streamUsage: boolean, fields: Fields = {}) => ({
  type,
  defaultBaseUrl,
  streamUsage,
  models: '/v1/models',
  auth: 'bearer' as const,
  ...fields,
});

/** A key of three parts joined by |: the signed (WebSocket) API's credentials. */
const threePartKey = (key: string) => key.split('|').length === 3;

/** Zhipu's v4 API: its own paths and model list, id.secret keys signed as a JWT. */
const ZHIPU_V4: Fields = {
  paths: { chat: '/api/paas/v4/chat/completions', embedding: '/api/paas/v4/embeddings' },
  models: '/api/paas/v4/models',
  auth: 'zhipu-jwt',
};

export const OPENAI_VENDORS: readonly OpenAIVendor[] = [
  vendor(0, '', true), // Unknown (imported rows): tried as OpenAI, as new-api does
  vendor(1, 'https://api.openai.com', true),
  vendor(4, 'http://localhost:11434', true), // Ollama
  vendor(6, 'https://api.openaimax.com', false),
  vendor(7, 'https://api.ohmygpt.com', false),
  vendor(8, '', true), // Custom
  vendor(9, 'https://api.caipacity.com', false), // AILS
  vendor(10, 'https://api.aiproxy.io', false),
  vendor(12, 'https://api.api2gpt.com', false),
  vendor(13, 'https://api.aigc2d.com', false),
  // Zhipu (legacy): new-api calls the v3 API (/api/paas/v3/model-api/…), which Zhipu retired in
  // favour of v4; the same id.secret key is served through v4 like type 26.
  vendor(16, 'https://open.bigmodel.cn', true, ZHIPU_V4),
  vendor(17, 'https://dashscope.aliyuncs.com', true, {
    // DashScope's compatible mode
    paths: {
      chat: '/compatible-mode/v1/chat/completions',
      embedding: '/compatible-mode/v1/embeddings',
    },
    models: '/compatible-mode/v1/models',
  }),
  vendor(18, 'https://spark-api-open.xf-yun.com', false, {
    // iFlytek Spark's OpenAI-compatible HTTP API
    paths: { chat: '/v1/chat/completions' },
    models: null,
    unservedKey: {
      matches: threePartKey,
      format: 'APPID|APISecret|APIKey (the WebSocket API)',
      instead: { en: "the HTTP API's APIPassword", zh: ' HTTP 接口的 APIPassword ' },
    },
  }),
  vendor(19, 'https://api.360.cn', false),
  vendor(20, 'https://openrouter.ai/api', true),
  vendor(22, 'https://fastgpt.run/api/openapi', false),
  vendor(23, 'https://api.hunyuan.cloud.tencent.com', false, {
    // Tencent Hunyuan's OpenAI-compatible API; AppId|SecretId|SecretKey keys go to hunyuan/ (TC3).
    paths: { chat: '/v1/chat/completions' },
    ownFamily: true,
  }),
  vendor(25, 'https://api.moonshot.cn', true),
  vendor(26, 'https://open.bigmodel.cn', true, ZHIPU_V4),
  vendor(27, 'https://api.perplexity.ai', true),
  vendor(31, 'https://api.lingyiwanwu.com', true),
  vendor(35, 'https://api.minimax.chat', true, { paths: { chat: '/v1/text/chatcompletion_v2' } }),
  vendor(38, 'https://api.jina.ai', true),
  vendor(39, 'https://api.cloudflare.com', true, {
    // Workers AI's OpenAI-compatible endpoints; its model search answers in another shape.
    paths: {
      chat: '/client/v4/accounts/{account}/ai/v1/chat/completions',
      embedding: '/client/v4/accounts/{account}/ai/v1/embeddings',
    },
    models: null,
  }),
  vendor(40, 'https://api.siliconflow.cn', true),
  vendor(42, 'https://api.mistral.ai', false),
  vendor(43, 'https://api.deepseek.com', true),
  vendor(45, 'https://ark.cn-beijing.volces.com', true, {
    // VolcEngine Ark
    paths: { chat: '/api/v3/chat/completions', embedding: '/api/v3/embeddings' },
    models: '/api/v3/models',
  }),
  vendor(46, 'https://qianfan.baidubce.com', true, {
    paths: { chat: '/v2/chat/completions' },
    models: '/v2/models',
  }),
  vendor(47, '', true), // Xinference
  vendor(48, 'https://api.x.ai', true),
];

const BY_TYPE = new Map(OPENAI_VENDORS.map((entry) => [entry.type, entry]));

/** The types the OpenAI family claims: every entry but those with a family of their own. */
export const OPENAI_COMPATIBLE_TYPES: readonly number[] = OPENAI_VENDORS.filter(
  (entry) => !entry.ownFamily,
).map((entry) => entry.type);

/** The entry of an OpenAI-compatible type; a type not listed is treated as OpenAI itself, at its own address. */
export const openAIVendor = (channelType: number): OpenAIVendor =>
  BY_TYPE.get(channelType) ?? { ...BY_TYPE.get(1)!, type: channelType, defaultBaseUrl: '' };

/** Whether a channel of this type takes stream_options.include_usage. */
export const takesStreamUsage = (channelType: number): boolean => openAIVendor(channelType).streamUsage;
