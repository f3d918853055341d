import type { PricingEntry } from '@relaygate/contract';

/** Ratio used for a model with no price at all (new-api's, and the relay's in self-use mode). */
export const UNSET_MODEL_RATIO = 37.5;

export interface PriceTables {
  modelRatio: Record<string, number>;
  completionRatio: Record<string, number>;
  modelPrice: Record<string, number>;
}

const finite = (table: Record<string, number>, model: string): number | undefined => {
  const value = table[model];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

/**
 * One pricing entry per served model: a fixed price per call when ModelPrice has it, ratios otherwise.
 * A model with neither is listed at the unset ratio only when the caller is charged that
 * (`chargesUnpriced`: self-use mode, or a user who accepts unpriced models); otherwise the relay
 * refuses it, so it is left out rather than shown at a price nobody pays.
 */
export function pricingEntries(
  tables: PriceTables,
  servingGroups: Map<string, string[]>,
  chargesUnpriced: boolean,
): PricingEntry[] {
  const priced = ([model]: [string, string[]]) =>
    finite(tables.modelPrice, model) !== undefined || finite(tables.modelRatio, model) !== undefined;
  const listed = [...servingGroups].filter((entry) => chargesUnpriced || priced(entry));
  return listed.map(([model, groups]) => {
    const price = finite(tables.modelPrice, model);
    return {
      model_name: model,
      quota_type: price === undefined ? 0 : 1,
      model_ratio: price === undefined ? (finite(tables.modelRatio, model) ?? UNSET_MODEL_RATIO) : 0,
      model_price: price ?? 0,
      completion_ratio: finite(tables.completionRatio, model) ?? 1,
      owner_by: '',
      enable_groups: [...groups].sort(),
    };
  });
}

/**
 * The ratio of each usable group for a user of `userGroup`: GroupRatio, unless GroupGroupRatio
 * gives this user group a special ratio for it; 1 for a group without an entry.
 */
export function usableGroupRatios(
  usable: Record<string, string>,
  groupRatio: Record<string, number>,
  groupGroupRatio: Record<string, Record<string, number>>,
  userGroup: string | null,
): Record<string, number> {
  const special = userGroup ? (groupGroupRatio[userGroup] ?? {}) : {};
  return Object.fromEntries(
    Object.keys(usable).map((group) => [group, finite(special, group) ?? finite(groupRatio, group) ?? 1]),
  );
}
