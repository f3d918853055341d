import type { StatusObject } from '@relaygate/contract';
import { savedChats, type SavedChat } from '../lib/chats.ts';

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

/** The saved chats the menu offers: those whose link opens in a web page (not a desktop-app scheme). */
export function menuChats(chats: unknown): SavedChat[] {
  return (savedChats(chats) ?? []).filter((chat) => /^https?:\/\//i.test(chat.link.trim()));
}

/** One sub-item per saved chat linking /chat/{index}; a single chat is the chat item itself. */
function chatEntry(chats: unknown): MenuEntry[] {
  const saved = menuChats(chats);
  const [only] = saved;
  if (!only) return [];
  if (saved.length === 1) return [{ path: `/chat/${only.index}`, label: 'menu.chat', icon: 'chat' }];
  return [
    {
      path: '/chat',
      label: 'menu.chat',
      icon: 'chat',
      children: saved.map((chat) => ({ path: `/chat/${chat.index}`, text: chat.name })),
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

/** The chat pages (/chat and /chat/{index}): a frame filling the whole content area. */
export function isChatPath(pathname: string): boolean {
  return pathname === '/chat' || pathname.startsWith('/chat/');
}

/** The side bar is hidden on the home page, the chat pages and the root path (spec, navigation shell). */
export function sidebarHiddenOn(pathname: string): boolean {
  return pathname === '/' || pathname === '/home' || isChatPath(pathname);
}
