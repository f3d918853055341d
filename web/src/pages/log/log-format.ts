import { LogType, type ConsumeLogOther } from '@relaygate/contract';

export type TagColor = 'green' | 'orange' | 'red';

/** Use time colour (spec §9): under 101 s green, under 300 s orange, else red. */
export function durationColor(seconds: number): TagColor {
  if (seconds < 101) return 'green';
  if (seconds < 300) return 'orange';
  return 'red';
}

/** First-token time in seconds from other.frt (milliseconds). */
export const frtSeconds = (ms: number): number => ms / 1000;

/** First-token time colour (spec §9): under 3 s green, under 10 s orange, else red. */
export function frtColor(seconds: number): TagColor {
  if (seconds < 3) return 'green';
  if (seconds < 10) return 'orange';
  return 'red';
}

/** The log types of the filter and the tag (spec §4), label keys under `log.type`. */
export const LOG_TYPES = [
  { value: LogType.TopUp, label: 'topUp', color: 'cyan' },
  { value: LogType.Consume, label: 'consume', color: 'green' },
  { value: LogType.Manage, label: 'manage', color: 'orange' },
  { value: LogType.System, label: 'system', color: 'purple' },
  { value: LogType.Error, label: 'error', color: 'red' },
  { value: LogType.Refund, label: 'refund', color: 'blue' },
] as const;

export function logTypeTag(type: number): { label: string; color: string } {
  return LOG_TYPES.find((item) => item.value === type) ?? { label: 'unknown', color: 'default' };
}

/** The `other` JSON of a row; anything that is not a JSON object reads as empty. */
export function parseOther(text: string | null | undefined): ConsumeLogOther {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ConsumeLogOther) : {};
  } catch {
    return {};
  }
}

/**
 * An error row of a call a limit refused before it reached any upstream (the gateway writes
 * `error_type: "rate_limit"`): it has no duration or stream mode to show.
 */
export function refusedByLimit(row: { type: number; other: string | null | undefined }): boolean {
  return row.type === LogType.Error && parseOther(row.other).error_type === 'rate_limit';
}

/** The channels a request went through, as `3 → 5`; null when there was no retry info. */
export function channelChain(other: ConsumeLogOther): string | null {
  const channels = other.admin_info?.use_channel;
  return Array.isArray(channels) && channels.length > 0 ? channels.join(' → ') : null;
}

/** One part of the details column: an i18n key under `log.detail` and its values. */
export interface DetailPart {
  key: string;
  values: Record<string, string | number>;
  /** A model or group ratio, shown in its colour (spec 000 §9). */
  ratio?: number;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The pricing summary of a row's `other`: a fixed price, or the model and completion ratios; the
 * group ratio; cache tokens; reasoning effort; and for admins the channel chain of retries.
 */
export function detailParts(other: ConsumeLogOther, admin: boolean): DetailPart[] {
  const parts: DetailPart[] = [];
  if (isNumber(other.model_price) && other.model_price > 0) {
    parts.push({ key: 'price', values: { price: other.model_price } });
  } else {
    if (isNumber(other.model_ratio))
      parts.push({ key: 'modelRatio', values: { ratio: other.model_ratio }, ratio: other.model_ratio });
    if (isNumber(other.completion_ratio))
      parts.push({ key: 'completionRatio', values: { ratio: other.completion_ratio } });
  }
  if (isNumber(other.group_ratio))
    parts.push({ key: 'groupRatio', values: { ratio: other.group_ratio }, ratio: other.group_ratio });
  if (isNumber(other.cache_tokens) && other.cache_tokens > 0) {
    parts.push(
      isNumber(other.cache_ratio)
        ? { key: 'cacheTokensRatio', values: { tokens: other.cache_tokens, ratio: other.cache_ratio } }
        : { key: 'cacheTokens', values: { tokens: other.cache_tokens } },
    );
  }
  if (typeof other.reasoning_effort === 'string' && other.reasoning_effort)
    parts.push({ key: 'reasoningEffort', values: { effort: other.reasoning_effort } });
  if (typeof other.fallback_model === 'string' && other.fallback_model)
    parts.push({ key: 'fallbackModel', values: { model: other.fallback_model } });
  if (admin) parts.push(...routingParts(other));
  return parts;
}

/** The channel lists routing records (breakers skipped, first bytes late), by their detail key. */
const ROUTING_LISTS = [
  ['breakerSkipped', 'breaker_skipped'],
  ['firstByteTimeouts', 'first_byte_timeouts'],
] as const;

/** For admins: the channel chain of retries, the channels skipped as broken, those left for a late first byte. */
function routingParts(other: ConsumeLogOther): DetailPart[] {
  const parts: DetailPart[] = [];
  const chain = channelChain(other);
  if (chain) parts.push({ key: 'channelChain', values: { chain } });
  for (const [key, field] of ROUTING_LISTS) {
    const channels = other.admin_info?.[field];
    if (Array.isArray(channels) && channels.length > 0)
      parts.push({ key, values: { channels: channels.join(', ') } });
  }
  return parts;
}

/**
 * The row's content as the details column shows it. The server answers it in the console's
 * language; a consumption row's content only repeats the prices its parts already show (in this
 * console's words), so such a row shows the parts alone.
 */
export function shownContent(row: { type: number; content: string }, parts: DetailPart[]): string {
  const pricesShown = parts.some((part) => part.key === 'price' || part.key === 'modelRatio');
  return row.type === LogType.Consume && pricesShown ? '' : row.content;
}

/** The upstream model name when the request was mapped to another model, else null. */
export function upstreamModel(other: ConsumeLogOther, modelName: string): string | null {
  const upstream = other.upstream_model_name;
  return other.is_model_mapped && typeof upstream === 'string' && upstream && upstream !== modelName
    ? upstream
    : null;
}
