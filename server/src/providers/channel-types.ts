/**
 * The channel types Relaygate knows, with new-api's ids and default base URLs. `openAICompatible`
 * types are relayed as OpenAI-format upstreams; the others wait for their own adaptors.
 */
export interface ChannelTypeInfo {
  id: number;
  name: string;
  defaultBaseUrl: string;
  openAICompatible: boolean;
  /** Whether the upstream accepts stream_options.include_usage. */
  streamUsage: boolean;
}

const t = (
  id: number,
  name: string,
  defaultBaseUrl: string,
  openAICompatible = true,
  streamUsage = true,
) => ({
  id,
  name,
  defaultBaseUrl,
  openAICompatible,
  streamUsage,
});

export const CHANNEL_TYPES: ChannelTypeInfo[] = [
  t(1, 'OpenAI', 'https://api.openai.com'),
  t(2, 'Midjourney Proxy', '', false, false),
  t(3, 'Azure OpenAI', ''),
  t(4, 'Ollama', 'http://localhost:11434'),
  t(5, 'Midjourney Proxy Plus', '', false, false),
  t(8, 'Custom', ''),
  t(14, 'Anthropic Claude', 'https://api.anthropic.com', false, false),
  t(17, 'Alibaba Qwen', 'https://dashscope.aliyuncs.com', false, false),
  t(20, 'OpenRouter', 'https://openrouter.ai/api'),
  t(24, 'Google Gemini', 'https://generativelanguage.googleapis.com', false, false),
  t(25, 'Moonshot', 'https://api.moonshot.cn'),
  t(26, 'Zhipu GLM-4V', 'https://open.bigmodel.cn', false, false),
  t(27, 'Perplexity', 'https://api.perplexity.ai'),
  t(31, 'LingYiWanWu', 'https://api.lingyiwanwu.com'),
  t(34, 'Cohere', 'https://api.cohere.ai', false, false),
  t(36, 'Suno API', '', false, false),
  t(37, 'Dify', 'https://api.dify.ai', false, false),
  t(38, 'Jina', 'https://api.jina.ai'),
  t(40, 'SiliconFlow', 'https://api.siliconflow.cn'),
  t(41, 'Vertex AI', '', false, false),
  t(42, 'Mistral', 'https://api.mistral.ai', true, false),
  t(43, 'DeepSeek', 'https://api.deepseek.com'),
  t(45, 'VolcEngine', 'https://ark.cn-beijing.volces.com', false, false),
  t(47, 'Xinference', ''),
  t(48, 'xAI', 'https://api.x.ai'),
];

const BY_ID = new Map(CHANNEL_TYPES.map((type) => [type.id, type]));

export const channelTypeInfo = (id: number): ChannelTypeInfo | undefined => BY_ID.get(id);

/** The base URL a channel talks to: its own, else its type's default, without a trailing slash. */
export function channelBaseUrl(type: number, baseUrl: string | null | undefined): string {
  const own = (baseUrl ?? '').trim();
  return (own !== '' ? own : (BY_ID.get(type)?.defaultBaseUrl ?? '')).replace(/\/+$/, '');
}
