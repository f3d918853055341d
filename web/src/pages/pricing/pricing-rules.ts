import type { PricingEntry } from '@relaygate/contract';

/** Prices are listed per million tokens: in new-api's ratio pricing, ratio 1 is $0.002 per 1K tokens, $2 per 1M. */
const DOLLARS_PER_RATIO_PER_MILLION = 2;

export interface ModelPrice {
  /** Per-call price in dollars (quota_type 1), or null. */
  perCall: number | null;
  /** Dollars per million prompt tokens (quota_type 0), or null. */
  prompt: number | null;
  /** Dollars per million completion tokens (quota_type 0), or null. */
  completion: number | null;
}

/** A model's price for a group ratio (spec §9): prompt = ratio × 2 × group; completion × completion ratio. */
export function priceFor(entry: PricingEntry, groupRatio: number): ModelPrice {
  if (entry.quota_type === 1)
    return { perCall: entry.model_price * groupRatio, prompt: null, completion: null };
  const prompt = entry.model_ratio * DOLLARS_PER_RATIO_PER_MILLION * groupRatio;
  return { perCall: null, prompt, completion: prompt * entry.completion_ratio };
}

/** The group a visitor starts with: `default` when usable, else the first usable group. */
export function initialGroup(groupRatio: Record<string, number>): string {
  const groups = Object.keys(groupRatio);
  return groups.includes('default') ? 'default' : (groups[0] ?? '');
}

/** Models whose name contains the search text (case-insensitive), optionally only those served to `group`. */
export function filterModels(entries: PricingEntry[], search: string, group?: string): PricingEntry[] {
  const text = search.trim().toLowerCase();
  return entries.filter(
    (entry) =>
      (text === '' || entry.model_name.toLowerCase().includes(text)) &&
      (group === undefined || entry.enable_groups.includes(group)),
  );
}
