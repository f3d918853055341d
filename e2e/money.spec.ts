import type { Page as Paged, RedemptionView } from '@relaygate/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { MODEL, NEW_ROOT_PASSWORD, ROOT_USERNAME, epayUrl, gatewayUrl } from './support/constants.ts';
import { apiGet, uniqueSuffix, useEnglish } from './support/console-api.ts';
import { EPAY_MERCHANT_ID, EPAY_MERCHANT_KEY } from './support/mock-epay.ts';
import { setOptionsAsRoot } from './support/root.ts';
import { collectPageErrors, englishPagesWithoutErrors, signIn } from './support/session.ts';

/**
 * The money path through the console: codes made by an admin and redeemed by a user, an online
 * top-up through a mock EPay site that calls the notify back, and the public pricing page.
 */
test.describe.configure({ mode: 'serial' });
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const PASSWORD = 'e2e-wallet-pass';
const username = `w${uniqueSuffix()}`;
const codeName = `e2e-${uniqueSuffix()}`;
let copiedCode = '';
englishPagesWithoutErrors();

async function signInAsWalletUser(page: Page) {
  await signIn(page, username, PASSWORD);
  await page.goto('/topup');
}

test('redemption: an admin creates three codes and copies one', async ({ page }) => {
  await signIn(page, ROOT_USERNAME, NEW_ROOT_PASSWORD);
  await page.goto('/redemption');
  await page.getByTestId('redemption-add').click();
  await expect(page.locator('form#redemption')).toBeVisible();
  await page.locator('#redemption_name').fill(codeName);
  await page.locator('#redemption_quota').fill('2');
  await page.locator('#redemption_count').fill('3');
  await page.getByTestId('redemption-submit').click();

  const created = page.getByTestId('created-codes');
  await expect(created).toBeVisible();
  const codes = (await created.inputValue()).split('\n');
  expect(codes).toHaveLength(3);
  for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9]{32}$/);
  await page.getByTestId('codes-copy-all').click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
  await page.locator('.ant-modal-close').click();

  const rows = page.locator('.ant-table-row', { hasText: codeName });
  await expect(rows).toHaveCount(3);
  await rows.first().getByTestId('redemption-copy').click();
  copiedCode = await page.evaluate(() => navigator.clipboard.readText());
  expect(codes).toContain(copiedCode);
  const listed = await apiGet<Paged<RedemptionView>>(page, `/api/redemption/search?keyword=${codeName}`);
  expect(listed.data.items.map((code) => code.key).sort()).toEqual([...codes].sort());

  // The wallet user of the next tests, registered through the public API.
  const registered = await page.request.post('/api/user/register', {
    data: { username, password: PASSWORD },
  });
  expect((await registered.json()).success).toBe(true);
});

test('wallet: a user redeems the copied code on /topup and sees the new balance', async ({ page }) => {
  expect(copiedCode).not.toBe('');
  await signInAsWalletUser(page);
  const balance = page.getByTestId('wallet-balance');
  await expect(balance).toHaveText('$0.00');

  await page.getByTestId('redeem-code').fill(copiedCode);
  await page.getByTestId('redeem-submit').click();
  await expect(page.locator('.ant-message-notice').last()).toContainText('Redeemed: $2.00 added');
  await expect(balance).toHaveText('$2.00');

  await page.getByTestId('redeem-code').fill(copiedCode);
  await page.getByTestId('redeem-submit').click();
  await expect(page.locator('.ant-message-notice').last()).toContainText('already been used');
  await expect(balance).toHaveText('$2.00');
});

test('online top-up: the user pays on a mock EPay page, which calls the notify back', async ({
  page,
  browser,
}) => {
  await setOptionsAsRoot(browser, {
    ServerAddress: gatewayUrl(),
    PayAddress: epayUrl(),
    EpayId: EPAY_MERCHANT_ID,
    EpayKey: EPAY_MERCHANT_KEY,
    Price: '7.3',
    MinTopUp: '1',
  });

  await signInAsWalletUser(page);
  await expect(page.getByTestId('wallet-balance')).toHaveText('$2.00');
  const amount = page.getByTestId('topup-amount');
  const payable = page.getByTestId('topup-payable');
  await expect(page.getByText('Quota to buy (US dollars)')).toBeVisible();
  await amount.fill('3');
  await expect(payable).toHaveText('CN¥21.90');
  // The price follows the amount as typed: none for an amount that cannot be paid, and why.
  for (const [typed, why] of [
    ['0', 'The minimum top-up is $1: no price for a smaller amount'],
    ['abc', 'Enter whole dollars: no price can be computed for this amount'],
    ['2.5', 'Enter whole dollars: no price can be computed for this amount'],
    ['', 'Enter the quota to buy; the price follows it'],
  ]) {
    await amount.fill(typed!);
    await expect(payable).toHaveText('-');
    await expect(page.getByText(why!)).toBeVisible();
  }
  await amount.fill('3');
  await expect(payable).toHaveText('CN¥21.90');
  await page.getByText('Alipay', { exact: true }).click();
  await page.getByTestId('topup-pay').click();

  await expect(page.locator('#money')).toHaveText('21.90');
  await page.locator('#pay').click();
  await expect(page).toHaveURL(/\/topup$/);
  await expect(page.getByTestId('wallet-balance')).toHaveText('$5.00');
  const order = page.getByTestId('topup-orders').locator('.ant-table-row').first();
  await expect(order).toContainText('Credited');
  await expect(order).toContainText('$3');
  await expect(order).toContainText('CN¥21.90');

  // Usable on a phone: the tables scroll inside their cards, the page does not get wider.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByTestId('wallet-balance')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('an admin completes a pending order by hand, once', async ({ page, browser }) => {
  await signInAsWalletUser(page);
  await expect(page.getByTestId('wallet-balance')).toHaveText('$5.00');
  await page.getByTestId('topup-amount').fill('4');
  await expect(page.getByTestId('topup-payable')).toHaveText('CN¥29.20');
  await page.getByTestId('topup-pay').click();
  const tradeNo = (await page.locator('#order').textContent()) ?? '';
  expect(tradeNo).toMatch(/^USR\d+NO/);

  const admin = await browser.newPage({ baseURL: gatewayUrl() });
  const adminErrors = collectPageErrors(admin);
  await useEnglish(admin);
  await signIn(admin, ROOT_USERNAME, NEW_ROOT_PASSWORD);
  await admin.goto('/topup');
  await admin.getByText('Everyone', { exact: true }).click();
  await admin.getByPlaceholder('Search order numbers').fill(tradeNo);
  await admin.getByPlaceholder('Search order numbers').press('Enter');
  const row = admin.getByTestId('topup-orders').locator('.ant-table-row', { hasText: tradeNo });
  await expect(row).toContainText('Awaiting payment');
  await row.getByRole('button', { name: 'Complete by hand' }).click();
  await admin.locator('.ant-modal-confirm').getByRole('button', { name: 'Confirm' }).click();
  await expect(row).toContainText('Credited');
  await expect(row.getByRole('button', { name: 'Complete by hand' })).toHaveCount(0);
  await admin.close();
  expect(adminErrors).toEqual([]);

  await page.goto('/topup');
  await expect(page.getByTestId('wallet-balance')).toHaveText('$9.00');
});

test('pricing: signed out, switching groups changes the prices', async ({ page, browser }) => {
  await setOptionsAsRoot(browser, {
    GroupRatio: JSON.stringify({ default: 1, vip: 2, svip: 1 }),
    UserUsableGroups: JSON.stringify({ default: 'default group', vip: 'vip group' }),
  });

  await page.goto('/pricing');
  const row = page.locator('.ant-table-row', { hasText: MODEL });
  const prompt = row.getByTestId('price-prompt');
  await expect(prompt).toHaveText('$0.1');
  await page.getByTestId('pricing-group').click();
  await page.locator('.ant-select-item-option', { hasText: 'vip group' }).click();
  await expect(prompt).toHaveText('$0.2');
  // The group's ratio in its spec colour: above 1 is blue.
  const hint = page.getByTestId('pricing-hint');
  await expect(hint).toContainText('Prices use the ratio of the chosen group:');
  await expect(hint.locator('[data-ratio-color="blue"]')).toHaveText('×2');

  // Readable on a phone: the table scrolls inside the card, the page itself does not get wider.
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-select-dropdown')).toBeHidden();
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(prompt).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
