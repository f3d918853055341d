import { epayUrl, gatewayUrl } from './support/constants.ts';
import { uniqueSuffix, useEnglish } from './support/console-api.ts';
import { EPAY_MERCHANT_ID, EPAY_MERCHANT_KEY } from './support/mock-epay.ts';
import { optionValues, registerUser, setOptions } from './support/root.ts';
import { keepScreenshot } from './support/screenshots.ts';
import { openUserDrawer } from './support/user-drawer.ts';
import { signIn } from './support/session.ts';
import { failOnPageErrors, signInAsRoot, succeed } from './support/finish.ts';
import { expect, test } from './support/test.ts';

/**
 * The finish of issue #26 on the wallet and the users' balances: what a user may do where the
 * site offers no top-up, an admin adding to and deducting from a balance that reads the same in
 * the list, the drawer and the tokens, the top-up price that follows its amount, group names in
 * the interface's language.
 */
test.describe.configure({ mode: 'serial' });

const suffix = uniqueSuffix();
failOnPageErrors();

test('wallet: a user is told what they can do instead, root what is missing and where to set it', async ({
  page,
  browser,
}) => {
  await useEnglish(page);
  const username = `w${suffix}`;
  const password = 'e2e-wallet-notice';
  await registerUser(page, username, password);
  await signIn(page, username, password);
  await page.goto('/topup');
  const notice = page.getByTestId('topup-no-link');
  await expect(notice).toContainText('you can top up with a redemption code');
  await expect(notice.getByRole('link')).toHaveCount(0);
  await expect(page.getByText(/admin/i)).toHaveCount(0);

  const context = await browser.newContext({ baseURL: gatewayUrl() });
  try {
    const rootPage = await context.newPage();
    await useEnglish(rootPage);
    await signInAsRoot(rootPage);
    await rootPage.goto('/topup');
    const rootNotice = rootPage.getByTestId('topup-no-link');
    await expect(rootNotice).toContainText('No top-up link is set');
    await rootNotice.getByRole('link', { name: 'Open the settings' }).click();
    await expect(rootPage).toHaveURL(/\/setting\?tab=operation$/);
  } finally {
    await context.close();
  }
});

test('users: an admin adds $5 to $14.999186 and deducts it again, and list, drawer and tokens read alike', async ({
  page,
}) => {
  await useEnglish(page);
  const username = `qa${suffix}`;
  const id = await registerUser(page, username, 'e2e-quota-adjust');
  await signInAsRoot(page);
  await succeed(page, 'PUT', '/api/user/', { id, quota: 7_499_593 });
  const same = `same-${suffix}`;
  await succeed(page, 'POST', '/api/token/', {
    name: same,
    remain_quota: 7_499_593,
    expired_time: -1,
    unlimited_quota: false,
  });
  await page.goto('/token');
  await expect(page.locator('.ant-table-row', { hasText: same })).toContainText('$15.00');

  const row = await openUserDrawer(page, username);
  await expect(row).toContainText('$15.00');
  await expect(page.getByTestId('user-balance')).toHaveText('$15.00');
  const amount = page.getByTestId('quota-adjust-amount');
  const apply = page.getByTestId('quota-adjust-apply');
  const confirm = page.locator('.ant-popconfirm');

  await amount.fill('5');
  await expect(page.getByText('Balance afterwards: $20.00')).toBeVisible();
  await apply.click();
  await expect(confirm).toContainText(`Add $5.00 to ${username}?`);
  await confirm.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('.ant-message')).toContainText('Balance updated to $20.00');
  await expect(page.getByTestId('user-balance')).toHaveText('$20.00');
  expect((await succeed(page, 'GET', `/api/user/${id}`)).data).toMatchObject({ quota: 9_999_593 });

  // A deduction beyond the balance is refused before it is sent; one within it is confirmed first.
  await page.getByTestId('quota-adjust-mode').getByText('Deduct').click();
  await amount.fill('100');
  await expect(page.getByText('You cannot deduct more than the balance of $20.00')).toBeVisible();
  await expect(apply).toBeDisabled();
  await amount.fill('5');
  await apply.click();
  await expect(confirm).toContainText(`Deduct $5.00 from ${username}?`);
  await confirm.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('user-balance')).toHaveText('$15.00');
  expect((await succeed(page, 'GET', `/api/user/${id}`)).data).toMatchObject({ quota: 7_499_593 });

  // Saving the drawer's other fields leaves the balance alone.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.ant-drawer-open')).toHaveCount(0);
  await expect(row).toContainText('$15.00');
  expect((await succeed(page, 'GET', `/api/user/${id}`)).data).toMatchObject({ quota: 7_499_593 });
  const logs = await succeed(page, 'GET', `/api/log/?p=1&page_size=10&type=3&username=${username}`);
  const contents = (logs.data as { items: Array<{ content: string }> }).items.map((log) => log.content);
  expect(contents).toEqual(
    expect.arrayContaining([
      'admin root added $5.00 to the quota',
      'admin root deducted $5.00 from the quota',
    ]),
  );
});

test('the balance drawer, the top-up and group names, in Chinese and English, light and dark, desktop and phone', async ({
  page,
}) => {
  // Four rounds of four screens: more than one stuck-test limit on a busy machine.
  test.slow();
  const username = `qs${suffix}`;
  const id = await registerUser(page, username, 'e2e-quota-shots');
  await signInAsRoot(page);
  await succeed(page, 'PUT', '/api/user/', { id, quota: 7_499_593 });
  const epay = ['PayAddress', 'EpayId', 'Price', 'MinTopUp', 'UserUsableGroups'];
  const saved = await optionValues(page, epay);
  await setOptions(page, {
    PayAddress: epayUrl(),
    EpayId: EPAY_MERCHANT_ID,
    EpayKey: EPAY_MERCHANT_KEY,
    Price: '7.3',
    MinTopUp: '2',
    UserUsableGroups: JSON.stringify({ default: 'default group', vip: 'vip group', lab: 'research lab' }),
  });
  try {
    for (const [language, theme, width] of [
      ['en', 'light', 1440],
      ['zh', 'dark', 1440],
      ['zh', 'light', 390],
      ['en', 'dark', 390],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(
        ([lng, mode]) => {
          localStorage.setItem('i18nextLng', lng);
          localStorage.setItem('theme', mode);
        },
        [language, theme] as const,
      );
      const zh = language === 'zh';
      const name = (screen: string) => `issue26-${screen}-${language}-${theme}-${width}`;
      const fitsTheScreen = async () =>
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await openUserDrawer(page, username);
      await page.getByTestId('quota-adjust-amount').fill('5');
      await expect(page.getByText(zh ? '调整后余额 $20.00' : 'Balance afterwards: $20.00')).toBeVisible();
      await fitsTheScreen();
      await keepScreenshot(page, name('user-balance'));
      await page.keyboard.press('Escape');

      await page.goto('/topup');
      const amount = page.getByTestId('topup-amount');
      await expect(page.getByTestId('topup-payable')).toHaveText(zh ? '¥14.60' : 'CN¥14.60');
      await amount.fill('1');
      await expect(page.getByTestId('topup-payable')).toHaveText('-');
      await expect(page.getByText(zh ? '充值额度不能小于 $2' : 'The minimum top-up is $2')).toBeVisible();
      await fitsTheScreen();
      await keepScreenshot(page, name('topup-below-minimum'));

      // The untouched default descriptions in the reader's language, the operator's own as written.
      await page.goto('/token');
      await page.getByRole('button', { name: /Add token|添加令牌/ }).click();
      await page.locator('#token_group').click();
      const options = page.locator('.ant-select-item-option');
      await expect(options.filter({ hasText: zh ? '默认分组' : 'Default group' })).toHaveCount(1);
      await expect(options.filter({ hasText: 'research lab' })).toHaveCount(1);
      if (zh) await expect(options.filter({ hasText: /default group|vip group/ })).toHaveCount(0);
      await keepScreenshot(page, name('token-groups'));
      await page.keyboard.press('Escape');
      await page.goto('/pricing');
      await page.getByTestId('pricing-group').click();
      await expect(options.filter({ hasText: zh ? 'VIP 分组' : 'VIP group' })).toHaveCount(1);
      await fitsTheScreen();
      await keepScreenshot(page, name('pricing-groups'));
      await page.keyboard.press('Escape');
    }
  } finally {
    await setOptions(page, saved);
    await page.setViewportSize({ width: 1366, height: 860 });
  }
});
