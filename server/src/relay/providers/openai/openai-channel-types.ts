/**
 * The channel types that speak OpenAI's API (new-api's ids), and whether each takes
 * stream_options.include_usage (asked for on every streamed chat, so usage comes back) or
 * refuses the field.
 */
const STREAM_USAGE_BY_TYPE = new Map<number, boolean>([
  [0, true], // Unknown (imported rows): tried as OpenAI, as new-api does
  [1, true], // OpenAI
  [4, true], // Ollama
  [6, false], // OpenAI Max
  [7, false], // OhMyGPT
  [8, true], // Custom
  [9, false], // AILS
  [10, false], // AI Proxy
  [12, false], // API2GPT
  [13, false], // AIGC2D
  [19, false], // 360 AI
  [20, true], // OpenRouter
  [22, false], // FastGPT
  [25, true], // Moonshot
  [27, true], // Perplexity
  [31, true], // LingYiWanWu
  [38, true], // Jina
  [40, true], // SiliconFlow
  [42, false], // Mistral
  [43, true], // DeepSeek
  [47, true], // Xinference
  [48, true], // xAI
]);

export const OPENAI_COMPATIBLE_TYPES: readonly number[] = [...STREAM_USAGE_BY_TYPE.keys()];

/** Whether a channel of this type takes stream_options.include_usage (a type not listed is assumed to). */
export const takesStreamUsage = (channelType: number): boolean =>
  STREAM_USAGE_BY_TYPE.get(channelType) ?? true;
