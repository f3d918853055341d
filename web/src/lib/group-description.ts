/**
 * The descriptions groups get when nobody wrote one: the gateway's defaults of UserUsableGroups and
 * of a user's own group ("default group", "vip group", "user group"), and new-api's Chinese ones, as
 * a database imported from it holds them. Each is the i18n key of its text under `common.groupDesc`.
 */
const DEFAULT_DESCRIPTIONS = new Map([
  ['default group', 'default'],
  ['默认分组', 'default'],
  ['vip group', 'vip'],
  ['vip分组', 'vip'],
  ['user group', 'user'],
  ['用户分组', 'user'],
]);

/**
 * The i18n key of a group description that is one of the untouched defaults, so the console shows
 * it in the reader's language; null for an operator's own description, shown as written.
 */
export function defaultGroupDescriptionKey(description: string | undefined): string | null {
  const key = description === undefined ? undefined : DEFAULT_DESCRIPTIONS.get(description.trim());
  return key ? `common.groupDesc.${key}` : null;
}
