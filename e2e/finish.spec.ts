import { join } from 'node:path';
import { MODEL, gatewayUrl, screenshotDir, upstreamUrl } from './support/constants.ts';
import { uniqueSuffix, useEnglish } from './support/console-api.ts';
import { registerUser } from './support/root.ts';
import { keepScreenshot } from './support/screenshots.ts';
import { signIn } from './support/session.ts';
import { expect, test } from './support/test.ts';

import {
  failOnPageErrors,
  listNewChannel,
  searchChannels,
  setOption,
  signInAsRoot,
  succeed,
} from './support/finish.ts';

/**
 * The finish of issue #15 item 5 on the channel, token, pricing and personal screens: a balance
 * never fetched, the model a test used, a refusal marked on its field, amounts smaller than a cent
 * in each display type, and the confirmation before the access token is regenerated.
 */
test.describe.configure({ mode: 'serial' });
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const suffix = uniqueSuffix();
const channelName = `fin-${suffix}`;
const tokenName = `tiny-${suffix}`;
const guideTokenName = `guide-${suffix}`;
failOnPageErrors();

test('channels: not fetched balance, the tested model named, a refusal marked on its field', async ({
  page,
}) => {
  await useEnglish(page);
  await signInAsRoot(page);
  await listNewChannel(page, {
    type: 1,
    name: channelName,
    key: 'sk-e2e-finish',
    base_url: upstreamUrl(),
    models: `${MODEL},other-model`,
  });
  const row = page.locator('.ant-table-row', { hasText: channelName });
  await expect(row.getByTestId('channel-balance')).toHaveText('Not fetched');

  // No test model set: the server tests the first model, and the message says which.
  await row.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(page.locator('.ant-message')).toContainText(
    `Channel ${channelName} tested with ${MODEL} successfully`,
  );

  await row.getByRole('button', { name: 'Edit' }).click();
  const mapping = page.locator('#channel_model_mapping');
  await mapping.fill('{"a": "b", "b": "a"}');
  await page.locator('button[type="submit"][form="channel"]').click();
  const field = page.locator('.ant-form-item').filter({ has: mapping });
  await expect(field).toHaveClass(/ant-form-item-has-error/);
  await expect(field.locator('.ant-form-item-explain-error')).toContainText('model mapping contains a cycle');
  await field.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(screenshotDir(), 'finish-channel-field-error-en-light.png') });
  await mapping.fill('{"a": "b"}');
  await expect(field).not.toHaveClass(/ant-form-item-has-error/);
});

test("channels: a balance reads in the provider's currency, ¥ for a DeepSeek account in yuan", async ({
  page,
}) => {
  await useEnglish(page);
  await signInAsRoot(page);
  const name = `yuan-${suffix}`;
  await listNewChannel(page, {
    type: 43,
    name,
    key: 'sk-e2e-yuan',
    base_url: `${upstreamUrl()}/yuan`,
    models: 'deepseek-chat',
  });
  const balance = page.locator('.ant-table-row', { hasText: name }).getByTestId('channel-balance');
  await expect(balance).toHaveText('Not fetched');
  await balance.click();
  await expect(page.locator('.ant-message')).toContainText('¥70.00');
  await expect(balance).toHaveText('¥70.00');
  await page.screenshot({ path: join(screenshotDir(), 'finish-channel-balance-yuan-en-light.png') });
});

test('channels: a failed test stays on the row as failed, with why, after the toast and a reload', async ({
  page,
}) => {
  await useEnglish(page);
  await signInAsRoot(page);
  const name = `refused-${suffix}`;
  await listNewChannel(page, {
    type: 1,
    name,
    key: 'sk-e2e-refused',
    base_url: `${upstreamUrl()}/refuse`,
    models: MODEL,
    // A group of its own: in the default group it would take a share of every later spec's calls
    // for MODEL and answer them 401 (the limits spec's first call failed so, by chance of routing).
    group: 'finish-refused',
  });
  const row = page.locator('.ant-table-row', { hasText: name });
  await expect(row.getByTestId('channel-last-test')).toHaveText('Not tested');

  await row.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(page.locator('.ant-message')).toContainText('Incorrect API key provided');
  const lastTest = row.getByTestId('channel-last-test');
  await expect(lastTest).toHaveAttribute('data-outcome', 'failed');
  await expect(lastTest).toHaveText('Test failed');
  await expect(lastTest).not.toHaveClass(/ant-tag-(green|lime)/);

  // What the server kept: a reload (or another admin) sees the same, and why, when and how long.
  await page.reload();
  await expect(lastTest).toHaveText('Test failed');
  await lastTest.hover();
  const tooltip = page.locator('.ant-tooltip', { hasText: 'The last test failed' });
  await expect(tooltip).toContainText('Incorrect API key provided');
  await expect(tooltip).toContainText(/Tested at \d{4}-/);
  await expect(tooltip).toContainText(/Took \d+\.\d{2} s/);
  await keepScreenshot(page, 'finish-channel-failed-test-en-light');
});

test('settings: the index marks the section being read, at the start, in the middle and at the end', async ({
  page,
}) => {
  await useEnglish(page);
  await signInAsRoot(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/setting?tab=system');
  const index = page.getByTestId('setting-index');
  const links = index.locator('.ant-anchor-link-title');
  const active = index.locator('.ant-anchor-link-title-active');
  await expect(active).toHaveText((await links.first().textContent())!);

  // The third section's top a little above a third of the way down the part below the sticky bars.
  const third = page.locator((await links.nth(2).getAttribute('href'))!);
  await third.evaluate((card) => {
    const line = 126 + (window.innerHeight - 126) / 3;
    window.scrollBy(0, card.getBoundingClientRect().top - line + 10);
  });
  await expect(active).toHaveText((await links.nth(2).textContent())!);

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(active).toHaveText((await links.last().textContent())!);
  // A click marks the section clicked, though it cannot reach the top at the end of the page.
  await links.nth(-2).click();
  await expect(active).toHaveText((await links.nth(-2).textContent())!);
});

test('settings: the visual price editor shows whole model names and every delete button at 1440 px', async ({
  page,
}) => {
  await useEnglish(page);
  await signInAsRoot(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/setting?tab=operation');
  await page.getByTestId('setting-index').getByText('Model prices and ratios').click();
  const card = page.locator('#setting_ratio_card-card');
  await card.getByRole('tab', { name: 'Visual ratio editor' }).click();
  await card.getByPlaceholder('Search model name').fill('claude-3-5-sonnet');
  const row = card.locator('.ant-table-row', { hasText: 'claude-3-5-sonnet-20241022' });
  await expect(row).toBeVisible();
  const layout = await row.evaluate((tr) => {
    const name = tr.querySelectorAll('td')[1]!;
    const scroller = tr.closest('.ant-table-content, .ant-table-body')!.getBoundingClientRect();
    const button = tr.querySelector('button')!.getBoundingClientRect();
    return {
      nameCut: name.scrollWidth > name.clientWidth,
      buttonInside: button.left >= scroller.left && button.right <= scroller.right,
      pageWidth: document.documentElement.scrollWidth,
    };
  });
  expect(layout).toEqual({ nameCut: false, buttonInside: true, pageWidth: 1440 });
});

test('amounts: a token worth one unit reads $0.000002, and ¥0.000015 in yuan, never $0.01', async ({
  page,
}) => {
  await useEnglish(page);
  await signInAsRoot(page);
  await succeed(page, 'POST', '/api/token/', {
    name: tokenName,
    remain_quota: 1,
    expired_time: -1,
    unlimited_quota: false,
  });
  const row = page.locator('.ant-table-row', { hasText: tokenName });
  // A reload reads the new display from the status object; the list may take a while on a busy machine.
  const listed = { timeout: 30_000 };
  try {
    await page.goto('/token');
    await expect(row).toContainText('$0.000002', listed);
    await setOption(page, 'USDExchangeRate', '7.3');
    await setOption(page, 'general_setting.quota_display_type', 'CNY');
    await page.reload();
    await expect(row).toContainText('¥0.000015', listed);
    await setOption(page, 'general_setting.quota_display_type', 'TOKENS');
    await page.reload();
    await expect(row.locator('td').filter({ hasText: /^1$/ })).not.toHaveCount(0, listed);
  } finally {
    await setOption(page, 'general_setting.quota_display_type', 'USD');
  }
});

test('tokens: a new key says what it may spend, where to send calls, and gives a copyable curl example', async ({
  page,
}) => {
  await useEnglish(page);
  await signInAsRoot(page);
  await page.goto('/token');
  await page.getByTestId('token-add').click();
  await page.locator('#token_name').fill(guideTokenName);
  // The default cap of a new key, said in the display currency before it is made.
  const cap = page.locator('form#token').getByTestId('token-cap-note');
  await expect(cap).toContainText('This token can spend $1.00, then it stops working');
  await page.locator('#token_unlimited_quota').click();
  await expect(cap).toContainText('no cap of its own');
  await page.locator('#token_unlimited_quota').click();
  await page.getByTestId('token-submit').click();

  const guide = page.getByTestId('call-guide');
  await expect(page.getByRole('dialog', { name: 'Token created: how to call' })).toBeVisible();
  await expect(guide.getByTestId('token-cap-note')).toContainText('This token can spend $1.00');
  const baseUrl = `${gatewayUrl()}/v1`;
  await expect(guide.getByTestId('call-base-url')).toHaveText(baseUrl);
  const shown = guide.getByTestId('call-example-curl');
  await expect(shown).toContainText(`curl '${baseUrl}/chat/completions'`);
  // On screen the key is masked; the copied example holds it whole.
  await expect(shown).toContainText(/Bearer sk-[A-Za-z0-9]{4}…[A-Za-z0-9]{4}'/);
  await guide.getByTestId('call-example-copy-curl').click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.startsWith(`curl '${baseUrl}/chat/completions'`), copied).toBe(true);
  const key = /Bearer (sk-[A-Za-z0-9]{48})'/.exec(copied)?.[1];
  expect(key, copied).toBeDefined();
  await expect(guide).not.toContainText(key ?? 'sk-');
  await guide.getByRole('tab', { name: 'Python' }).click();
  await expect(guide.getByTestId('call-example-python')).toContainText(`base_url="${baseUrl}"`);
  await page.screenshot({ path: join(screenshotDir(), 'finish-call-guide-created-en-light.png') });
  await page.getByTestId('call-guide-done').click();
  await expect(guide).toHaveCount(0);

  // Later, from the key's row: the same address and examples, the key still masked.
  const row = page.locator('.ant-table-row', { hasText: guideTokenName });
  await row.getByRole('button', { name: 'How to call' }).click();
  await expect(page.getByRole('dialog', { name: `How to call with ${guideTokenName}` })).toBeVisible();
  await expect(guide.getByTestId('call-example-curl')).toContainText(`curl '${baseUrl}/chat/completions'`);
  await expect(guide).not.toContainText(key ?? 'sk-');
  await page.getByTestId('call-guide-done').click();
});

/** The new token screens in both languages and themes, on a desktop and a phone, kept to look at. */
for (const [language, theme, width] of [
  ['en', 'light', 1440],
  ['en', 'dark', 390],
  ['zh', 'dark', 1440],
  ['zh', 'light', 390],
] as const)
  test(`the cap note, the call guide and the tables, ${language} ${theme} at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsRoot(page);
    await page.evaluate(
      ([lng, mode]) => {
        localStorage.setItem('i18nextLng', lng);
        localStorage.setItem('theme', mode);
      },
      [language, theme] as const,
    );
    const name = `${language}-${theme}-${width}`;
    await page.goto('/token');
    await page.getByTestId('token-add').click();
    const cap = page.locator('form#token').getByTestId('token-cap-note');
    await cap.scrollIntoViewIfNeeded();
    await expect(cap).toContainText('$1.00');
    await page.screenshot({ path: join(screenshotDir(), `finish-token-cap-${name}.png`) });
    await page.keyboard.press('Escape');
    await expect(page.locator('form#token')).toBeHidden();

    const row = page.locator('.ant-table-row', { hasText: guideTokenName });
    const howToCall = /How to call|调用方式/;
    if (width < 600) {
      await row.getByTestId('row-more').click();
      await page.getByRole('menuitem', { name: howToCall }).click();
    } else await row.getByRole('button', { name: howToCall }).click();
    await expect(page.getByTestId('call-example-curl')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: join(screenshotDir(), `finish-call-guide-${name}.png`) });
    await page.getByTestId('call-guide-done').click();
    await keepScreenshot(page, `finish-tokens-${name}`);
    await page.goto('/log');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await keepScreenshot(page, `finish-logs-${name}`);
  });

test('personal: regenerating the access token is confirmed first', async ({ page }) => {
  await useEnglish(page);
  const username = `at${suffix}`;
  const password = 'e2e-access-token';
  await registerUser(page, username, password);
  await signIn(page, username, password);
  await page.goto('/personal');

  const generate = page.getByRole('button', { name: 'Generate a system access token' });
  await generate.click();
  const confirm = page.locator('.ant-popconfirm');
  await expect(confirm).toContainText('The current token stops working at once');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.locator('#accessToken')).toHaveCount(0);

  await generate.click();
  await confirm.getByRole('button', { name: 'Generate' }).click();
  await expect(page.locator('#accessToken')).toHaveValue(/^\S{16,}$/);
  // A user may delete their own account; root, whom the server never deletes, is not offered it.
  await expect(page.getByRole('button', { name: 'Delete my account' })).toBeVisible();
});

test('personal: root is not offered to delete its account', async ({ page }) => {
  await signInAsRoot(page);
  await page.goto('/personal');
  await expect(
    page.getByRole('button', { name: /Generate a system access token|生成系统访问令牌/ }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Delete my account|删除个人账户/ })).toHaveCount(0);
});

/** The changed screens in both languages and themes (English light, Chinese dark), kept as artifacts to look at. */
test('the changed screens, in Chinese and English, light and dark', async ({ page }) => {
  await signInAsRoot(page);
  for (const [language, theme] of [
    ['en', 'light'],
    ['zh', 'dark'],
  ] as const) {
    await page.evaluate(
      ([lng, mode]) => {
        localStorage.setItem('i18nextLng', lng);
        localStorage.setItem('theme', mode);
      },
      [language, theme] as const,
    );
    const shot = async (name: string) =>
      page.screenshot({
        path: join(screenshotDir(), `finish-${name}-${language}-${theme}.png`),
        fullPage: true,
      });

    await searchChannels(page, suffix);
    await expect(page.locator('.ant-table-row', { hasText: channelName })).toHaveCount(1);
    const failed = page.locator('.ant-table-row', { hasText: `refused-${suffix}` });
    await failed.getByTestId('channel-last-test').hover();
    await expect(page.locator('.ant-tooltip')).toBeVisible();
    await shot('channels');
    await page.goto('/token');
    await expect(page.locator('.ant-table-row', { hasText: tokenName })).toBeVisible();
    await shot('tokens');
    await page.goto('/log');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await shot('logs');
    await page.goto('/pricing');
    await expect(page.getByTestId('pricing-hint').locator('[data-ratio-color]')).toBeVisible();
    await shot('pricing');
    await page.goto('/setting?tab=operation');
    const general = page.locator('.ant-card').filter({ has: page.locator('form#setting_general') });
    await expect(general).toBeVisible();
    await general.screenshot({ path: join(screenshotDir(), `finish-settings-${language}-${theme}.png`) });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      // On a phone the search hides behind a button; this spec's channels are the newest anyway.
      await page.goto('/channel');
      const refused = page.locator('.ant-table-row', { hasText: `refused-${suffix}` });
      await refused.getByTestId('channel-last-test').scrollIntoViewIfNeeded();
      await expect(refused.getByTestId('channel-last-test')).toBeInViewport();
      await keepScreenshot(page, `finish-channels-${width}-${language}-${theme}`);
      await page.goto('/setting?tab=operation');
      const ratios = page.locator('#setting_ratio_card-card');
      await ratios.evaluate((card) => window.scrollBy(0, card.getBoundingClientRect().top - 140));
      await ratios.getByRole('tab').nth(1).click();
      await expect(ratios.locator('.ant-table-row').first()).toBeVisible();
      await page.screenshot({
        path: join(screenshotDir(), `finish-ratio-editor-${width}-${language}-${theme}.png`),
      });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.goto('/token');
    await page.getByRole('button', { name: /Add token|添加令牌/ }).click();
    await page.locator('#token_group').click();
    await expect(page.locator('.ant-select-item-option [data-ratio-color]').first()).toBeVisible();
    await page.screenshot({ path: join(screenshotDir(), `finish-token-groups-${language}-${theme}.png`) });
    await page.keyboard.press('Escape');
    await page.goto('/personal');
    await page.getByRole('button', { name: /Generate a system access token|生成系统访问令牌/ }).click();
    await expect(page.locator('.ant-popconfirm')).toBeVisible();
    await page.screenshot({ path: join(screenshotDir(), `finish-access-token-${language}-${theme}.png`) });
  }
});
