import { splitList } from '../../store/list-column.ts';
import { CHANNEL_TYPES } from '../../providers/channel-types.ts';

const OPENAI =
  /^(gpt-|chatgpt-|o\d|text-embedding-(ada|3)|text-moderation|omni-moderation|davinci|babbage|whisper-|tts-|dall-e|sora-)/;
const CLAUDE = /^claude-/;

/** Which priced model names belong to a channel type's own vendor (new-api's adaptor model lists). */
const VENDOR_MODELS: Record<number, RegExp> = {
  1: OPENAI,
  3: OPENAI,
  14: CLAUDE,
  33: CLAUDE,
  24: /^(gemini-|gemma-|text-embedding-004|imagen-)/,
  41: /^(gemini-|claude-|imagen-)/,
  25: /^(moonshot-|kimi-)/,
  42: /^(mistral-|open-mistral|codestral|pixtral|ministral)/,
  43: /^deepseek-/,
  48: /^grok-/,
  17: /^(qwen|wan\d)/,
  16: /^(chatglm|glm-)/,
  26: /^glm-/,
  50: /^kling-/,
  52: /^vidu/,
  54: /^(doubao-seedance|seedance)/,
};

/**
 * GET /api/models: channel type → model names, which the channel drawer offers to "fill models".
 * A type's list is the priced models of its vendor plus every model a channel of that type already
 * serves; every known type has an entry (possibly empty).
 */
export function modelsByChannelType(
  pricedModels: Iterable<string>,
  channels: Array<{ type: number; models: string | null }>,
): Record<number, string[]> {
  const priced = [...pricedModels];
  const byType = new Map<number, Set<string>>(CHANNEL_TYPES.map(({ id }) => [id, new Set()]));
  for (const [type, pattern] of Object.entries(VENDOR_MODELS)) {
    const names = byType.get(Number(type));
    for (const model of priced) if (pattern.test(model)) names?.add(model);
  }
  for (const { type, models } of channels) {
    const names = byType.get(type) ?? byType.set(type, new Set()).get(type)!;
    for (const model of splitList(models)) names.add(model);
  }
  return Object.fromEntries([...byType].map(([type, names]) => [type, [...names].sort()]));
}
