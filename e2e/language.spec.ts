import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { collectPageErrors } from './support/session.ts';

/** The console's language as a returning visitor has it stored (`i18nextLng`), set before the page loads. */
async function openLoginIn(page: Page, language: 'zh' | 'en'): Promise<void> {
  await page.addInitScript((stored) => localStorage.setItem('i18nextLng', stored), language);
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** Submits the login form with a password that is wrong (for a user that does not exist, so no account is held). */
async function tryWrongPassword(page: Page): Promise<void> {
  await page.locator('#login_username').fill('e2e-nobody');
  await page.locator('#login_password').fill('not-the-password');
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/user/login'));
  await page.locator('form#login button[type="submit"]').click();
  await answer;
}

const toast = (page: Page) => page.locator('.ant-message-notice').last();

test.describe("server messages in the console's language", () => {
  test('a wrong password on the Chinese login page is refused in Chinese', async ({ page }) => {
    const errors = collectPageErrors(page);
    await openLoginIn(page, 'zh');
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/user/login'));
    await tryWrongPassword(page);
    expect((await sent).headers()['accept-language']).toBe('zh');
    await expect(toast(page)).toHaveText('用户名或密码错误，或该用户已被封禁');
    await expect(page).toHaveURL(/\/login/);
    expect(errors).toEqual([]);
  });

  test('the same refusal on the English login page is in English', async ({ page }) => {
    const errors = collectPageErrors(page);
    await openLoginIn(page, 'en');
    await tryWrongPassword(page);
    await expect(toast(page)).toHaveText('wrong username or password, or the user has been banned');
    expect(errors).toEqual([]);
  });
});
