/**
 * The catalogue of channel types the console shows, with new-api's ids, names and default base
 * URLs. How a type is relayed (its provider family) is the relay's registry's business:
 * relay/providers/registry.ts.
 */
export interface ChannelTypeInfo {
  id: number;
  name: string;
  defaultBaseUrl: string;
  /** Each account has an address of its own (an Azure resource): the channel form requires one. */
  baseUrlRequired?: true;
  /** What `other` (the API version) holds when the form leaves it empty (iFlytek Spark: v2.1). */
  defaultOther?: string;
  /**
   * The provider's API no longer exists: the type is left out of the form's list, its imported
   * channels stay listed and editable, and every call through them is refused saying why.
   */
  retired?: true;
}

const t = (id: number, name: string, defaultBaseUrl: string): ChannelTypeInfo => ({
  id,
  name,
  defaultBaseUrl,
});

export const CHANNEL_TYPES: ChannelTypeInfo[] = [
  t(1, 'OpenAI', 'https://api.openai.com'),
  t(2, 'Midjourney Proxy', ''),
  { ...t(3, 'Azure OpenAI', ''), baseUrlRequired: true },
  t(4, 'Ollama', 'http://localhost:11434'),
  t(5, 'Midjourney Proxy Plus', ''),
  t(6, 'OpenAI Max', 'https://api.openaimax.com'),
  t(7, 'OhMyGPT', 'https://api.ohmygpt.com'),
  t(8, 'Custom', ''),
  t(9, 'AILS', 'https://api.caipacity.com'),
  t(10, 'AI Proxy', 'https://api.aiproxy.io'),
  { ...t(11, 'Google PaLM', ''), retired: true },
  t(12, 'API2GPT', 'https://api.api2gpt.com'),
  t(13, 'AIGC2D', 'https://api.aigc2d.com'),
  t(14, 'Anthropic Claude', 'https://api.anthropic.com'),
  t(15, 'Baidu ERNIE', 'https://aip.baidubce.com'),
  t(16, 'Zhipu (legacy)', 'https://open.bigmodel.cn'),
  t(17, 'Alibaba Qwen', 'https://dashscope.aliyuncs.com'),
  { ...t(18, 'iFlytek Spark', 'https://spark-api-open.xf-yun.com'), defaultOther: 'v2.1' },
  t(19, '360 AI', 'https://api.360.cn'),
  t(20, 'OpenRouter', 'https://openrouter.ai/api'),
  { ...t(21, 'AI Proxy Library', 'https://api.aiproxy.io'), retired: true },
  t(22, 'FastGPT', 'https://fastgpt.run/api/openapi'),
  t(23, 'Tencent Hunyuan', 'https://api.hunyuan.cloud.tencent.com'),
  t(24, 'Google Gemini', 'https://generativelanguage.googleapis.com'),
  t(25, 'Moonshot', 'https://api.moonshot.cn'),
  t(26, 'Zhipu GLM-4V', 'https://open.bigmodel.cn'),
  t(27, 'Perplexity', 'https://api.perplexity.ai'),
  t(31, 'LingYiWanWu', 'https://api.lingyiwanwu.com'),
  t(33, 'AWS Bedrock Claude', ''),
  t(34, 'Cohere', 'https://api.cohere.ai'),
  t(35, 'MiniMax', 'https://api.minimax.chat'),
  t(36, 'Suno API', ''),
  t(37, 'Dify', 'https://api.dify.ai'),
  t(38, 'Jina', 'https://api.jina.ai'),
  t(39, 'Cloudflare Workers AI', 'https://api.cloudflare.com'),
  t(40, 'SiliconFlow', 'https://api.siliconflow.cn'),
  t(41, 'Vertex AI', ''),
  t(42, 'Mistral', 'https://api.mistral.ai'),
  t(43, 'DeepSeek', 'https://api.deepseek.com'),
  t(44, 'MokaAI', 'https://api.moka.ai'),
  t(45, 'VolcEngine', 'https://ark.cn-beijing.volces.com'),
  t(46, 'Baidu Qianfan v2', 'https://qianfan.baidubce.com'),
  t(47, 'Xinference', ''),
  t(48, 'xAI', 'https://api.x.ai'),
  t(49, 'Coze', 'https://api.coze.cn'),
];

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
