import type { Page } from '@playwright/test';
import type { UserView } from '@relaygate/contract';
import { MOCK_CLIENTS } from '../server/test/support/mock-oauth.ts';
import { oauthUrl } from './support/constants.ts';
import { apiGet, uniqueSuffix } from './support/console-api.ts';
import { registerUser, setOptionsAsRoot, withRoot } from './support/root.ts';
import { englishPagesWithoutErrors, expectSignedIn } from './support/session.ts';
import { expect, test } from './support/test.ts';

/**
 * Third-party sign-in as a person does it, against the mock GitHub (server/test/support/mock-oauth.ts):
 * the login page's button, the provider's consent page sending the browser back to /oauth/github,
 * and binding from /personal.
 */

englishPagesWithoutErrors();

let nextGitHubId = Date.now() % 1_000_000_000;

/** Who "consents" at the mock GitHub's authorize page next. */
async function consentAs(page: Page, login: string): Promise<number> {
  const id = nextGitHubId++;
  const answer = await page.request.post(`${oauthUrl()}/mock/authorize-as/github`, {
    data: { id, login, name: `${login} on GitHub` },
  });
  expect(answer.ok()).toBe(true);
  return id;
}

test.beforeAll(async ({ browser }) => {
  await setOptionsAsRoot(browser, {
    GitHubClientId: MOCK_CLIENTS.github.id,
    GitHubClientSecret: MOCK_CLIENTS.github.secret,
    GitHubOAuthEnabled: 'true',
  });
});

test.afterAll(async ({ browser }) => {
  // The other specs see the login page without a GitHub button, as before.
  await setOptionsAsRoot(browser, { GitHubOAuthEnabled: 'false' });
});

test('signing in with GitHub creates the account and lands on the token page', async ({ page }) => {
  const login = `gh${uniqueSuffix()}`;
  const githubId = await consentAs(page, login);
  await page.goto('/login');
  await page.getByRole('button', { name: 'GitHub' }).click();
  await expect(page).toHaveURL(/\/token$/);
  await expectSignedIn(page);

  const self = await apiGet<UserView>(page, '/api/user/self');
  expect(self.data).toMatchObject({ username: login, github_id: String(githubId) });
  await page.goto('/personal');
  await expect(page.getByTestId('binding-github')).toContainText(String(githubId));
});

test('a signed-in user binds GitHub from the personal page', async ({ page }) => {
  const username = `gb${uniqueSuffix()}`;
  await registerUser(page, username, 'password123');
  await page.goto('/login');
  await page.locator('#login_username').fill(username);
  await page.locator('#login_password').fill('password123');
  await page.locator('form#login button[type="submit"]').click();
  await expect(page).toHaveURL(/\/token$/);

  const githubId = await consentAs(page, `other${uniqueSuffix()}`);
  await page.goto('/personal');
  const row = page.getByTestId('binding-github');
  await expect(row).toContainText('Not bound');
  await row.getByRole('button', { name: 'Bind' }).click();
  await expect(page).toHaveURL(/\/personal$/);
  await expect(page.getByTestId('binding-github')).toContainText(String(githubId));
  expect((await apiGet<UserView>(page, '/api/user/self')).data.username).toBe(username);
});

test('root removes a GitHub binding in the user drawer; that GitHub account then makes a new user', async ({
  page,
  browser,
}) => {
  const login = `gu${uniqueSuffix()}`;
  const githubId = await consentAs(page, login);
  await page.goto('/login');
  await page.getByRole('button', { name: 'GitHub' }).click();
  await expect(page).toHaveURL(/\/token$/);
  const first = (await apiGet<UserView>(page, '/api/user/self')).data;

  await withRoot(browser, async (admin) => {
    await admin.goto('/user');
    await admin.locator('#searchUser_keyword').fill(login);
    await admin.locator('form#searchUser').getByRole('button', { name: 'Search' }).click();
    const row = admin.locator('.ant-table-row', { hasText: login });
    await row.getByRole('button', { name: 'Edit' }).click();
    await expect(admin.locator('#editUser_github_id')).toHaveValue(String(githubId));
    await admin.getByTestId('unbind-github_id').click();
    await admin.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
    await expect(admin.locator('#editUser_github_id')).toHaveValue('');
    const after = await apiGet<UserView>(admin, `/api/user/${first.id}`);
    expect(after.data.github_id).toBe('');
  });

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.removeItem('user'));
  await page.goto('/login');
  await page.getByRole('button', { name: 'GitHub' }).click();
  await expect(page).toHaveURL(/\/token$/);
  const second = (await apiGet<UserView>(page, '/api/user/self')).data;
  expect(second.id).not.toBe(first.id);
  expect(second.github_id).toBe(String(githubId));
});
