import type { Page } from '@playwright/test';
import { useEnglish } from './console-api.ts';
import { expect, test } from './test.ts';

/** Signs in through the login form, as a person does, and waits to land on /token unless told not to. */
export async function signIn(
  page: Page,
  username: string,
  password: string,
  waitForLanding = true,
): Promise<void> {
  await page.goto('/login');
  await page.locator('#login_username').fill(username);
  await page.locator('#login_password').fill(password);
  await page.locator('form#login button[type="submit"]').click();
  if (waitForLanding) await expect(page).toHaveURL(/\/token$/);
}

/** Collects uncaught page errors and errors logged to the console; a spec asserts the list is empty at the end. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: console: ${message.text()}`);
  });
  return errors;
}

export async function expectSignedIn(page: Page): Promise<void> {
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

/**
 * Every test of the calling spec file starts its page in English and must end without a page error;
 * a test that provokes one on purpose (a refused request the browser logs) allows it with `allow`.
 */
export function englishPagesWithoutErrors(): { allow: (pattern: RegExp) => void } {
  let errors: string[] = [];
  let allowed: RegExp[] = [];
  test.beforeEach(async ({ page }) => {
    errors = collectPageErrors(page);
    allowed = [];
    await useEnglish(page);
  });
  test.afterEach(() => {
    expect(errors.filter((error) => !allowed.some((pattern) => pattern.test(error)))).toEqual([]);
  });
  return { allow: (pattern) => void allowed.push(pattern) };
}
