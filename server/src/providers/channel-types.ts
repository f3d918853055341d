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
  t(6, 'OpenAI Max', 'https://api.openaimax.com', true, false),
  t(7, 'OhMyGPT', 'https://api.ohmygpt.com', true, false),
  t(8, 'Custom', ''),
  t(9, 'AILS', 'https://api.caipacity.com', true, false),
  t(10, 'AI Proxy', 'https://api.aiproxy.io', true, false),
  t(11, 'Google PaLM', '', false, false),
  t(12, 'API2GPT', 'https://api.api2gpt.com', true, false),
  t(13, 'AIGC2D', 'https://api.aigc2d.com', true, false),
  t(14, 'Anthropic Claude', 'https://api.anthropic.com', false, false),
  t(15, 'Baidu ERNIE', 'https://aip.baidubce.com', false, false),
  t(16, 'Zhipu (legacy)', 'https://open.bigmodel.cn', false, false),
  t(17, 'Alibaba Qwen', 'https://dashscope.aliyuncs.com', false, false),
  t(18, 'iFlytek Spark', '', false, false),
  t(19, '360 AI', 'https://api.360.cn', true, false),
  t(20, 'OpenRouter', 'https://openrouter.ai/api'),
  t(21, 'AI Proxy Library', 'https://api.aiproxy.io', false, false),
  t(22, 'FastGPT', 'https://fastgpt.run/api/openapi', true, false),
  t(23, 'Tencent Hunyuan', 'https://hunyuan.tencentcloudapi.com', false, false),
  t(24, 'Google Gemini', 'https://generativelanguage.googleapis.com', false, false),
  t(25, 'Moonshot', 'https://api.moonshot.cn'),
  t(26, 'Zhipu GLM-4V', 'https://open.bigmodel.cn', false, false),
  t(27, 'Perplexity', 'https://api.perplexity.ai'),
  t(31, 'LingYiWanWu', 'https://api.lingyiwanwu.com'),
  t(33, 'AWS Bedrock Claude', '', false, false),
  t(34, 'Cohere', 'https://api.cohere.ai', false, false),
  t(35, 'MiniMax', 'https://api.minimax.chat', false, false),
  t(36, 'Suno API', '', false, false),
  t(37, 'Dify', 'https://api.dify.ai', false, false),
  t(38, 'Jina', 'https://api.jina.ai'),
  t(39, 'Cloudflare Workers AI', 'https://api.cloudflare.com', false, false),
  t(40, 'SiliconFlow', 'https://api.siliconflow.cn'),
  t(41, 'Vertex AI', '', false, false),
  t(42, 'Mistral', 'https://api.mistral.ai', true, false),
  t(43, 'DeepSeek', 'https://api.deepseek.com'),
  t(44, 'MokaAI', 'https://api.moka.ai', false, false),
  t(45, 'VolcEngine', 'https://ark.cn-beijing.volces.com', false, false),
  t(46, 'Baidu Qianfan v2', 'https://qianfan.baidubce.com', false, false),
  t(47, 'Xinference', ''),
  t(48, 'xAI', 'https://api.x.ai'),
  t(49, 'Coze', 'https://api.coze.cn', false, false),
];

const BY_ID = new Map(CHANNEL_TYPES.map((type) => [type.id, type]));

export const channelTypeInfo = (id: number): ChannelTypeInfo | undefined => BY_ID.get(id);

/** The base URL a channel talks to: its own, else its type's default, without a trailing slash. */
export function channelBaseUrl(type: number, baseUrl: string | null | undefined): string {
  const own = (baseUrl ?? '').trim();
  return (own !== '' ? own : (BY_ID.get(type)?.defaultBaseUrl ?? '')).replace(/\/+$/, '');
}
