import type { Page } from '@playwright/test';
import type { TokenView } from '@relaygate/contract';
import { expect, test } from './support/test.ts';
import { gatewayUrl } from './support/constants.ts';
import { apiCall, uniqueSuffix } from './support/console-api.ts';
import { optionValues, registerUser, setOptions, withRoot } from './support/root.ts';
import { keepScreenshot } from './support/screenshots.ts';
import { englishPagesWithoutErrors, signIn } from './support/session.ts';

/**
 * Chat links (spec 001 §2, §8): the `Chats` option's entries in the side menu, /chat/{index} in a
 * frame and /chat2link opened with the user's first enabled token, the warning and the way to the
 * token page without one, the catalogue's messages for chats that cannot be opened; and the top
 * bar's 1 January item.
 */
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'e2e-chat-pass';
const CHAT_HOST = 'https://chat.e2e.test';
const CHATS = [
  { 'E2E Web': `${CHAT_HOST}/web/?key={key}&url={address}` },
  { 'E2E Next': `${CHAT_HOST}/next/#/?settings={"key":"{key}","url":"{address}"}` },
];
const CHAT_PAGE = '<!doctype html><title>chat</title><p>E2E chat client</p>';

let saved: Record<string, string> = {};

test.beforeAll(async ({ browser }) => {
  saved = await withRoot(browser, async (admin) => {
    const values = await optionValues(admin, ['Chats', 'ServerAddress']);
    await setOptions(admin, { Chats: JSON.stringify(CHATS), ServerAddress: gatewayUrl() });
    return values;
  });
});
test.afterAll(async ({ browser }) => {
  await withRoot(browser, (admin) => setOptions(admin, saved));
});

englishPagesWithoutErrors();
test.beforeEach(async ({ page }) => {
  // The chat clients are stand-ins served by the test, wherever the frame or the window opens them.
  await page.route(`${CHAT_HOST}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: CHAT_PAGE }),
  );
});

async function createToken(page: Page, name: string): Promise<TokenView> {
  const answer = await apiCall<TokenView[]>(page, 'POST', '/api/token/', { name, unlimited_quota: true });
  expect(answer.success, answer.message).toBe(true);
  return answer.data[0]!;
}

async function disableToken(page: Page, token: TokenView): Promise<void> {
  const answer = await apiCall(page, 'PUT', '/api/token/?status_only=true', { id: token.id, status: 2 });
  expect(answer.success, answer.message).toBe(true);
}

/** A new user, signed in on `page`, with the given tokens (created in order, so the last is listed first). */
async function signInNewUser(
  page: Page,
  prefix: string,
  tokens: { name: string; enabled: boolean }[],
): Promise<TokenView[]> {
  const username = `${prefix}${uniqueSuffix()}`;
  await registerUser(page, username, PASSWORD);
  await signIn(page, username, PASSWORD);
  const made: TokenView[] = [];
  for (const spec of tokens) {
    const token = await createToken(page, spec.name);
    if (!spec.enabled) await disableToken(page, token);
    made.push(token);
  }
  return made;
}

test("a saved chat opens in a frame filling the page, with the user's first enabled token", async ({
  page,
}) => {
  // The newest token comes first in the list but is disabled: the older, enabled one is used.
  const [enabled] = await signInNewUser(page, 'ct', [
    { name: 'chat-on', enabled: true },
    { name: 'chat-off', enabled: false },
  ]);
  const key = `sk-${enabled!.key}`;
  const address = encodeURIComponent(gatewayUrl());

  await test.step('the side menu lists one item per saved chat; the chat pages hide it', async () => {
    await page.goto('/token');
    await page.getByRole('menuitem', { name: 'Chat' }).click();
    await page.getByRole('menuitem', { name: 'E2E Next' }).click();
    await expect(page).toHaveURL(/\/chat\/1$/);
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
  });

  await test.step('the frame holds the link with the key and the server address put in', async () => {
    const frame = page.getByTestId('chat-frame');
    await expect(frame).toHaveAttribute(
      'src',
      `${CHAT_HOST}/next/#/?settings={"key":"${key}","url":"${address}"}`,
    );
    await expect(page.frameLocator('[data-testid="chat-frame"]').getByText('E2E chat client')).toBeVisible();
    await keepScreenshot(page, 'chat-frame');
    // It fills the window below the top bar, and the page itself does not scroll.
    const box = (await frame.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.width).toBe(viewport.width);
    expect(Math.round(box.y + box.height)).toBe(viewport.height);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(viewport.height);
  });

  await test.step('/chat/0 opens the first chat', async () => {
    await page.goto('/chat/0');
    await expect(page.getByTestId('chat-frame')).toHaveAttribute(
      'src',
      `${CHAT_HOST}/web/?key=${key}&url=${address}`,
    );
  });

  await test.step('on a phone the frame fills the screen too, and nothing is wider than it', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const frame = page.getByTestId('chat-frame');
    await expect(frame).toBeVisible();
    expect((await frame.boundingBox())!.width).toBe(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await keepScreenshot(page, 'chat-frame-phone');
    await page.setViewportSize({ width: 1366, height: 860 });
  });

  await test.step('an index no chat has asks for the admin', async () => {
    await page.goto('/chat/7');
    await expect(page.getByTestId('chat-problem')).toContainText(
      'Please ask the admin to configure chat links',
    );
    await expect(page.getByTestId('chat-frame')).toHaveCount(0);
  });

  await test.step('/chat2link opens the first chat in place of the console', async () => {
    await page.goto('/chat2link');
    await expect(page).toHaveURL(`${CHAT_HOST}/web/?key=${key}&url=${address}`);
    await expect(page.getByText('E2E chat client')).toBeVisible();
  });
});

test('a user without an enabled token is warned and sent to the token page', async ({ page }) => {
  await signInNewUser(page, 'cn', [{ name: 'chat-off', enabled: false }]);
  for (const path of ['/chat/0', '/chat2link']) {
    await page.goto(path);
    await expect(page.getByTestId('chat-no-token')).toContainText('No enabled token is available');
    await keepScreenshot(page, `chat-no-token${path.replaceAll('/', '-')}`);
    await expect(page).toHaveURL(/\/token$/);
  }
});

test('a chat that cannot be opened says why', async ({ page, browser }) => {
  await signInNewUser(page, 'cb', [{ name: 'chat-on', enabled: true }]);
  await withRoot(browser, async (admin) => {
    await test.step('a link that is not a web address is a configuration error, never run', async () => {
      await setOptions(admin, { Chats: JSON.stringify([{ Broken: 'javascript:alert("{key}")' }]) });
      await page.goto('/chat/0');
      await expect(page.getByTestId('chat-problem')).toContainText('The chat link is misconfigured');
      await keepScreenshot(page, 'chat-misconfigured');
      await expect(page.getByTestId('chat-frame')).toHaveCount(0);
    });

    await test.step('without saved chats the menu has no chat item and the launch asks for the admin', async () => {
      await setOptions(admin, { Chats: '[]' });
      await page.goto('/token');
      await expect(page.getByRole('menuitem', { name: 'Usage logs' })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: 'Chat' })).toHaveCount(0);
      await page.goto('/chat2link');
      await expect(page.getByTestId('chat-problem')).toContainText(
        'Please ask the admin to configure chat links',
      );
    });
  });
});

test('on 1 January the top bar has a festive item: fireworks for 3 s, then a reload 10 s later', async ({
  page,
}) => {
  await signInNewUser(page, 'cf', []);
  await page.clock.install({ time: new Date(2027, 0, 2, 10, 0) });
  await page.goto('/token');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.getByTestId('festive-menu')).toHaveCount(0);

  await page.clock.setSystemTime(new Date(2028, 0, 1, 10, 0));
  await page.reload();
  await page.getByTestId('festive-menu').hover();
  await page.getByRole('menuitem', { name: 'Happy New Year!' }).click();
  const fireworks = page.getByTestId('fireworks');
  await expect(fireworks).toBeAttached();
  await page.clock.fastForward(3000);
  await expect(fireworks).toHaveCount(0);
  const reloaded = page.waitForEvent('load');
  await page.clock.fastForward(10_000);
  await reloaded;
  await expect(page.getByTestId('festive-menu')).toBeVisible();
});
