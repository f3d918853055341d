import type { OptionReader } from './option-reader.ts';

/** The groups a user may pick for a token: the site's user-usable groups plus the user's own. */
export function usableGroups(settings: OptionReader, userGroup: string): Record<string, string> {
  const groups = { ...settings.json<Record<string, string>>('UserUsableGroups') };
  if (userGroup && !(userGroup in groups)) groups[userGroup] = 'user group';
  return groups;
}

/** GroupRatio[group], 1 when the group has no entry. */
export function groupRatio(settings: OptionReader, group: string): number {
  const ratio = settings.json<Record<string, number>>('GroupRatio')[group];
  return typeof ratio === 'number' ? ratio : 1;
}
