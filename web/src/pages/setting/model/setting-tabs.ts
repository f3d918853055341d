/** The settings tabs, in page order, as named in the `?tab=` query parameter. */
export const SETTING_TABS = ['operation', 'ratelimit', 'models', 'system', 'other'] as const;
export type SettingTab = (typeof SETTING_TABS)[number];

/** The tab a `?tab=` value stands for; operation when missing or unknown. */
export function tabFromQuery(value: string | null): SettingTab {
  return (SETTING_TABS as readonly string[]).includes(value ?? '') ? (value as SettingTab) : 'operation';
}
