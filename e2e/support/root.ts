import { expect, type Browser, type Page } from '@playwright/test';
import type { OptionItem } from '@relaygate/contract';
import { NEW_ROOT_PASSWORD, ROOT_USERNAME, gatewayUrl } from './constants.ts';
import { apiCall, apiGet, useEnglish } from './console-api.ts';
import { collectPageErrors, signIn } from './session.ts';

/**
 * Runs `work` as root in an English page of its own, so the test's page keeps its own session;
 * that page too must end without a page error.
 */
export async function withRoot<T>(browser: Browser, work: (admin: Page) => Promise<T>): Promise<T> {
  const admin = await browser.newPage({ baseURL: gatewayUrl() });
  const errors = collectPageErrors(admin);
  try {
    await useEnglish(admin);
    await signIn(admin, ROOT_USERNAME, NEW_ROOT_PASSWORD);
    const result = await work(admin);
    expect(errors, 'page errors on the root page').toEqual([]);
    return result;
  } finally {
    await admin.close();
  }
}

/** Saves options through the console API, one call per key as the console does; each must succeed. */
export async function setOptions(page: Page, options: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(options)) {
    const answer = await apiCall(page, 'PUT', '/api/option/', { key, value });
    expect(answer.success, `${key}: ${answer.message}`).toBe(true);
  }
}

/** Root saves options from a page of its own. */
export const setOptionsAsRoot = (browser: Browser, options: Record<string, string>) =>
  withRoot(browser, (admin) => setOptions(admin, options));

/** The current values of some options (root), to put them back after a test changed them. */
export async function optionValues(page: Page, keys: string[]): Promise<Record<string, string>> {
  const answer = await apiGet<OptionItem[]>(page, '/api/option/');
  expect(answer.success, answer.message).toBe(true);
  return Object.fromEntries(
    answer.data.filter((item) => keys.includes(item.key)).map((o) => [o.key, o.value]),
  );
}

/**
 * Registers a user through the public API, as the register form does, and answers their id (from
 * signing in through the API, which also leaves `page`'s context signed in as them).
 */
export async function registerUser(page: Page, username: string, password: string): Promise<number> {
  const registered = await page.request.post('/api/user/register', { data: { username, password } });
  expect((await registered.json()).success, `register ${username}`).toBe(true);
  const login = await page.request.post('/api/user/login', { data: { username, password } });
  const { success, data } = (await login.json()) as { success: boolean; data: { id: number } };
  expect(success, `sign in ${username}`).toBe(true);
  return data.id;
}

/** Root sets a user's balance (in quota units). */
export async function setUserQuota(admin: Page, id: number, quota: number): Promise<void> {
  const updated = await apiCall(admin, 'PUT', '/api/user/', { id, quota });
  expect(updated.success, updated.message).toBe(true);
}
