import type { ChannelView, Page as Paged, UserView } from '@relaygate/contract';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { join } from 'node:path';
import { expect, test } from './support/test.ts';
import {
  CHANNEL_NAME,
  NEW_ROOT_PASSWORD,
  ROOT_USERNAME,
  gatewayUrl,
  screenshotDir,
} from './support/constants.ts';
import { apiCall, apiGet, uniqueSuffix } from './support/console-api.ts';
import { collectPageErrors, expectSignedIn, signIn } from './support/session.ts';
import { englishOnlyStrings } from './support/tour/locale-strings.ts';
import { findOverflow, findUntranslated } from './support/tour/page-checks.ts';
import {
  NOT_FOUND_PATH,
  VISITOR_SCREENS,
  USER_SCREENS,
  rootScreens,
  type Screen,
} from './support/tour/screens.ts';

/**
 * The tour: every screen, light and dark, Chinese and English, on a desktop and on a phone (four
 * combinations that cover every pair, below), with no page error, nothing wider than the screen and no string in the other language; a screenshot of
 * each is kept in e2e/results/screenshots/<screen>-<theme>-<language>-<width>.png.
 * One browser context per combination and role; the signed-in ones start from a saved sign-in.
 */

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

type Role = 'visitor' | 'user' | 'root';
type SignIn = Awaited<ReturnType<BrowserContext['storageState']>>;

const ENGLISH = englishOnlyStrings();
/** Text that may appear in either console: the language menu's own names and product names. */
const ALLOWED = ['中文', 'English', 'Relaygate'];

// The tour names what it finds and keeps a screenshot of every screen; a trace of ~250 screens would
// double its time.
test.use({ trace: 'off' });

const signedIn: Partial<Record<Role, SignIn>> = {};
let screensOf: Record<Role, Screen[]> = { visitor: VISITOR_SCREENS, user: USER_SCREENS, root: [] };
let userName = '';

async function signInAs(
  browser: Browser,
  username: string,
  password: string,
  prepare?: (page: Page) => Promise<unknown>,
): Promise<SignIn> {
  const context = await browser.newContext({ baseURL: gatewayUrl() });
  const page = await context.newPage();
  await signIn(page, username, password);
  await expectSignedIn(page);
  await prepare?.(page);
  const state = await context.storageState();
  await context.close();
  return state;
}

test.beforeAll(async ({ browser }) => {
  signedIn.root = await signInAs(browser, ROOT_USERNAME, NEW_ROOT_PASSWORD);
  const context = await browser.newContext({ baseURL: gatewayUrl(), storageState: signedIn.root });
  const page = await context.newPage();
  await page.goto('/login');
  userName = `tour${uniqueSuffix()}`;
  const password = `${userName}-password`;
  const created = await apiCall(page, 'POST', '/api/user/', {
    username: userName,
    password,
    display_name: userName,
  });
  expect(created.message).toBe('');
  const users = await apiGet<Paged<UserView>>(page, `/api/user/search?keyword=${userName}&p=1&page_size=10`);
  const channels = await apiGet<ChannelView[]>(page, `/api/channel/search?keyword=${CHANNEL_NAME}`);
  const channel = channels.data.find((item) => item.name === CHANNEL_NAME);
  await context.close();
  screensOf = { ...screensOf, root: rootScreens(channel!.id, users.data.items[0]!.id) };
  // A token of their own, so the user's token list has a row and their chat link opens.
  signedIn.user = await signInAs(browser, userName, password, async (page) => {
    const token = await apiCall(page, 'POST', '/api/token/', { name: 'tour-token', unlimited_quota: true });
    expect(token.success, token.message).toBe(true);
  });
});

/**
 * Until a drawer or dialog has finished sliding in: while it moves it sticks out of the screen.
 * (Other transitions, a menu item's colour, change nothing the tour checks.) Its motion classes
 * (`…-appear`, `…-enter`) are there from before the animation starts to after it ends.
 */
async function settle(page: Page) {
  const moving = ':is(.ant-drawer, .ant-modal-root) :is([class*="-appear"], [class*="-enter"])';
  await expect(page.locator(moving)).toHaveCount(0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running')
        .filter((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target;
          return !!target?.closest('.ant-drawer, .ant-modal-root');
        })
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

const notFound = (page: Page) => page.locator('.ant-result-404');

/** Navigates through the console's router, as a click in the menu does. */
async function navigate(page: Page, path: string) {
  await page.evaluate((path) => {
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Opens a screen: the first by loading the console, the others through its router (much faster
 * than loading the whole console again for each of ~30 screens). The router renders a new route
 * when it is ready, so the previous screen stays a moment and would pass for the next one (both
 * have a table): each visit goes through the not-found page first, and the new screen is there
 * once that has gone.
 */
async function visit(page: Page, screen: Screen) {
  if (page.url() === 'about:blank') return void (await page.goto(screen.path));
  await navigate(page, NOT_FOUND_PATH);
  await expect(notFound(page)).toBeVisible();
  await navigate(page, screen.path);
  if (screen.path !== NOT_FOUND_PATH) await expect(notFound(page)).toHaveCount(0);
}

async function showScreen(page: Page, screen: Screen) {
  await visit(page, screen);
  await screen.open?.(page);
  await expect(screen.ready(page).first()).toBeVisible();
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  await settle(page);
}

/**
 * Four tours a role cover every pair of values: each screen is seen in each language on each width,
 * in each theme on each width, and in each language in each theme (a pairwise covering of the
 * eight combinations; the theme changes colours only, so a fault needing all three is unlikely).
 */
const COMBINATIONS = [
  { size: SIZES[0], theme: 'light', language: 'zh' },
  { size: SIZES[0], theme: 'dark', language: 'en' },
  { size: SIZES[1], theme: 'dark', language: 'zh' },
  { size: SIZES[1], theme: 'light', language: 'en' },
] as const;
const TOURS = COMBINATIONS.flatMap((combination) =>
  (['visitor', 'user', 'root'] as const).map((role) => ({ ...combination, role })),
);

for (const { size, theme, language, role } of TOURS)
  test(`${role}: ${language} ${theme} ${size.width}×${size.height}`, async ({ browser }) => {
    test.setTimeout(screensOf[role].length * 15_000);
    const context = await browser.newContext({
      baseURL: gatewayUrl(),
      viewport: size,
      storageState: role === 'visitor' ? undefined : signedIn[role],
    });
    // Saved chat links point at outside sites: a blank stand-in answers for them.
    const gateway = new URL(gatewayUrl()).origin;
    await context.route(
      (url) => url.origin !== gateway,
      (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>chat</title>' }),
    );
    // Into the console's pages only, not the chat frame's stand-in (its storage is not ours).
    await context.addInitScript(
      ([theme, language, gateway]) => {
        if (location.origin !== gateway) return;
        localStorage.setItem('theme', theme);
        localStorage.setItem('i18nextLng', language);
      },
      [theme, language, gateway] as const,
    );
    const page = await context.newPage();
    const allowed = [...ALLOWED, userName];
    const prefix = role === 'root' ? '' : `${role}-`;
    for (const screen of screensOf[role]) {
      await test.step(screen.name, async () => {
        const errors = collectPageErrors(page);
        await showScreen(page, screen);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        const file = `${prefix}${screen.name}-${theme}-${language}-${size.width}.png`;
        await page.screenshot({ path: join(screenshotDir(), file), fullPage: true, animations: 'disabled' });
        expect.soft(errors, `${screen.name}: page errors`).toEqual([]);
        expect.soft(await findOverflow(page), `${screen.name}: wider than the screen`).toEqual([]);
        const untranslated = await findUntranslated(page, language, ENGLISH, allowed);
        expect.soft(untranslated, `${screen.name}: in the wrong language`).toEqual([]);
        page.removeAllListeners('console');
        page.removeAllListeners('pageerror');
      });
    }
    await context.close();
  });

test('a narrow screen gets the menu toggle instead of the side bar', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, ROOT_USERNAME, NEW_ROOT_PASSWORD);
  await page.goto('/token');
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await page.getByRole('button', { name: /menu|菜单/i }).click();
  await page.getByRole('menuitem', { name: /渠道|Channels/ }).click();
  await expect(page).toHaveURL(/\/channel$/);
});

test('an expired session sends the user to the login page with the notice', async ({ page, context }) => {
  await signIn(page, ROOT_USERNAME, NEW_ROOT_PASSWORD);
  await expectSignedIn(page);
  await context.clearCookies();
  await page.goto('/token');
  await expect(page).toHaveURL(/\/login\?expired=true/);
  await expect(page.getByText(/Not signed in, or the session expired|未登录或登录已过期/)).toBeVisible();
});

test("the tour's checks report what they look for, and only that", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'zh'));
  await page.goto('/about');
  await expect(page.getByTestId('footer')).toBeVisible();
  expect(await findOverflow(page)).toEqual([]);
  expect(await findUntranslated(page, 'zh', ENGLISH, ALLOWED)).toEqual([]);

  await page.evaluate(() => {
    const content = document.querySelector('.ant-layout-content')!;
    content.insertAdjacentHTML(
      'beforeend',
      '<div style="overflow-x:auto"><div class="scrolled" style="width:900px">wide but scrolled</div></div>' +
        '<p class="too-wide" style="width:600px">Save</p><span>令牌 English</span>',
    );
  });
  const overflow = await findOverflow(page);
  expect(overflow).toContainEqual(expect.stringMatching(/^the page scrolls sideways/));
  expect(overflow).toContainEqual(expect.stringContaining('<p class="too-wide"> "Save"'));
  expect(overflow.join('\n')).not.toContain('scrolled');
  expect(await findUntranslated(page, 'zh', ENGLISH, ALLOWED)).toEqual(['"Save" in <p class="too-wide">']);
  expect(await findUntranslated(page, 'en', ENGLISH, ALLOWED)).toContainEqual(
    expect.stringContaining('"令牌 English" in <span>'),
  );
});
