/**
 * How each channel type the catalogue (providers/channel-types.ts) gives the OpenAI family speaks
 * OpenAI's API: its paths, auth and stream options, one entry per type (new-api's ids). Its name
 * and default base URL live in the catalogue; a type without an entry here is OpenAI itself.
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
}

type Fields = Partial<Omit<OpenAIVendor, 'type'>>;

/** An entry: Bearer auth, OpenAI's own paths and model list, unless it says otherwise. */
const vendor = (type: number, streamUsage: boolean, fields: Fields = {}) => ({
  type,
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
  vendor(0, true), // Unknown (imported rows): tried as OpenAI, as new-api does
  vendor(1, true), // OpenAI
  vendor(4, true), // Ollama
  vendor(6, false), // OpenAI Max
  vendor(7, false), // OhMyGPT
  vendor(8, true), // Custom
  vendor(9, false), // AILS
  vendor(10, false), // AI Proxy
  vendor(12, false), // API2GPT
  vendor(13, false), // AIGC2D
  // Zhipu (legacy): new-api calls the v3 API (/api/paas/v3/model-api/…), which Zhipu retired in
  // favour of v4; the same id.secret key is served through v4 like type 26.
  vendor(16, true, ZHIPU_V4),
  vendor(17, true, {
    // DashScope's compatible mode
    paths: {
      chat: '/compatible-mode/v1/chat/completions',
      embedding: '/compatible-mode/v1/embeddings',
    },
    models: '/compatible-mode/v1/models',
  }),
  vendor(18, false, {
    // iFlytek Spark's OpenAI-compatible HTTP API
    paths: { chat: '/v1/chat/completions' },
    models: null,
    unservedKey: {
      matches: threePartKey,
      format: 'APPID|APISecret|APIKey (the WebSocket API)',
      instead: { en: "the HTTP API's APIPassword", zh: ' HTTP 接口的 APIPassword ' },
    },
  }),
  vendor(19, false), // 360 AI
  vendor(20, true), // OpenRouter
  vendor(22, false), // FastGPT
  vendor(23, false, {
    // Tencent Hunyuan's OpenAI-compatible API, for channels with an API key; the catalogue gives the
    // type to hunyuan/, which serves AppId|SecretId|SecretKey keys (TC3) and hands these back.
    paths: { chat: '/v1/chat/completions' },
  }),
  vendor(25, true), // Moonshot
  vendor(26, true, ZHIPU_V4), // Zhipu GLM-4V
  vendor(27, true), // Perplexity
  vendor(31, true), // LingYiWanWu
  vendor(35, true, { paths: { chat: '/v1/text/chatcompletion_v2' } }),
  vendor(38, true), // Jina
  vendor(39, true, {
    // Workers AI's OpenAI-compatible endpoints; its model search answers in another shape.
    paths: {
      chat: '/client/v4/accounts/{account}/ai/v1/chat/completions',
      embedding: '/client/v4/accounts/{account}/ai/v1/embeddings',
    },
    models: null,
  }),
  vendor(40, true), // SiliconFlow
  vendor(42, false), // Mistral
  vendor(43, true), // DeepSeek
  vendor(45, true, {
    // VolcEngine Ark
    paths: { chat: '/api/v3/chat/completions', embedding: '/api/v3/embeddings' },
    models: '/api/v3/models',
  }),
  vendor(46, true, {
    paths: { chat: '/v2/chat/completions' },
    models: '/v2/models',
  }),
  vendor(47, true), // Xinference
  vendor(48, true), // xAI
];

const BY_TYPE = new Map(OPENAI_VENDORS.map((entry) => [entry.type, entry]));

/** The entry of an OpenAI-compatible type; a type not listed is treated as OpenAI itself, at its own address. */
export const openAIVendor = (channelType: number): OpenAIVendor =>
  BY_TYPE.get(channelType) ?? { ...BY_TYPE.get(1)!, type: channelType };

/** Whether a channel of this type takes stream_options.include_usage. */
export const takesStreamUsage = (channelType: number): boolean => openAIVendor(channelType).streamUsage;
