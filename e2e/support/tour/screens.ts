import type { Locator, Page } from '@playwright/test';

/** One screen of the tour: where it is, what it shows once loaded, and what to open on it first. */
export interface Screen {
  name: string;
  path: string;
  /** Something the screen shows once loaded. */
  ready: (page: Page) => Locator;
  open?: (page: Page) => Promise<void>;
}

/** A path no route answers: the console's not-found page. */
export const NOT_FOUND_PATH = '/no-such-page';

const table = (page: Page) => page.locator('.ant-table');
const footer = (page: Page) => page.getByTestId('footer');
const form = (id: string) => (page: Page) => page.locator(`form#${id}`);

/** What a visitor who is not signed in can reach. */
export const VISITOR_SCREENS: Screen[] = [
  { name: 'login', path: '/login', ready: form('login') },
  { name: 'register', path: '/register', ready: form('register') },
  { name: 'reset', path: '/reset', ready: form('reset') },
  {
    name: 'reset-confirm',
    path: '/user/reset?email=tour%40example.com&token=tour',
    ready: form('reset_confirm'),
  },
  { name: 'home', path: '/', ready: footer },
  { name: 'about', path: '/about', ready: footer },
  { name: 'pricing', path: '/pricing', ready: table },
  { name: 'not-found', path: NOT_FOUND_PATH, ready: (page) => page.locator('.ant-result-404') },
];

/** What an ordinary user sees: the console without the admin area. */
export const USER_SCREENS: Screen[] = [
  { name: 'home', path: '/', ready: footer },
  { name: 'dashboard', path: '/detail', ready: (page) => page.locator('.ant-statistic').first() },
  { name: 'tokens', path: '/token', ready: table },
  {
    name: 'token-drawer',
    path: '/token',
    ready: form('token'),
    open: (page) => page.getByTestId('token-add').click(),
  },
  { name: 'logs', path: '/log', ready: table },
  { name: 'drawings', path: '/midjourney', ready: table },
  { name: 'tasks', path: '/task', ready: table },
  { name: 'wallet', path: '/topup', ready: (page) => page.getByTestId('wallet-balance') },
  { name: 'personal', path: '/personal', ready: form('changePassword') },
  { name: 'pricing', path: '/pricing', ready: table },
  { name: 'about', path: '/about', ready: footer },
  { name: 'playground', path: '/playground', ready: (page) => page.getByTestId('playground-input') },
  // The first saved chat in a frame (its client is a stand-in, see the tour). /chat2link is no
  // screen: it leaves the console for the chat's site at once (e2e/chat.spec.ts covers it).
  { name: 'chat', path: '/chat/0', ready: (page) => page.getByTestId('chat-frame') },
];

/** Every route of web/src/router.tsx an admin reaches, the settings tabs and the drawers. */
export function rootScreens(channelId: number, userId: number): Screen[] {
  return [
    ...USER_SCREENS,
    { name: 'users', path: '/user', ready: table },
    { name: 'user-add', path: '/user/edit', ready: form('addUser') },
    { name: 'user-edit', path: `/user/edit/${userId}`, ready: form('editUser') },
    { name: 'channels', path: '/channel', ready: table },
    { name: 'channel-add', path: '/channel/add', ready: form('channel') },
    {
      name: 'channel-edit',
      path: `/channel/edit/${channelId}`,
      ready: (page) => page.locator('#channel_name:not([value=""])'),
    },
    { name: 'redemptions', path: '/redemption', ready: table },
    {
      name: 'redemption-drawer',
      path: '/redemption',
      ready: form('redemption'),
      open: (page) => page.getByTestId('redemption-add').click(),
    },
    ...['operation', 'ratelimit', 'models', 'system', 'other'].map((tab) => ({
      name: `settings-${tab}`,
      path: `/setting?tab=${tab}`,
      ready: (page: Page) => page.getByRole('tabpanel').locator('form'),
    })),
    { name: 'not-found', path: NOT_FOUND_PATH, ready: (page) => page.locator('.ant-result-404') },
  ];
}
