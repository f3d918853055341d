import type { Response } from '@playwright/test';
import { expect, test } from './support/test.ts';
import type { LogView, Page as Paged } from '@relaygate/contract';
import OpenAI from 'openai';
import {
  CHANNEL_NAME,
  DEFAULT_ROOT_PASSWORD,
  MODEL,
  NEW_ROOT_PASSWORD,
  ROOT_USERNAME,
  TOKEN_NAME,
  gatewayUrl,
  upstreamUrl,
} from './support/constants.ts';
import { apiGet } from './support/console-api.ts';
import { collectPageErrors, expectSignedIn, signIn } from './support/session.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/**
 * A person's first hour with the console: sign in as root, replace the default password, add a
 * channel and a token through the forms, call the gateway with that token, find the call in the log,
 * then switch to English and the dark theme and see both survive a reload.
 */
test('root sets up a channel and a token, calls the gateway and finds the call in the log', async ({
  page,
}) => {
  // A whole first hour in one test: more steps than the default timeout is meant for.
  test.slow();
  const errors = collectPageErrors(page);

  await test.step('sign in with the default password and change it', async () => {
    // The screen behind the dialog asks for nothing the server would refuse (each would show an error).
    const refusedWhileHeld: string[] = [];
    const noteRefusal = async (response: Response) => {
      if (!response.url().includes('/api/')) return;
      const body = (await response.json().catch(() => null)) as {
        success?: boolean;
        message?: string;
      } | null;
      if (body?.success === false && /still the default|仍是默认密码/.test(body.message ?? ''))
        refusedWhileHeld.push(new URL(response.url()).pathname);
    };
    page.on('response', noteRefusal);
    // The default password holds the user in a dialog that cannot be closed until it is changed.
    await signIn(page, ROOT_USERNAME, DEFAULT_ROOT_PASSWORD, false);
    const dialog = page.locator('form#password');
    await expect(dialog).toBeVisible();
    // Neither a reload nor another screen skips it: the server says so on every load.
    await page.goto('/channel');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await page.locator('#password_password').fill(NEW_ROOT_PASSWORD);
    await page.locator('#password_password2').fill(NEW_ROOT_PASSWORD);
    await dialog.locator('button[type="submit"]').click();
    await expect(dialog).toBeHidden();
    await expectSignedIn(page);
    page.off('response', noteRefusal);
    expect(refusedWhileHeld).toEqual([]);
  });

  await test.step('the old password no longer works', async () => {
    const answer = await page.request.post('/api/user/login', {
      data: { username: ROOT_USERNAME, password: DEFAULT_ROOT_PASSWORD },
    });
    expect((await answer.json()).success).toBe(false);
  });

  await test.step('create an OpenAI channel through the drawer', async () => {
    await page.goto('/channel');
    await page.getByTestId('channel-add').click();
    const form = page.locator('form#channel');
    await expect(form).toBeVisible();
    await page.locator('#channel_name').fill(CHANNEL_NAME);
    await page.locator('#channel_key').fill('sk-e2e-upstream-key');
    await page.locator('#channel_base_url').fill(upstreamUrl());
    await page.locator('#channel_models').fill(MODEL);
    await page.locator('#channel_models').press('Enter');
    await page.locator('button[type="submit"][form="channel"]').click();
    await expect(page.locator('.ant-table-row', { hasText: CHANNEL_NAME })).toBeVisible();
  });

  let key = '';
  await test.step('create a token through the drawer and copy its key', async () => {
    await page.goto('/token');
    await page.getByTestId('token-add').click();
    await expect(page.locator('form#token')).toBeVisible();
    await page.locator('#token_name').fill(TOKEN_NAME);
    await page.locator('#token_unlimited_quota').click();
    // A per-key limit, far above this journey's calls: the list shows it (the console is in Chinese here).
    await page.locator('#token_rpm_limit').fill('600');
    await page.getByTestId('token-submit').click();
    // A new key opens its "how to call" guide (finish.spec.ts looks inside); the list is behind it.
    await page.getByTestId('call-guide-done').click();
    const row = page.locator('.ant-table-row', { hasText: TOKEN_NAME });
    await expect(row).toBeVisible();
    await expect(row).toContainText('600 次/分');
    await row.getByTestId('token-copy').click();
    key = await page.evaluate(() => navigator.clipboard.readText());
    expect(key).toMatch(/^sk-[A-Za-z0-9]{48}$/);
  });

  let quota = 0;
  await test.step('call /v1/chat/completions with that token', async () => {
    const client = new OpenAI({ apiKey: key, baseURL: `${gatewayUrl()}/v1`, maxRetries: 0 });
    const completion = await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'Invent a holiday.' }],
    });
    expect(completion.choices[0]?.message.content).toContain('Galaxy Day');
    // Settlement and the log row are written in batches just after the answer.
    await expect
      .poll(async () => {
        const answer = await apiGet<Paged<LogView>>(page, '/api/log/self/?p=1&page_size=10');
        quota = answer.data?.items.find((row) => row.model_name === MODEL)?.quota ?? 0;
        return quota;
      })
      .toBeGreaterThan(0);
  });

  await test.step('find the call in /log with its quota', async () => {
    await page.goto('/log');
    const row = page.locator('.ant-table-row', { hasText: MODEL }).first();
    await expect(row).toBeVisible();
    await expect(row).toContainText(TOKEN_NAME);
    // The default display is US dollars (500 000 units a dollar): cents from ten cents up, two
    // significant digits below, so a call of a few hundred units is not shown as $0.01.
    const dollars = quota / 500_000;
    const shown = dollars >= 0.1 ? dollars.toFixed(2) : String(Number(dollars.toPrecision(2)));
    await expect(row).toContainText(`$${shown}`);
    await expect(row).not.toContainText('$0.01');
  });

  await test.step('switch to English and the dark theme; both survive a reload', async () => {
    await page.getByTestId('language-menu').hover();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('menuitem', { name: 'Usage logs' })).toBeVisible();
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('menuitem', { name: 'Usage logs' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  expect(errors).toEqual([]);
});
