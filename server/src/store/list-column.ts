/** A comma-separated column (a channel's models or groups, say) as its list: entries trimmed, empty ones dropped. */
export const splitList = (text: string | null | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
