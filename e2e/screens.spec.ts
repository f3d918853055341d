import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { join } from 'node:path';
import { NEW_ROOT_PASSWORD, ROOT_USERNAME, screenshotDir } from './support/constants.ts';
import { collectPageErrors, expectSignedIn, signIn } from './support/session.ts';

/** Every screen of the console built so far, with something each must show once loaded. */
const SCREENS: { name: string; path: string; shows: (page: Page) => ReturnType<Page['locator']> }[] = [
  { name: 'home', path: '/', shows: (page) => page.getByTestId('footer') },
  { name: 'about', path: '/about', shows: (page) => page.getByTestId('footer') },
  { name: 'tokens', path: '/token', shows: (page) => page.locator('.ant-table') },
  { name: 'logs', path: '/log', shows: (page) => page.locator('.ant-table') },
  { name: 'personal', path: '/personal', shows: (page) => page.locator('form#changePassword') },
  {
    name: 'users',
    path: '/user',
    shows: (page) => page.locator('.ant-table-row', { hasText: ROOT_USERNAME }),
  },
  { name: 'channels', path: '/channel', shows: (page) => page.locator('.ant-table') },
  { name: 'channel-add', path: '/channel/add', shows: (page) => page.locator('form#channel') },
  { name: 'wallet', path: '/topup', shows: (page) => page.getByTestId('wallet-balance') },
  { name: 'redemptions', path: '/redemption', shows: (page) => page.locator('.ant-table') },
  { name: 'pricing', path: '/pricing', shows: (page) => page.locator('.ant-table') },
  { name: 'dashboard', path: '/detail', shows: (page) => page.locator('.ant-statistic').first() },
  { name: 'drawings', path: '/midjourney', shows: (page) => page.locator('.ant-table') },
  { name: 'tasks', path: '/task', shows: (page) => page.locator('.ant-table') },
  { name: 'settings-operation', path: '/setting?tab=operation', shows: (page) => page.locator('.ant-tabs') },
  { name: 'settings-ratelimit', path: '/setting?tab=ratelimit', shows: (page) => page.locator('.ant-tabs') },
  { name: 'settings-models', path: '/setting?tab=models', shows: (page) => page.locator('.ant-tabs') },
  { name: 'settings-system', path: '/setting?tab=system', shows: (page) => page.locator('.ant-tabs') },
  { name: 'settings-other', path: '/setting?tab=other', shows: (page) => page.locator('.ant-tabs') },
  { name: 'not-found', path: '/no-such-page', shows: (page) => page.locator('.ant-result-404') },
];

const SIGNED_OUT_SCREENS = [
  { name: 'login', path: '/login', form: 'form#login' },
  { name: 'register', path: '/register', form: 'form#register' },
  { name: 'reset', path: '/reset', form: 'form#reset' },
];

async function setTheme(page: Page, mode: 'light' | 'dark') {
  await page.evaluate((value) => localStorage.setItem('theme', value), mode);
}

async function capture(page: Page, name: string, mode: 'light' | 'dark') {
  await page.screenshot({ path: join(screenshotDir(), `${name}-${mode}.png`), fullPage: true });
}

for (const mode of ['light', 'dark'] as const) {
  test(`every screen loads without a page error (${mode})`, async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto('/login');
    await setTheme(page, mode);
    for (const screen of SIGNED_OUT_SCREENS) {
      await page.goto(screen.path);
      await expect(page.locator(screen.form)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      await capture(page, screen.name, mode);
    }

    await signIn(page, ROOT_USERNAME, NEW_ROOT_PASSWORD);
    await expectSignedIn(page);
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(screen.shows(page).first(), screen.name).toBeVisible();
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      await capture(page, screen.name, mode);
    }
    expect(errors).toEqual([]);
  });
}

test('a narrow screen gets the menu toggle instead of the side bar', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, ROOT_USERNAME, NEW_ROOT_PASSWORD);
  await page.goto('/token');
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await page.getByRole('button', { name: /menu|菜单/i }).click();
  await page.getByRole('menuitem', { name: /渠道|Channels/ }).click();
  await expect(page).toHaveURL(/\/channel$/);
  await capture(page, 'mobile-channels', 'light');
});

test('an expired session sends the user to the login page with the notice', async ({ page, context }) => {
  await signIn(page, ROOT_USERNAME, NEW_ROOT_PASSWORD);
  await expectSignedIn(page);
  await context.clearCookies();
  await page.goto('/token');
  await expect(page).toHaveURL(/\/login\?expired=true/);
  await expect(page.getByText(/Not signed in, or the session expired|未登录或登录已过期/)).toBeVisible();
});
