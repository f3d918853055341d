/** The invite code to use: one in the link (?aff=) wins over the one kept from an earlier visit. */
export function pickInviteCode(fromQuery: string | null, stored: string | null): string {
  return (fromQuery ?? '').trim() || (stored ?? '').trim();
}
