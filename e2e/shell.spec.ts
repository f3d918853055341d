import type { Page } from '@playwright/test';
import type { StatusObject } from '@relaygate/contract';
import { join } from 'node:path';
import { expect, test } from './support/test.ts';
import { NEW_ROOT_PASSWORD, ROOT_USERNAME, TOKEN_NAME, screenshotDir } from './support/constants.ts';
import { apiCall, apiGet, uniqueSuffix } from './support/console-api.ts';
import { englishPagesWithoutErrors, expectSignedIn, signIn } from './support/session.ts';

/**
 * The finish every screen shares, after the journey set root's password and made a token: the
 * shell stays in place, a failed list says so with a retry, sign-in pages send a signed-in user on,
 * each screen names itself in the title, a phone reaches the public pages, and admin-set Markdown
 * renders without running anything in it.
 */

const PHONE = { width: 390, height: 844 };

const pageErrors = englishPagesWithoutErrors();

async function signedIn(page: Page): Promise<void> {
  await signIn(page, ROOT_USERNAME, NEW_ROOT_PASSWORD);
  await expectSignedIn(page);
}

const systemName = async (page: Page) =>
  (await apiGet<StatusObject>(page, '/api/status')).data.system_name || 'Relaygate';

test('the top bar and the side menu stay in place while a long page scrolls', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signedIn(page);
  await page.goto('/setting?tab=system');
  const topBar = page.locator('.ant-layout-header');
  const menu = page.getByTestId('sidebar').getByRole('menuitem', { name: 'Usage logs' });
  await expect(page.locator('#setting_turnstile-card')).toBeAttached();
  const before = await menu.boundingBox();

  await page.locator('#setting_turnstile-card').scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  expect((await topBar.boundingBox())?.y).toBe(0);
  await expect(topBar.getByText(await systemName(page))).toBeInViewport();
  expect((await menu.boundingBox())?.y).toBe(before?.y);
  await expect(menu).toBeInViewport();
  // The tab bar stays too, right under the top bar.
  await expect(page.getByRole('tab', { name: 'Other' })).toBeInViewport();
  await page.screenshot({ path: join(screenshotDir(), 'finish-sticky-shell.png') });
});

test('a failed list load says so with a retry, once, and the retry loads the list', async ({ page }) => {
  await signedIn(page);
  // The browser logs each refused request; that is the point of this test, not a page error.
  pageErrors.allow(/502/);
  let failing = true;
  await page.route(
    (url) => url.pathname.startsWith('/api/token/'),
    (route) =>
      failing && route.request().method() === 'GET'
        ? route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad Gateway' })
        : route.fallback(),
  );
  await page.goto('/token');

  const error = page.getByTestId('load-error');
  await expect(error).toContainText('Could not load');
  await expect(error).toContainText('502');
  await expect(page.locator('.ant-table-placeholder')).toContainText('Nothing loaded');
  await expect(page.getByText('No data')).toHaveCount(0);
  // The page is the one place saying it: no toast besides.
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await page.screenshot({ path: join(screenshotDir(), 'finish-load-error.png') });

  failing = false;
  await error.getByTestId('load-retry').click();
  await expect(page.locator('.ant-table-row', { hasText: TOKEN_NAME })).toBeVisible();
  await expect(error).toHaveCount(0);
});

test('a signed-in user opening the sign-in pages is sent on', async ({ page }) => {
  await signedIn(page);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/token$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/token$/);
  await page.goto('/login?redirect=%2Flog');
  await expect(page).toHaveURL(/\/log$/);
  await expect(page.locator('form#logFilter')).toBeVisible();
  // Never off the site.
  await page.goto('/login?redirect=%2F%2Fexample.com');
  await expect(page).toHaveURL(/\/token$/);
});

test('signing in goes back to the page the visitor came for', async ({ page }) => {
  await page.goto('/channel');
  await expect(page).toHaveURL(/\/login$/);
  await page.locator('#login_username').fill(ROOT_USERNAME);
  await page.locator('#login_password').fill(NEW_ROOT_PASSWORD);
  await page.locator('form#login button[type="submit"]').click();
  await expect(page).toHaveURL(/\/channel$/);
});

test('each screen names itself in the browser title, in the console language', async ({ page }) => {
  await signedIn(page);
  const name = await systemName(page);
  const screens: [string, string][] = [
    ['/token', 'API tokens'],
    ['/log', 'Usage logs'],
    ['/channel', 'Channels'],
    ['/channel/add', 'Channels'],
    ['/setting?tab=other', 'System settings'],
    ['/pricing', 'Pricing'],
    ['/no-such-page', 'Page not found'],
  ];
  for (const [path, screen] of screens) {
    await page.goto(path);
    await expect(page).toHaveTitle(`${screen} - ${name}`);
  }

  // The title follows a change of language and every move inside the console.
  await page.goto('/token');
  await page.getByTestId('language-menu').hover();
  await page.getByRole('menuitem', { name: '中文' }).click();
  await expect(page).toHaveTitle(`API 令牌 - ${name}`);
  await page.getByTestId('sidebar').getByRole('menuitem', { name: '渠道' }).click();
  await expect(page).toHaveTitle(`渠道 - ${name}`);
  await page.getByTestId('sidebar').getByRole('menuitem', { name: '使用日志' }).click();
  await expect(page).toHaveTitle(`使用日志 - ${name}`);
});

/** The header titles of the list table, left to right, without the selection and empty cells. */
const tableHeaders = async (page: Page) =>
  (await page.locator('.ant-table-thead th').allInnerTexts()).map((text) => text.trim()).filter(Boolean);

/** How much wider than the screen the page is (0: not at all). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('on a phone the token and log tables lead with the columns worth reading', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signedIn(page);
  await page.goto('/token');
  await expect(page.locator('.ant-table-row', { hasText: TOKEN_NAME })).toBeVisible();
  expect((await tableHeaders(page)).slice(0, 4)).toEqual(['Name', 'Status', 'Remaining quota', 'Actions']);
  // The lead is in view without a sideways scroll, nothing pinned over it: the remaining quota's
  // header ends inside the table's own box.
  const table = await page.locator('.ant-table-content').boundingBox();
  const remaining = await page.locator('.ant-table-thead th', { hasText: 'Remaining quota' }).boundingBox();
  expect((remaining?.x ?? 0) + (remaining?.width ?? Infinity)).toBeLessThanOrEqual(
    (table?.x ?? 0) + (table?.width ?? 0),
  );
  await expect(page.locator('.ant-table-cell-fix-end')).toHaveCount(0);
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: join(screenshotDir(), 'finish-phone-tokens.png') });

  await page.goto('/log');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  expect((await tableHeaders(page)).slice(0, 5)).toEqual(['Time', 'Model', 'Cost', 'Input', 'Output']);
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: join(screenshotDir(), 'finish-phone-logs.png') });
});

test('at 1440 px in English the token table fits its card: no column behind a sideways scroll', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signedIn(page);
  // A row as wide as a token gets: restricted models, every limit, a periodic budget.
  const name = `wide-${uniqueSuffix()}`;
  const created = await apiCall<{ id: number }[]>(page, 'POST', '/api/token/', {
    name,
    expired_time: 4_102_444_800,
    remain_quota: 123_456_789,
    model_limits_enabled: true,
    model_limits: 'gpt-4.1-nano',
    rpm_limit: 600,
    tpm_limit: 100_000,
    concurrency_limit: 10,
    period_quota: 5_000_000,
    quota_period: 'monthly',
  });
  expect(created.success, created.message).toBe(true);
  try {
    await page.goto('/token');
    await expect(page.locator('.ant-table-row', { hasText: name })).toBeVisible();
    const widths = await page.locator('.ant-card', { has: page.locator('.ant-table') }).evaluate((card) => {
      const body = card.querySelector('.ant-card-body') as HTMLElement;
      const scroller = card.querySelector('.ant-table-content') as HTMLElement;
      return {
        card: card.getBoundingClientRect().right,
        body: body.scrollWidth - body.clientWidth,
        table: scroller.scrollWidth - scroller.clientWidth,
      };
    });
    expect(widths.table, 'the table scrolls sideways inside its card').toBeLessThanOrEqual(0);
    expect(widths.body).toBeLessThanOrEqual(0);
    expect(widths.card).toBeLessThanOrEqual(1440);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(screenshotDir(), 'finish-tokens-1440-en.png') });
  } finally {
    await apiCall<unknown>(page, 'DELETE', `/api/token/${created.data[0]?.id}/`);
  }
});

test('a signed-out visitor on a phone reaches About and Pricing from the top bar', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await expect(page.getByTestId('footer')).toBeVisible();

  await page.getByTestId('site-links').click();
  await page.getByRole('menuitem', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page).toHaveTitle(/^About - /);

  await page.getByTestId('site-links').click();
  await page.getByRole('menuitem', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.locator('.ant-table')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: join(screenshotDir(), 'finish-phone-pricing.png') });
});

test('the home page renders Markdown, and HTML in it is sanitised: its script never runs', async ({
  page,
}) => {
  await signedIn(page);
  const marker = `md-${uniqueSuffix()}`;
  const content = [
    `# Welcome ${marker}`,
    '',
    'Some **bold** text and a [link](https://example.com).',
    '',
    '| model | price |',
    '| --- | --- |',
    '| gpt-4o | $2.50 |',
    '',
    '<script>window.__homeScriptRan = true</script>',
    '<img src="x" onerror="window.__homeHandlerRan = true">',
  ].join('\n');
  const saved = await apiCall<unknown>(page, 'PUT', '/api/option/', {
    key: 'HomePageContent',
    value: content,
  });
  expect(saved.success).toBe(true);
  try {
    await page.goto('/');
    const body = page.getByTestId('page-content');
    await expect(body.getByRole('heading', { level: 1 })).toHaveText(`Welcome ${marker}`);
    await expect(body.locator('strong')).toHaveText('bold');
    await expect(body.getByRole('link', { name: 'link' })).toHaveAttribute('href', 'https://example.com');
    await expect(body.locator('table td').first()).toHaveText('gpt-4o');
    await expect(body.locator('script')).toHaveCount(0);
    await expect(body.locator('[onerror]')).toHaveCount(0);
    expect(
      await page.evaluate(() => {
        const seen = window as unknown as Record<string, unknown>;
        return [seen.__homeScriptRan, seen.__homeHandlerRan];
      }),
    ).toEqual([undefined, undefined]);
    expect(await body.textContent()).not.toContain('**');
    await page.screenshot({ path: join(screenshotDir(), 'finish-home-markdown.png') });
  } finally {
    await apiCall<unknown>(page, 'PUT', '/api/option/', { key: 'HomePageContent', value: '' });
  }
});

test("the operator's footer renders its HTML sanitised: links stay, scripts and handlers never run", async ({
  page,
}) => {
  await signedIn(page);
  const marker = `footer-${uniqueSuffix()}`;
  const footer = [
    `<p>${marker} · <a href="https://example.com/terms">Terms</a></p>`,
    '<script>window.__footerScriptRan = true</script>',
    '<img src="x" onerror="window.__footerHandlerRan = true">',
  ].join('\n');
  const saved = await apiCall<unknown>(page, 'PUT', '/api/option/', { key: 'Footer', value: footer });
  expect(saved.success).toBe(true);
  try {
    await page.goto('/about');
    const shown = page.getByTestId('footer');
    await expect(shown).toContainText(marker);
    await expect(shown.getByRole('link', { name: 'Terms' })).toHaveAttribute(
      'href',
      'https://example.com/terms',
    );
    await expect(shown.locator('script')).toHaveCount(0);
    await expect(shown.locator('[onerror]')).toHaveCount(0);
    expect(
      await page.evaluate(() => {
        const seen = window as unknown as Record<string, unknown>;
        return [seen.__footerScriptRan, seen.__footerHandlerRan];
      }),
    ).toEqual([undefined, undefined]);
  } finally {
    await apiCall<unknown>(page, 'PUT', '/api/option/', { key: 'Footer', value: '' });
  }
});

for (const reducedMotion of ['reduce', 'no-preference'] as const)
  test(`a phone's menu drawer slides in unless the system asks for reduced motion (${reducedMotion})`, async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion });
    await page.setViewportSize(PHONE);
    await signedIn(page);
    await page.goto('/token');
    // Counted from the click: every animation the drawer's opening started, running or done.
    await page.evaluate(() => {
      const seen = new Set<Animation>();
      (window as unknown as { drawerMotions: Set<Animation> }).drawerMotions = seen;
      document.addEventListener('animationstart', () => document.getAnimations().forEach((a) => seen.add(a)));
      document.addEventListener('transitionrun', () => document.getAnimations().forEach((a) => seen.add(a)));
    });
    await page.getByRole('button', { name: /menu|菜单/i }).click();
    await expect(page.getByRole('menuitem', { name: /Channels/ })).toBeVisible();
    const motions = await page.evaluate(
      () =>
        [...(window as unknown as { drawerMotions: Set<Animation> }).drawerMotions].filter((animation) =>
          (animation.effect as KeyframeEffect | null)?.target?.closest('.ant-drawer'),
        ).length,
    );
    if (reducedMotion === 'reduce') expect(motions).toBe(0);
    else expect(motions).toBeGreaterThan(0);
  });
