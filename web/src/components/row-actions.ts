/** How many actions show as buttons before the rest go under "More": fewer on a phone. */
export const INLINE_ACTIONS = { desktop: 3, phone: 1 } as const;

/** The actions shown as buttons and those under "More", in order; hidden ones are left out. */
export function splitActions<A>(actions: (A | false | null | undefined)[], inline: number): [A[], A[]] {
  const shown = actions.filter((action): action is A => !!action);
  // "More" holding a single action is no shorter than the action itself.
  const cut = shown.length <= inline + 1 ? shown.length : inline;
  return [shown.slice(0, cut), shown.slice(cut)];
}
