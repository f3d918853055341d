import type { StatusObject } from '@relaygate/contract';

/** One side-menu entry: `path` is its route; `label` an i18n key, or `text` shown as is (chat names). */
export interface MenuEntry {
  path: string;
  label?: string;
  text?: string;
  icon?: string;
  children?: MenuEntry[];
}

export interface MenuGroup {
  label: string;
  entries: MenuEntry[];
}

type MenuFlags = Pick<StatusObject, 'enable_data_export' | 'enable_drawing' | 'enable_task' | 'chats'>;

/** The names of the saved chats of the `Chats` option: a list of single-key objects `{name: url}`. */
export function chatNames(chats: unknown): string[] {
  if (!Array.isArray(chats)) return [];
  return chats.flatMap((chat) => (chat && typeof chat === 'object' ? Object.keys(chat).slice(0, 1) : []));
}

function chatEntry(chats: unknown): MenuEntry[] {
  const names = chatNames(chats);
  if (names.length === 0) return [];
  if (names.length === 1) return [{ path: '/chat/0', label: 'menu.chat', icon: 'chat' }];
  return [
    {
      path: '/chat',
      label: 'menu.chat',
      icon: 'chat',
      children: names.map((name, index) => ({ path: `/chat/${index}`, text: name })),
    },
  ];
}

/** The side menu of spec §2 (navigation shell): what a user sees depends on the status flags and the role. */
export function buildMenu(status: Partial<MenuFlags> | undefined, admin: boolean): MenuGroup[] {
  const groups: MenuGroup[] = [
    {
      label: '',
      entries: [
        { path: '/playground', label: 'menu.playground', icon: 'playground' },
        ...chatEntry(status?.chats),
      ],
    },
    {
      label: 'menu.consoleGroup',
      entries: [
        ...(status?.enable_data_export
          ? [{ path: '/detail', label: 'menu.dashboard', icon: 'dashboard' }]
          : []),
        { path: '/token', label: 'menu.tokens', icon: 'token' },
        { path: '/log', label: 'menu.logs', icon: 'log' },
        ...(status?.enable_drawing ? [{ path: '/midjourney', label: 'menu.drawing', icon: 'drawing' }] : []),
        ...(status?.enable_task ? [{ path: '/task', label: 'menu.tasks', icon: 'task' }] : []),
      ],
    },
    {
      label: 'menu.personalGroup',
      entries: [
        { path: '/topup', label: 'menu.wallet', icon: 'wallet' },
        { path: '/personal', label: 'menu.personal', icon: 'personal' },
      ],
    },
  ];
  if (admin) {
    groups.push({
      label: 'menu.adminGroup',
      entries: [
        { path: '/channel', label: 'menu.channels', icon: 'channel' },
        { path: '/redemption', label: 'menu.redemptions', icon: 'redemption' },
        { path: '/user', label: 'menu.users', icon: 'user' },
        { path: '/setting', label: 'menu.settings', icon: 'setting' },
      ],
    });
  }
  return groups;
}

/** The side bar is hidden on the home page, the chat pages and the root path (spec, navigation shell). */
export function sidebarHiddenOn(pathname: string): boolean {
  return pathname === '/' || pathname === '/home' || pathname.startsWith('/chat/') || pathname === '/chat';
}
