/** Every localStorage key the console uses, in one place (names kept from new-api's console). */
export const StorageKey = {
  user: 'user',
  status: 'status',
  pageSize: 'page-size',
  language: 'i18nextLng',
  theme: 'theme',
  affCode: 'aff',
  chats: 'chats',
  idSort: 'id-sort',
  channelColumns: 'channel-columns',
  logColumns: 'log-columns',
  sidebarCollapsed: 'sidebar-collapsed',
  noticeSeen: 'notice-seen',
  playgroundSettings: 'playground-settings',
  playgroundMessages: 'playground-messages',
} as const;

type Key = (typeof StorageKey)[keyof typeof StorageKey];

export function readText(key: Key): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeText(key: Key, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be full or disabled (private mode); the console still works for this visit.
  }
}

export function readJson<T>(key: Key): T | null {
  const text = readText(key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: Key, value: unknown): void {
  writeText(key, value === null || value === undefined ? null : JSON.stringify(value));
}
