/**
 * one-api numbers its channel types differently from new-api (and us) past the first two dozen
 * (relay/channeltype/define.go in songquanpeng/one-api, v0.6.10 and later). Each one-api type is
 * mapped to the new-api type that serves it; OpenAI-compatible vendors new-api has no type for
 * become OpenAI channels that keep the vendor's address. Types missing here cannot be served.
 */
interface Mapped {
  type: number;
  /** The vendor's address, for a channel that had none of its own (one-api supplied it by type). */
  baseUrl?: string;
}

const same = (type: number): Mapped => ({ type });
const openAiAt = (baseUrl: string): Mapped => ({ type: 1, baseUrl });

const ONE_API_TYPES: Record<number, Mapped> = {
  1: same(1),
  2: openAiAt('https://oa.api2d.net'),
  3: same(3),
  4: openAiAt('https://api.closeai-proxy.xyz'),
  5: openAiAt('https://api.openai-sb.com'),
  6: same(6),
  7: same(7),
  8: same(8),
  9: same(9),
  10: same(10),
  11: same(11),
  12: same(12),
  13: same(13),
  14: same(14),
  15: same(15),
  16: same(16),
  17: same(17),
  18: same(18),
  19: same(19),
  20: same(20),
  21: same(21),
  22: same(22),
  23: same(23),
  24: same(24),
  25: same(25),
  26: openAiAt('https://api.baichuan-ai.com'),
  27: same(35),
  28: same(42),
  29: openAiAt('https://api.groq.com/openai'),
  30: same(4),
  31: same(31),
  32: openAiAt('https://api.stepfun.com'),
  33: same(33),
  34: same(49),
  35: same(34),
  36: same(43),
  37: same(39),
  39: openAiAt('https://api.together.xyz'),
  40: same(45),
  41: openAiAt('https://api.novita.ai/v3/openai'),
  42: same(41),
  44: same(40),
  45: same(48),
  47: same(46),
  50: same(1),
};

/** The new-api type of a one-api channel type, or undefined when none serves it (DeepL, Replicate…). */
export const fromOneApiType = (type: number): Mapped | undefined => ONE_API_TYPES[type];
