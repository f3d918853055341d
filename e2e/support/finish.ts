import type { Page } from '@playwright/test';
import { apiCall } from './console-api.ts';
import { NEW_ROOT_PASSWORD, ROOT_USERNAME } from './constants.ts';
import { collectPageErrors, signIn } from './session.ts';
import { expect, test } from './test.ts';

/** Every test of the spec that calls this fails when its page logged an error. */
export function failOnPageErrors(): void {
  let errors: string[] = [];
  test.beforeEach(async ({ page }) => {
    errors = collectPageErrors(page);
  });
  test.afterEach(() => {
    expect(errors).toEqual([]);
  });
}

/** A console API call that must succeed; answers its envelope. */
export async function succeed(page: Page, method: string, path: string, body?: unknown) {
  const answer = await apiCall(page, method, path, body);
  expect(answer.success, `${method} ${path}: ${answer.message}`).toBe(true);
  return answer;
}

export const setOption = (page: Page, key: string, value: string) =>
  succeed(page, 'PUT', '/api/option/', { key, value });

export async function signInAsRoot(page: Page) {
  await signIn(page, ROOT_USERNAME, NEW_ROOT_PASSWORD);
}

/** The channel list, searched for `keyword`. */
export async function searchChannels(page: Page, keyword: string) {
  await page.goto('/channel');
  await page.locator('#channelSearch_keyword').fill(keyword);
  await page.locator('#channelSearch_keyword').press('Enter');
}

/** A new channel (in the default group unless it names one), and the channel list searched for it. */
export async function listNewChannel(
  page: Page,
  channel: { type: number; name: string; key: string; base_url: string; models: string; group?: string },
) {
  await succeed(page, 'POST', '/api/channel/', { group: 'default', ...channel });
  await searchChannels(page, channel.name);
}
