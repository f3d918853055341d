import type { OptionsCache } from '../../cache/options-cache.ts';
import { taskPrice, type TaskPrice } from '../tasks/task-price.ts';

/** Sora's duration when none is asked (new-api's soraDefaultSeconds), and its size. */
export const SORA_DEFAULT_SECONDS = 4;
export const SORA_DEFAULT_SIZE = '720x1280';

/** The sizes new-api prices at 1.666667 times (sora-2-pro's large ones); every other at 1. */
const LARGE_SIZES: ReadonlySet<string> = new Set(['1792x1024', '1024x1792']);
const LARGE_SIZE_RATIO = 1.666667;

export const soraSizeRatio = (size: string): number => (LARGE_SIZES.has(size) ? LARGE_SIZE_RATIO : 1);

/**
 * new-api's price of a video task: the model's price (ModelPrice, read per second) × quota per
 * unit × group ratio × seconds × the size ratio. A model with only a ratio is priced as a task's
 * (ratio / 2 × quota per unit × group ratio) per second; one with neither is refused.
 */
export function videoPrice(
  settings: OptionsCache,
  model: string,
  group: string,
  acceptUnset: boolean,
  charge: { seconds: number; sizeRatio: number },
): TaskPrice {
  const base = taskPrice(settings, model, group, acceptUnset);
  const unit = base.price.perCall
    ? base.price.modelPrice * base.price.quotaPerUnit * base.price.groupRatio
    : (base.price.modelRatio / 2) * base.price.quotaPerUnit * base.price.groupRatio;
  return { ...base, quota: Math.round(unit * charge.sizeRatio * charge.seconds) };
}

/**
 * What a task charged `charged` for `chargedSeconds` costs for the duration it came out at: the
 * same price per second (new-api settles the difference on completion).
 */
export const quotaForFinalSeconds = (
  charged: number,
  chargedSeconds: number,
  finalSeconds: number,
): number =>
  chargedSeconds > 0 && finalSeconds > 0 ? Math.round((charged * finalSeconds) / chargedSeconds) : charged;
