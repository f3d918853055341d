import type { LogView, Page as Paged, TokenView } from '@relaygate/contract';
import { expect, test } from './support/test.ts';
import { MODEL, gatewayUrl } from './support/constants.ts';
import { apiCall, apiGet, uniqueSuffix } from './support/console-api.ts';
import { optionValues, registerUser, setOptions, setUserQuota, withRoot } from './support/root.ts';
import { keepScreenshot } from './support/screenshots.ts';
import { englishPagesWithoutErrors, signIn } from './support/session.ts';

/**
 * Issue #18 in the console: a call refused by a key's limit reads clearly in the usage log, in both
 * languages, and root edits the per-group overrides of the model request rate limit as rows.
 */
const PASSWORD = 'e2e-limits-pass';
const GROUP_OPTION = 'ModelRequestRateLimitGroup';
/** The row editor's inputs: `#<form>_<option>_<row>_<field>`. */
const rowInput = (row: number, field: 'group' | 'total' | 'success') =>
  `#setting_ratelimit_${GROUP_OPTION}_${row}_${field}`;

englishPagesWithoutErrors();

const chat = (key: string, content: string) =>
  fetch(`${gatewayUrl()}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content }] }),
  });

test('a call refused by the key limit of 1 request per minute is an error row saying so, in English and Chinese', async ({
  page,
  browser,
}) => {
  const username = `l${uniqueSuffix()}`;
  const userId = await registerUser(page, username, PASSWORD);
  await withRoot(browser, (admin) => setUserQuota(admin, userId, 5_000_000));
  await signIn(page, username, PASSWORD);
  const tokenName = `rpm1-${uniqueSuffix()}`;
  const created = await apiCall<TokenView[]>(page, 'POST', '/api/token/', {
    name: tokenName,
    unlimited_quota: true,
    rpm_limit: 1,
  });
  expect(created.success, created.message).toBe(true);
  const key = created.data[0]!.key;

  const first = await chat(key, 'first');
  expect(first.status, await first.clone().text()).toBe(200);
  const refused = await chat(key, 'second');
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);

  // Refusals are written to the log in batches about a second after the call.
  await expect
    .poll(async () => {
      const rows = await apiGet<Paged<LogView>>(page, '/api/log/self/?p=1&page_size=10&type=5');
      return rows.data.items.filter((row) => row.token_name === tokenName).length;
    })
    .toBe(1);

  await page.goto('/log');
  const row = page.locator('.ant-table-row', { hasText: tokenName }).filter({ hasText: 'rate limit' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Error');
  await expect(row).toContainText('rate limit: this API key may make 1 requests per minute');
  await expect(row).toContainText(MODEL);
  // It never reached an upstream: no duration or stream mode is shown for it.
  await expect(row).not.toContainText('Non-stream');

  // The top bar's menus open on hover: only once the user menu is in place (it moves the language
  // button when it appears) is the language menu where the pointer goes; the switch is retried until
  // the page says it is Chinese (the user menu, opened by a pointer left over it, covered the item once).
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(async () => {
    await page.mouse.move(700, 500);
    await page.getByTestId('language-menu').hover();
    await page.getByRole('menuitem', { name: '中文' }).click({ timeout: 2_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const zhRow = page.locator('.ant-table-row', { hasText: tokenName }).filter({ hasText: '限流' });
  await expect(zhRow).toContainText('错误');
  await expect(zhRow).toContainText('限流：此 API 密钥每分钟最多请求 1 次');
  await keepScreenshot(page, 'limits-refused-call-log-zh');
});

test('root adds a group override row on the rate-limit tab; it is saved as the JSON the server validates', async ({
  browser,
}) => {
  const before = await withRoot(browser, (admin) => optionValues(admin, [GROUP_OPTION]));
  const group = `g${uniqueSuffix()}`;
  try {
    await withRoot(browser, async (admin) => {
      await setOptions(admin, { [GROUP_OPTION]: '{}' });
      // A phone's width: every row fits the screen.
      await admin.setViewportSize({ width: 390, height: 844 });
      await admin.goto('/setting?tab=ratelimit');
      const form = admin.locator('form#setting_ratelimit');
      await expect(form).toContainText('No group overrides');
      await form.getByRole('button', { name: 'Add a group' }).click();
      // A new row needs its group before it can be saved.
      await expect(form).toContainText('choose or type a group name');
      await admin.locator(rowInput(0, 'group')).fill(group);
      await admin.locator(rowInput(0, 'total')).fill('5');
      // An emptied count is named (below 1 cannot be typed: the input keeps the server's bounds).
      await admin.locator(rowInput(0, 'success')).fill('');
      await expect(form).toContainText('Most completed: please fill this in');
      await admin.locator(rowInput(0, 'success')).fill('3');
      await expect(form.getByText('please fill this in')).toHaveCount(0);
      const width = await admin.evaluate(() => document.documentElement.scrollWidth);
      expect(width, 'page width at 390 px').toBeLessThanOrEqual(390);

      await form.getByRole('button', { name: /^Save/ }).click();
      await expect(admin.locator('.ant-message-notice').last()).toContainText('Saved');
      expect(JSON.parse((await optionValues(admin, [GROUP_OPTION]))[GROUP_OPTION]!)).toEqual({
        [group]: [5, 3],
      });

      await admin.reload();
      await expect(admin.locator(rowInput(0, 'group'))).toHaveValue(group);
      await expect(admin.locator(rowInput(0, 'total'))).toHaveValue('5');
      await expect(admin.locator(rowInput(0, 'success'))).toHaveValue('3');

      // The dark theme: the rows still fit, kept as an artifact to look at.
      await admin.getByTestId('theme-toggle').click();
      await expect(admin.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect(admin.locator(rowInput(0, 'group'))).toHaveValue(group);
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await keepScreenshot(admin, 'limits-group-editor-390-dark');
      await admin.getByTestId('theme-toggle').click();
      await expect(admin.locator('html')).not.toHaveAttribute('data-theme', 'dark');
    });
  } finally {
    await withRoot(browser, (admin) => setOptions(admin, before));
  }
});
