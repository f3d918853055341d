import type { Bilingual } from '../i18n/text.ts';
import {
  API_KEY,
  ARK_API_KEY,
  AZURE_API_VERSION,
  BEDROCK_ACCESS_KEYS,
  BEDROCK_API_KEY,
  CLOUDFLARE_ACCOUNT,
  COZE_BOT,
  HUNYUAN_TC3_KEY,
  KLING_ACCESS_KEYS,
  SPARK_VERSION,
  VERTEX_REGION,
  VERTEX_SERVICE_ACCOUNT,
  VIDU_KEY,
  VOLC_ACCESS_KEYS,
  ZHIPU_KEY,
  type KeyFormat,
  type OtherField,
} from './channel-type-fields.ts';

/**
 * The one home of a channel type: new-api's id, its name, default base URL, the relay family that
 * serves it (relay/providers/registry.ts indexes the families by this, so the two cannot
 * disagree) and what the channel form asks for it (channel-type-fields.ts). The console reads it
 * through /api/channel/types.
 */

/** The relay's provider families, by name: each is one folder under relay/providers/. */
export type FamilyName =
  | 'openai'
  | 'azure'
  | 'anthropic'
  | 'gemini'
  | 'cohere'
  | 'dify'
  | 'bedrock'
  | 'vertex'
  | 'hunyuan'
  | 'coze'
  /**
   * The provider's API no longer exists: the type is left out of the form's list, its imported
   * channels stay listed and editable, and every call through them is refused saying why.
   */
  | 'retired'
  /** Not served yet: every call is refused saying so. */
  | 'unsupported';

export interface ChannelTypeInfo {
  id: number;
  name: string;
  defaultBaseUrl: string;
  family: FamilyName;
  /** Each account has an address of its own (an Azure resource): the channel form requires one. */
  baseUrlRequired?: true;
  /** Where calls go when the default address is not one URL (Bedrock's and Vertex's follow the region). */
  baseUrlNote?: Bilingual;
  /** The ways its key is written, the first the usual one. */
  keyFormats: readonly KeyFormat[];
  /** What its `other` field holds; undefined when the type has no use for it. */
  other?: OtherField;
  /** Whether the OpenAI organization field applies. */
  organization?: true;
  /** The task routes that serve it when its family serves no chat (/mj/…, /suno/…, /kling/…, /v1/videos and /v1/video/generations). */
  tasks?: 'midjourney' | 'suno' | 'video';
}

type Extra = Partial<Omit<ChannelTypeInfo, 'id' | 'name' | 'defaultBaseUrl' | 'family'>>;

const t = (
  id: number,
  name: string,
  defaultBaseUrl: string,
  family: FamilyName,
  extra: Extra = {},
): ChannelTypeInfo => ({ id, name, defaultBaseUrl, family, keyFormats: [API_KEY], ...extra });

/** A type served through OpenAI's API (its paths and auth: relay/providers/openai/openai-channel-types.ts). */
const openai = (id: number, name: string, defaultBaseUrl: string, extra: Extra = {}) =>
  t(id, name, defaultBaseUrl, 'openai', extra);

export const CHANNEL_TYPES: ChannelTypeInfo[] = [
  openai(1, 'OpenAI', 'https://api.openai.com', { organization: true }),
  t(2, 'Midjourney Proxy', '', 'unsupported', { tasks: 'midjourney' }),
  t(3, 'Azure OpenAI', '', 'azure', { baseUrlRequired: true, other: AZURE_API_VERSION }),
  openai(4, 'Ollama', 'http://localhost:11434'),
  t(5, 'Midjourney Proxy Plus', '', 'unsupported', { tasks: 'midjourney' }),
  openai(6, 'OpenAI Max', 'https://api.openaimax.com'),
  openai(7, 'OhMyGPT', 'https://api.ohmygpt.com'),
  openai(8, 'Custom', ''),
  openai(9, 'AILS', 'https://api.caipacity.com'),
  openai(10, 'AI Proxy', 'https://api.aiproxy.io'),
  t(11, 'Google PaLM', '', 'retired'),
  openai(12, 'API2GPT', 'https://api.api2gpt.com'),
  openai(13, 'AIGC2D', 'https://api.aigc2d.com'),
  t(14, 'Anthropic Claude', 'https://api.anthropic.com', 'anthropic'),
  t(15, 'Baidu ERNIE', 'https://aip.baidubce.com', 'unsupported'),
  openai(16, 'Zhipu (legacy)', 'https://open.bigmodel.cn', { keyFormats: [ZHIPU_KEY] }),
  openai(17, 'Alibaba Qwen', 'https://dashscope.aliyuncs.com'),
  openai(18, 'iFlytek Spark', 'https://spark-api-open.xf-yun.com', { other: SPARK_VERSION }),
  openai(19, '360 AI', 'https://api.360.cn'),
  openai(20, 'OpenRouter', 'https://openrouter.ai/api'),
  t(21, 'AI Proxy Library', 'https://api.aiproxy.io', 'retired'),
  openai(22, 'FastGPT', 'https://fastgpt.run/api/openapi'),
  t(23, 'Tencent Hunyuan', 'https://api.hunyuan.cloud.tencent.com', 'hunyuan', {
    keyFormats: [API_KEY, HUNYUAN_TC3_KEY],
  }),
  t(24, 'Google Gemini', 'https://generativelanguage.googleapis.com', 'gemini'),
  openai(25, 'Moonshot', 'https://api.moonshot.cn'),
  openai(26, 'Zhipu GLM-4V', 'https://open.bigmodel.cn', { keyFormats: [ZHIPU_KEY, API_KEY] }),
  openai(27, 'Perplexity', 'https://api.perplexity.ai'),
  openai(31, 'LingYiWanWu', 'https://api.lingyiwanwu.com'),
  t(33, 'AWS Bedrock Claude', '', 'bedrock', {
    keyFormats: [BEDROCK_ACCESS_KEYS, BEDROCK_API_KEY],
    baseUrlNote: {
      en: "Left empty: the key's region, https://bedrock-runtime.{region}.amazonaws.com",
      zh: '留空即密钥所写区域的地址：https://bedrock-runtime.{region}.amazonaws.com',
    },
  }),
  t(34, 'Cohere', 'https://api.cohere.ai', 'cohere'),
  openai(35, 'MiniMax', 'https://api.minimax.chat'),
  t(36, 'Suno API', '', 'unsupported', { tasks: 'suno', baseUrlRequired: true }),
  t(37, 'Dify', 'https://api.dify.ai', 'dify'),
  openai(38, 'Jina', 'https://api.jina.ai'),
  openai(39, 'Cloudflare Workers AI', 'https://api.cloudflare.com', { other: CLOUDFLARE_ACCOUNT }),
  openai(40, 'SiliconFlow', 'https://api.siliconflow.cn'),
  t(41, 'Vertex AI', '', 'vertex', {
    keyFormats: [VERTEX_SERVICE_ACCOUNT],
    other: VERTEX_REGION,
    baseUrlNote: {
      en: "Left empty: the region's, https://{region}-aiplatform.googleapis.com (https://aiplatform.googleapis.com for global)",
      zh: '留空即区域的地址：https://{region}-aiplatform.googleapis.com（global 为 https://aiplatform.googleapis.com）',
    },
  }),
  openai(42, 'Mistral', 'https://api.mistral.ai'),
  openai(43, 'DeepSeek', 'https://api.deepseek.com'),
  t(44, 'MokaAI', 'https://api.moka.ai', 'unsupported'),
  openai(45, 'VolcEngine', 'https://ark.cn-beijing.volces.com'),
  openai(46, 'Baidu Qianfan v2', 'https://qianfan.baidubce.com'),
  openai(47, 'Xinference', ''),
  openai(48, 'xAI', 'https://api.x.ai'),
  t(49, 'Coze', 'https://api.coze.cn', 'coze', { other: COZE_BOT }),
  t(50, 'Kling', 'https://api-singapore.klingai.com', 'unsupported', {
    tasks: 'video',
    keyFormats: [KLING_ACCESS_KEYS, API_KEY],
  }),
  // Jimeng's visual API (AK|SK signed, HMAC-SHA256 V4): not served yet, no documented answer of it was found to test against.
  t(51, 'Jimeng', 'https://visual.volcengineapi.com', 'unsupported', { keyFormats: [VOLC_ACCESS_KEYS] }),
  t(52, 'Vidu', 'https://api.vidu.cn', 'unsupported', { tasks: 'video', keyFormats: [VIDU_KEY] }),
  t(54, 'Doubao Video (Seedance)', 'https://ark.cn-beijing.volces.com', 'unsupported', {
    tasks: 'video',
    keyFormats: [ARK_API_KEY],
  }),
];

/** new-api's "unknown" type (0), found in imported rows: tried as OpenAI at the channel's own address, as new-api does. */
export const UNKNOWN_TYPE: ChannelTypeInfo = openai(0, 'Unknown', '');

const BY_ID = new Map(CHANNEL_TYPES.map((type) => [type.id, type]));

export const channelTypeInfo = (id: number): ChannelTypeInfo | undefined => BY_ID.get(id);

/** A channel's own base URL when it has one, else `fallback`, without a trailing slash. */
export function ownBaseUrlOr(baseUrl: string | null | undefined, fallback: string): string {
  const own = (baseUrl ?? '').trim();
  return (own !== '' ? own : fallback).replace(/\/+$/, '');
}

/** The base URL a channel talks to: its own, else its type's default, without a trailing slash. */
export const channelBaseUrl = (type: number, baseUrl: string | null | undefined): string =>
  ownBaseUrlOr(baseUrl, BY_ID.get(type)?.defaultBaseUrl ?? '');

/** Whether calls through a type are served at all: by its family, or by its task routes. */
export const typeIsServed = (info: ChannelTypeInfo): boolean =>
  (info.family !== 'unsupported' && info.family !== 'retired') || info.tasks !== undefined;
