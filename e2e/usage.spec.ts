import type { Locator, Page } from '@playwright/test';
import type { LogView, Page as Paged, TokenView } from '@relaygate/contract';
import OpenAI from 'openai';
import { expect, test } from './support/test.ts';
import { MODEL, gatewayUrl } from './support/constants.ts';
import { apiCall, apiGet, uniqueSuffix } from './support/console-api.ts';
import { insertDrawings, insertTasks } from './support/gateway-db.ts';
import { optionValues, registerUser, setOptions, setUserQuota, withRoot } from './support/root.ts';
import { keepScreenshot } from './support/screenshots.ts';
import { englishPagesWithoutErrors, signIn } from './support/session.ts';

/**
 * The usage screens against what the test itself did: the dashboard's cards count the calls made
 * with a fresh user's token as soon as it is opened, and the drawing and task logs show rows
 * inserted into the gateway's database, narrowed by their filters, each user seeing their own.
 */
const PASSWORD = 'e2e-usage-pass';
const ROOT_ID = 1;
const DAY_MS = 86_400_000;
/** A 1×1 PNG, so the drawing's image preview loads without any network. */
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=';

englishPagesWithoutErrors();

/** What an antd Statistic shows for a whole number: digits grouped by thousands. */
const shown = (value: number) => value.toLocaleString('en-US');
const statistic = (page: Page, key: string) =>
  page.getByTestId(`dashboard-${key}`).locator('.ant-statistic-content');

test('the dashboard shows the calls the test made and the quota they were charged', async ({
  page,
  browser,
}) => {
  const CALLS = 3;
  const username = `d${uniqueSuffix()}`;
  const userId = await registerUser(page, username, PASSWORD);
  const changed = ['DataExportEnabled', 'DisplayInCurrencyEnabled'];
  const before = await withRoot(browser, async (admin) => {
    const values = await optionValues(admin, changed);
    // Raw units, so the cards show the exact quota rather than a rounded dollar amount.
    await setOptions(admin, {
      DataExportEnabled: 'true',
      DisplayInCurrencyEnabled: 'false',
    });
    await setUserQuota(admin, userId, 5_000_000);
    return values;
  });

  try {
    await signIn(page, username, PASSWORD);
    // A new user's period has no calls: the charts say so instead of drawing empty axes.
    await page.goto('/detail');
    await expect(page.getByTestId('chart-quota-empty')).toContainText('No calls in the chosen period');
    await expect(page.getByTestId('chart-quota')).toHaveCount(0);
    const created = await apiCall<TokenView[]>(page, 'POST', '/api/token/', {
      name: 'dash',
      unlimited_quota: true,
    });
    expect(created.success, created.message).toBe(true);
    const client = new OpenAI({
      apiKey: `sk-${created.data[0]!.key}`,
      baseURL: `${gatewayUrl()}/v1`,
      maxRetries: 0,
    });
    for (let call = 0; call < CALLS; call++) {
      await client.chat.completions.create({
        model: MODEL,
        messages: [{ role: 'user', content: `Call ${call}` }],
      });
    }

    // What the calls were charged, from their log rows (settled in batches just after each answer).
    let rows: LogView[] = [];
    await expect
      .poll(async () => {
        rows = (await apiGet<Paged<LogView>>(page, '/api/log/self/?p=1&page_size=100&type=2')).data.items;
        return rows.length;
      })
      .toBe(CALLS);
    const charged = rows.reduce((sum, row) => sum + row.quota, 0);
    const tokens = rows.reduce((sum, row) => sum + row.prompt_tokens + row.completion_tokens, 0);
    expect(charged).toBeGreaterThan(0);
    // Below 10 000 units the raw display is the exact number (above, it is shortened to "12.3k").
    expect(charged).toBeLessThan(10_000);

    // Opening the dashboard writes the roll-up counted so far: no wait for the timed flush.
    await page.goto('/detail');
    await expect(statistic(page, 'requests')).toHaveText(shown(CALLS));
    await expect(page.getByTestId('chart-quota')).toBeVisible();
    await expect(page.getByTestId('chart-quota-empty')).toHaveCount(0);
    await expect(statistic(page, 'used')).toHaveText(shown(charged));
    await expect(statistic(page, 'period-calls')).toHaveText(shown(CALLS));
    await expect(statistic(page, 'period-quota')).toHaveText(shown(charged));
    await expect(statistic(page, 'period-tokens')).toHaveText(shown(tokens));
    await keepScreenshot(page, 'dashboard-counted');

    await withRoot(browser, async (admin) => {
      await admin.goto('/detail');
      const byName = admin.getByPlaceholder('Username');
      await byName.fill(username);
      await byName.press('Enter');
      await expect(statistic(admin, 'period-calls')).toHaveText(shown(CALLS));
      await expect(statistic(admin, 'period-quota')).toHaveText(shown(charged));
    });
  } finally {
    await withRoot(browser, (admin) => setOptions(admin, before));
  }
});

/** The rows among `ids` the table shows, checked one by one (each id is unique to this run). */
async function expectRows(page: Page, shownIds: string[], hiddenIds: string[]): Promise<void> {
  for (const id of shownIds) await expect(page.locator('.ant-table-row', { hasText: id })).toHaveCount(1);
  for (const id of hiddenIds) await expect(page.locator('.ant-table-row', { hasText: id })).toHaveCount(0);
}

async function search(page: Page, field: 'task_id' | 'channel_id', value: string): Promise<void> {
  await page.locator(`#taskFilter_${field}`).fill(value);
  await page.locator('form#taskFilter button[type="submit"]').click();
}

const row = (page: Page, id: string): Locator => page.locator('.ant-table-row', { hasText: id });

test('the drawing log shows inserted drawings; the id and channel filters narrow them', async ({
  page,
  browser,
}) => {
  const s = uniqueSuffix();
  const username = `m${s}`;
  const userId = await registerUser(page, username, PASSWORD);
  const now = Date.now();
  const [fox, owl, old, others] = [`mj-${s}-fox`, `mj-${s}-owl`, `mj-${s}-old`, `mj-${s}-root`];
  const drawing = (
    mj_id: string,
    user_id: number,
    channel_id: number,
    submitted: number,
    seconds: number,
  ) => ({
    mj_id,
    user_id,
    channel_id,
    action: 'IMAGINE',
    status: 'SUCCESS',
    progress: '100%',
    prompt: `a drawing ${mj_id}`,
    image_url: PIXEL,
    submit_time: submitted,
    finish_time: submitted + seconds * 1000,
  });
  await insertDrawings([
    drawing(fox, userId, 9101, now - 3_600_000, 90),
    {
      ...drawing(owl, userId, 9102, now - 2 * DAY_MS, 20),
      status: 'FAILURE',
      fail_reason: `banned prompt ${s}`,
    },
    drawing(old, userId, 9101, now - 40 * DAY_MS, 30),
    drawing(others, ROOT_ID, 9101, now - 600_000, 10),
  ]);

  await signIn(page, username, PASSWORD);
  await page.goto('/midjourney');
  // Their own drawings of the last 30 days (the default range), never another user's.
  await expectRows(page, [fox, owl], [old, others]);
  await keepScreenshot(page, 'drawings-own');
  await expect(row(page, fox)).toContainText('Succeeded');
  await expect(row(page, fox).locator('.ant-tag', { hasText: '90 s' })).toHaveClass(/red/);
  await expect(row(page, owl)).toContainText('Failed');
  await expect(row(page, owl).locator('.ant-tag', { hasText: '20 s' })).not.toHaveClass(/red/);
  await row(page, owl)
    .getByRole('button', { name: `banned prompt ${s}` })
    .click();
  await expect(page.locator('.ant-modal').getByText(`banned prompt ${s}`)).toBeVisible();
  await page.keyboard.press('Escape');

  await search(page, 'task_id', owl);
  await expectRows(page, [owl], [fox]);
  await page.getByRole('button', { name: 'Reset' }).click();
  await expectRows(page, [fox, owl], [old, others]);

  await withRoot(browser, async (admin) => {
    await admin.goto('/midjourney');
    await expectRows(admin, [fox, owl, others], [old]);
    await search(admin, 'channel_id', '9101');
    await expectRows(admin, [fox, others], [owl, old]);
  });
});

test('the task log shows inserted tasks; the id and channel filters narrow them', async ({
  page,
  browser,
}) => {
  const s = uniqueSuffix();
  const username = `k${s}`;
  const userId = await registerUser(page, username, PASSWORD);
  const now = Math.floor(Date.now() / 1000);
  const [song, lyrics, old, others] = [
    `task-${s}-song`,
    `task-${s}-lyrics`,
    `task-${s}-old`,
    `task-${s}-root`,
  ];
  const task = (
    task_id: string,
    user_id: number,
    channel_id: number,
    submitted: number,
    seconds: number,
  ) => ({
    task_id,
    user_id,
    channel_id,
    created_at: submitted,
    platform: 'suno',
    action: 'MUSIC',
    status: 'SUCCESS',
    progress: '100%',
    submit_time: submitted,
    finish_time: submitted + seconds,
  });
  await insertTasks([
    task(song, userId, 9201, now - 3600, 120),
    {
      ...task(lyrics, userId, 9202, now - 7200, 15),
      action: 'LYRICS',
      status: 'FAILURE',
      fail_reason: `refused ${s}`,
    },
    task(old, userId, 9201, now - 40 * 86_400, 30),
    task(others, ROOT_ID, 9201, now - 600, 10),
  ]);

  await signIn(page, username, PASSWORD);
  await page.goto('/task');
  await expectRows(page, [song, lyrics], [old, others]);
  await keepScreenshot(page, 'tasks-own');
  await expect(row(page, song)).toContainText('Succeeded');
  await expect(row(page, song).locator('.ant-tag', { hasText: '120 s' })).toHaveClass(/red/);
  await expect(row(page, lyrics)).toContainText('Failed');
  await expect(row(page, lyrics)).toContainText(`refused ${s}`);

  await search(page, 'task_id', song);
  await expectRows(page, [song], [lyrics]);

  await withRoot(browser, async (admin) => {
    await admin.goto('/task');
    await expectRows(admin, [song, lyrics, others], [old]);
    await search(admin, 'channel_id', '9202');
    await expectRows(admin, [lyrics], [song, others, old]);
  });
});
