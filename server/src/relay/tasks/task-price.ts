import type { OptionsCache } from '../../cache/options-cache.ts';
import { perCallQuota, priceFor, type Price } from '../billing/pricing.ts';

/** What one task submission costs a group: the price it was charged at, and the quota. */
export interface TaskPrice {
  model: string;
  price: Price;
  quota: number;
}

/**
 * new-api's per-call price of a task (ModelPriceHelperPerCall): the model's fixed price (ModelPrice,
 * e.g. mj_imagine) × quota per unit × group ratio. A model with only a ratio is charged
 * ratio / 2 × quota per unit × group ratio; one with neither is refused (unless self-use mode).
 */
export function taskPrice(
  settings: OptionsCache,
  model: string,
  group: string,
  acceptUnset = false,
): TaskPrice {
  const price = priceFor(settings, model, group, acceptUnset);
  const quota = price.perCall
    ? perCallQuota(price)
    : Math.round((price.modelRatio / 2) * price.quotaPerUnit * price.groupRatio);
  return { model, price, quota };
}
