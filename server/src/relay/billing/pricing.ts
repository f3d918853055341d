import type { OptionsCache } from '../../cache/options-cache.ts';
import { groupRatio } from '../../options/groups.ts';
import { RelayError } from '../call/relay-error.ts';
import type { Usage } from '../answer/usage.ts';
import { msg } from '../../i18n/text.ts';

/** What a model costs for a group, read from the price options at the time of the call. */
export interface Price {
  /** Per-call price mode (ModelPrice has the model); otherwise ratio mode. */
  perCall: boolean;
  modelPrice: number;
  modelRatio: number;
  completionRatio: number;
  cacheRatio: number;
  /** Cache writes (Anthropic), 1.25 unless CreateCacheRatio says otherwise. */
  createCacheRatio: number;
  groupRatio: number;
  quotaPerUnit: number;
}

const DEFAULT_CREATE_CACHE_RATIO = 1.25;

/** Ratio used for a model with no price when self-use mode accepts unpriced models (new-api's). */
const UNSET_MODEL_RATIO = 37.5;

function lookup(table: Record<string, number>, model: string): number | undefined {
  const value = table[model];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function priceFor(settings: OptionsCache, model: string, group: string, acceptUnset = false): Price {
  const modelPrice = lookup(settings.json<Record<string, number>>('ModelPrice'), model);
  let modelRatio = lookup(settings.json<Record<string, number>>('ModelRatio'), model);
  if (modelPrice === undefined && modelRatio === undefined) {
    if (!settings.bool('SelfUseModeEnabled') && !acceptUnset) {
      throw new RelayError(400, msg('relay.modelUnpriced', { model }), 'model_price_error');
    }
    modelRatio = UNSET_MODEL_RATIO;
  }
  return {
    perCall: modelPrice !== undefined,
    modelPrice: modelPrice ?? 0,
    modelRatio: modelRatio ?? 0,
    completionRatio: lookup(settings.json<Record<string, number>>('CompletionRatio'), model) ?? 1,
    cacheRatio: lookup(settings.json<Record<string, number>>('CacheRatio'), model) ?? 1,
    createCacheRatio:
      lookup(settings.json<Record<string, number>>('CreateCacheRatio'), model) ?? DEFAULT_CREATE_CACHE_RATIO,
    groupRatio: groupRatio(settings, group),
    quotaPerUnit: settings.number('QuotaPerUnit'),
  };
}

/** A per-call charge: price × quota per unit × group ratio × multiplier (e.g. images × n × size). */
export function perCallQuota(price: Price, multiplier = 1): number {
  return Math.round(price.modelPrice * price.quotaPerUnit * price.groupRatio * multiplier);
}

/**
 * The charge for what the upstream reports, new-api's formula: cached prompt tokens at the cache
 * ratio, cache writes at the cache-creation ratio, the rest at 1, completion (reasoning included) at the completion ratio; all times the
 * model and group ratios. At least 1 when anything was used at a non-zero price; 0 when nothing was.
 */
export function usageQuota(price: Price, usage: Usage): number {
  if (price.perCall) return perCallQuota(price);
  if (usage.promptTokens + usage.completionTokens === 0) return 0;
  const cached = Math.min(usage.cachedTokens, usage.promptTokens);
  const written = Math.min(usage.cacheCreationTokens ?? 0, usage.promptTokens - cached);
  const promptPart =
    usage.promptTokens - cached - written + cached * price.cacheRatio + written * price.createCacheRatio;
  const raw =
    (promptPart + usage.completionTokens * price.completionRatio) * price.modelRatio * price.groupRatio;
  const quota = Math.round(raw);
  return quota <= 0 && price.modelRatio * price.groupRatio !== 0 ? 1 : quota;
}

/** new-api's pre-consume estimate: max(prompt estimate, PreConsumedQuota) + max tokens, at the model and group ratios. */
export function reservationQuota(
  price: Price,
  promptEstimate: number,
  maxTokens: number,
  preConsumedTokens: number,
): number {
  if (price.perCall) return perCallQuota(price);
  const tokens = Math.max(promptEstimate, preConsumedTokens) + Math.max(0, maxTokens);
  return Math.ceil(tokens * price.modelRatio * price.groupRatio);
}
