import type { ChannelView, Page as Paged, TokenView, UserView } from '@relaygate/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { CHANNEL_NAME, NEW_ROOT_PASSWORD, ROOT_USERNAME, TOKEN_NAME } from './support/constants.ts';
import { apiGet, uniqueSuffix, useEnglish } from './support/console-api.ts';
import { collectPageErrors, expectSignedIn, signIn } from './support/session.ts';

/**
 * What an admin does day to day, through the console as a person would, after the journey has set
 * root's password and created a channel and a token. Each test signs in on its own and leaves the
 * shared data (the journey's token and channel) usable by the others, whatever the order.
 */

let errors: string[] = [];

test.beforeEach(async ({ page }) => {
  errors = collectPageErrors(page);
  await useEnglish(page);
  await signIn(page, ROOT_USERNAME, NEW_ROOT_PASSWORD);
  await expectSignedIn(page);
});

test.afterEach(() => {
  expect(errors).toEqual([]);
});

/** The latest toast (antd message) shown. */
const toast = (page: Page) => page.locator('.ant-message-notice').last();

test('settings: the system name is saved, shown in the top bar after a reload, and an unchanged save is refused', async ({
  page,
}) => {
  const name = `E2E Gateway ${uniqueSuffix()}`;
  await page.goto('/setting?tab=other');
  const form = page.locator('form#setting_system_name');
  const input = page.locator('#setting_system_name_SystemName');
  await expect(input).toBeVisible();

  await input.fill(name);
  await form.locator('button[type="submit"]').click();
  await expect(toast(page)).toContainText('Saved');
  await expect
    .poll(async () => (await apiGet<{ system_name: string }>(page, '/api/status')).data.system_name)
    .toBe(name);

  await page.reload();
  await expect(page.locator('header')).toContainText(name);
  await expect(input).toHaveValue(name);

  await form.locator('button[type="submit"]').click();
  await expect(toast(page)).toContainText('You seem not to have changed anything');
});

test('settings: a value the server refuses is named by its label, never by the option key (#26 item 27)', async ({
  page,
}) => {
  await page.goto('/setting?tab=system');
  const input = page.locator('#setting_server_ServerAddress');
  await expect(input).toBeVisible();
  await input.fill('ftp://gateway.example');
  await page.locator('form#setting_server button[type="submit"]').click();
  const refusal = page.locator('.ant-message-notice', { hasText: 'must be an http(s) address' });
  await expect(refusal).toContainText('“Server address”');
  await expect(refusal).not.toContainText('ServerAddress');
  const fieldError = page.locator('form#setting_server .ant-form-item-explain-error');
  await expect(fieldError).toHaveText('option “Server address” must be an http(s) address');
});

test('users: an admin adds a user, finds it, disables, enables and promotes it, then deregisters it', async ({
  page,
}) => {
  const username = `e2eu${uniqueSuffix()}`;
  await page.goto('/user');

  await test.step('add the user through the drawer', async () => {
    await page.getByRole('button', { name: 'Add user' }).click();
    const form = page.locator('form#addUser');
    await expect(form).toBeVisible();
    // Every button the drawer shows says what it does: no empty one (a hidden submit that showed).
    const nameless = await page
      .locator('.ant-drawer button:visible')
      .evaluateAll(
        (buttons) => buttons.filter((b) => !b.textContent?.trim() && !b.getAttribute('aria-label')).length,
      );
    expect(nameless).toBe(0);
    await page.locator('#addUser_username').fill(username);
    // Enter in a field submits, as the drawer's Submit does.
    await page.locator('#addUser_display_name').fill(`Display ${username}`);
    await page.locator('#addUser_password').fill('e2e-user-password');
    await page.locator('#addUser_password').press('Enter');
    await expect(form).toBeHidden();
  });

  const row = page.locator('.ant-table-row', { hasText: username });
  const status = row.locator('td').nth(6);
  const role = row.locator('td').nth(5);

  await test.step('find it by searching', async () => {
    await page.locator('#searchUser_keyword').fill(username);
    await page.locator('form#searchUser').getByRole('button', { name: 'Search' }).click();
    await expect(page.locator('.ant-table-row')).toHaveCount(1);
    await expect(row).toBeVisible();
    await expect(role).toHaveText('Normal user');
    await expect(status).toHaveText('Active');
  });

  await test.step('disable it, then enable it again', async () => {
    await row.getByRole('button', { name: 'Disable' }).click();
    await expect(status).toHaveText('Banned');
    await expect(row.getByRole('button', { name: 'Disable' })).toHaveCount(0);
    await row.getByRole('button', { name: 'Enable' }).click();
    await expect(status).toHaveText('Active');
  });

  await test.step('promote it to admin', async () => {
    await row.getByRole('button', { name: 'Promote' }).click();
    await expect(role).toHaveText('Admin');
    await expect(row.getByRole('button', { name: 'Demote' })).toBeVisible();
    const found = await apiGet<Paged<UserView>>(
      page,
      `/api/user/search?keyword=${username}&p=1&page_size=10`,
    );
    expect(found.data.items.map((user) => [user.username, user.role, user.status])).toEqual([
      [username, 10, 1],
    ]);
  });

  await test.step('deregister it: the row shows deregistered and offers no actions, also after a reload', async () => {
    await row.getByRole('button', { name: 'Deregister' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Deregister' }).click();
    await expect(status).toHaveText('Deregistered');
    await expect(row.getByRole('button')).toHaveCount(0);
    const found = await apiGet<Paged<UserView>>(
      page,
      `/api/user/search?keyword=${username}&p=1&page_size=10`,
    );
    expect(found.data.items.map((user) => [user.username, !!user.DeletedAt])).toEqual([[username, true]]);

    await page.reload();
    await page.locator('#searchUser_keyword').fill(username);
    await page.locator('form#searchUser').getByRole('button', { name: 'Search' }).click();
    await expect(status).toHaveText('Deregistered');
    await expect(row.getByRole('button')).toHaveCount(0);
  });
});

test("tokens: the journey's token is disabled and enabled again with the status toggle", async ({ page }) => {
  const tokenStatus = async () => {
    // The token and channel searches answer new-api's classic form: data is the plain array.
    const found = await apiGet<TokenView[]>(page, `/api/token/search?keyword=${TOKEN_NAME}`);
    return found.data.find((token) => token.name === TOKEN_NAME)?.status;
  };
  await page.goto('/token');
  const row = page.locator('.ant-table-row', { hasText: TOKEN_NAME });
  const tag = row.locator('.ant-tag').first();
  await expect(tag).toHaveText('Enabled');

  // Beside the key's guide and Edit, the other actions are in the row's menu.
  await row.getByTestId('row-more').click();
  await page.getByRole('menuitem', { name: 'Disable', exact: true }).click();
  await expect(toast(page)).toContainText('Token disabled');
  await expect(tag).toHaveText('Disabled');
  await expect.poll(tokenStatus).toBe(2);

  await row.getByTestId('row-more').click();
  await page.getByRole('menuitem', { name: 'Enable', exact: true }).click();
  await expect(toast(page)).toContainText('Token enabled');
  await expect(tag).toHaveText('Enabled');
  await expect.poll(tokenStatus).toBe(1);
});

test("channels: the journey's channel priority is edited in place and persists after a reload", async ({
  page,
}) => {
  await page.goto('/channel');
  const row = page.locator('.ant-table-row', { hasText: CHANNEL_NAME });
  const priority = row.getByRole('spinbutton', { name: 'Priority' });
  await expect(priority).toBeVisible();
  const next = Number((await priority.inputValue()) || '0') + 1;

  await priority.fill(String(next));
  await priority.press('Enter');
  await expect(toast(page)).toContainText(`Changes to channel ${CHANNEL_NAME} saved`);
  await expect
    .poll(async () => {
      const found = await apiGet<ChannelView[]>(page, `/api/channel/search?keyword=${CHANNEL_NAME}`);
      return found.data.find((channel) => channel.name === CHANNEL_NAME)?.priority;
    })
    .toBe(next);

  await page.reload();
  await expect(priority).toHaveValue(String(next));
});

test('personal: a webhook notification needs an https URL; with one it saves and survives a reload', async ({
  page,
}) => {
  const storedSetting = async () =>
    JSON.parse((await apiGet<UserView>(page, '/api/user/self')).data.setting || '{}') as {
      notify_type?: string;
      webhook_url?: string;
    };
  const before = await storedSetting();
  await page.goto('/personal');
  const form = page.locator('form#notify');
  const url = page.locator('#notify_webhook_url');
  await expect(form).toBeVisible();

  await form.getByLabel('Webhook', { exact: true }).check();
  await url.fill('http://hooks.example.com/relaygate');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('#notify_webhook_url_help')).toHaveText(
    'The webhook URL must start with https://',
  );
  expect(await storedSetting()).toEqual(before);

  const https = `https://hooks.example.com/relaygate-${uniqueSuffix()}`;
  await url.fill(https);
  await expect(page.locator('#notify_webhook_url_help')).toHaveCount(0);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page)).toContainText('Saved');
  await expect.poll(storedSetting).toMatchObject({ notify_type: 'webhook', webhook_url: https });

  await page.reload();
  await expect(url).toHaveValue(https);
  await expect(form.getByLabel('Webhook', { exact: true })).toBeChecked();
});

test('an announcement set in settings shows on the home page until it is dismissed', async ({ page }) => {
  const notice = `Maintenance window ${uniqueSuffix()}`;
  await page.goto('/setting?tab=other');
  await page.locator('#setting_notice_Notice').fill(notice);
  await page.locator('form#setting_notice button[type="submit"]').click();
  await expect(toast(page)).toContainText('Saved');

  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Announcement' });
  await expect(dialog).toContainText(notice);
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await page.reload();
  await expect(dialog).toContainText(notice);
  await dialog.getByRole('button', { name: 'Do not show this again' }).click();
  await page.reload();
  await expect(page.getByTestId('footer')).toBeVisible();
  await expect(dialog).toHaveCount(0);
});
