/**
 * The items whose keys are in `lead` first, in the order `lead` names them, then the rest in their
 * own order: a phone's table starts with the columns worth reading without a sideways scroll.
 */
export function leadWith<T>(items: readonly T[], lead: readonly string[], keyOf: (item: T) => string): T[] {
  const rank = (item: T) => {
    const at = lead.indexOf(keyOf(item));
    return at === -1 ? lead.length : at;
  };
  // Array.prototype.sort is stable: items of the same rank keep their order.
  return [...items].sort((a, b) => rank(a) - rank(b));
}
