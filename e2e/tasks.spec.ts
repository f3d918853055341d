import type { Browser, Page } from '@playwright/test';
import type { LogView, Page as Paged, TokenView } from '@relaygate/contract';
import { MockMidjourney, mjRecording, recordedTask } from '../server/test/support/mock-midjourney.ts';
import { MockSuno, recordedSubmit, recordedSunoTask } from '../server/test/support/mock-suno.ts';
import { apiCall, apiGet, uniqueSuffix } from './support/console-api.ts';
import { gatewayUrl } from './support/constants.ts';
import { deleteTaskRows } from './support/gateway-db.ts';
import { registerUser, setUserQuota, withRoot } from './support/root.ts';
import { keepScreenshot } from './support/screenshots.ts';
import { englishPagesWithoutErrors, signIn } from './support/session.ts';
import { expect, test } from './support/test.ts';

/**
 * The task screens with real tasks (issue #28): a drawing submitted through the gateway's /mj
 * routes to a midjourney-proxy on loopback, and a song through /suno to a Suno API channel (both
 * answering the recorded bodies), moved by the gateway's own poller (every half second in the e2e
 * gateway), shown in the drawing and task logs as they go, and charged once in the usage log.
 */
const PASSWORD = 'e2e-tasks-pass';
const START_QUOTA = 5_000_000;
/** A 1×1 PNG: the finished drawing's image, served by the mock so the preview loads offline. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=',
  'base64',
);

englishPagesWithoutErrors();

let mj: MockMidjourney;
let suno: MockSuno;
/** The rows this spec's tasks made: removed at the end, as their mock upstreams stop. */
const made = { mjIds: [] as string[], taskIds: [] as string[] };
test.beforeAll(async () => {
  mj = await new MockMidjourney().start();
  suno = await new MockSuno().start();
  mj.upstream.reply('/pixel.png', { bytes: [PIXEL], headers: { 'content-type': 'image/png' } });
});
test.afterAll(async () => {
  await deleteTaskRows(made);
  await mj?.stop();
  await suno?.stop();
});

/**
 * A new user with 5 000 000 quota, signed in on `page`, and root's channel of `type` at `baseUrl`
 * serving `model`; answers the user's new key.
 */
async function userWithChannel(
  page: Page,
  browser: Browser,
  channel: { type: number; baseUrl: string; model: string },
): Promise<{ key: string; suffix: string }> {
  const suffix = uniqueSuffix();
  const username = `t${suffix}`;
  const userId = await registerUser(page, username, PASSWORD);
  await withRoot(browser, async (admin) => {
    await setUserQuota(admin, userId, START_QUOTA);
    const created = await apiCall(admin, 'POST', '/api/channel/', {
      type: channel.type,
      name: `e2e-task-${suffix}`,
      key: 'task-upstream-secret',
      base_url: channel.baseUrl,
      models: channel.model,
      group: 'default',
    });
    expect(created.success, created.message).toBe(true);
  });
  await signIn(page, username, PASSWORD);
  const token = await apiCall<TokenView[]>(page, 'POST', '/api/token/', {
    name: 'tasks',
    unlimited_quota: true,
  });
  expect(token.success, token.message).toBe(true);
  return { key: `sk-${token.data[0]!.key}`, suffix };
}

/** Charged once, at submit, with its log row; the polls that finished the task charged nothing more. */
async function expectChargedOnce(page: Page, model: string): Promise<void> {
  const logs = await apiGet<Paged<LogView>>(page, '/api/log/self/?p=1&page_size=10&type=2');
  expect(logs.data.items.map((log) => log.model_name)).toEqual([model]);
  const self = await apiGet<{ quota: number; used_quota: number }>(page, '/api/user/self');
  expect(self.data.used_quota).toBe(logs.data.items[0]!.quota);
  expect(self.data.quota + self.data.used_quota).toBe(START_QUOTA);
}

/** Searches the log screen again until `check` holds: the poller moves the task in the background. */
async function untilShown(page: Page, check: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.locator('form#taskFilter button[type="submit"]').click();
    await check();
  }).toPass();
}

test('a drawing submitted through /mj shows in the drawing log in progress, then done with its image, charged once', async ({
  page,
  browser,
}) => {
  const taskId = String(Date.now());
  made.mjIds.push(taskId);
  // The recorded submission, answering an id of this test's own so reruns never meet an old task.
  mj.submits('/mj/submit/imagine', {
    json: {
      ...mjRecording<Record<string, unknown>>('submit-imagine.code1-success.live-dmxapi.json'),
      result: taskId,
    },
  });
  mj.task(taskId, recordedTask('task-fetch.in-progress-65.doc-octopusx.json', taskId));
  const { key, suffix: s } = await userWithChannel(page, browser, {
    type: 2,
    baseUrl: mj.url,
    model: 'mj_imagine',
  });
  const submitted = await fetch(`${gatewayUrl()}/mj/submit/imagine`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'mj-api-secret': key },
    body: JSON.stringify({ prompt: `a fox ${s}` }),
  });
  expect(await submitted.json()).toMatchObject({ code: 1, result: taskId });

  const row = page.locator('.ant-table-row', { hasText: taskId });
  await page.goto('/midjourney');
  // The poller has asked the proxy: 65 % and in progress.
  await untilShown(page, () => expect(row).toContainText('65%', { timeout: 2000 }));
  await expect(row).toContainText('In progress');
  await keepScreenshot(page, 'drawing-in-progress');

  const done = { ...recordedTask('task-fetch.success-imagine.live-dmxapi.json', taskId) };
  mj.task(taskId, { ...done, imageUrl: `${mj.url}/pixel.png` });
  await untilShown(page, () => expect(row).toContainText('Succeeded', { timeout: 2000 }));
  // A full bar, drawn with antd's check mark instead of the number.
  await expect(row.locator('.ant-progress-status-success')).toHaveCount(1);
  // The preview comes through the gateway's image proxy, which fetches it from the channel.
  await expect(row.locator('img')).toHaveAttribute('src', `/mj/image/${taskId}`);
  await expect
    .poll(() => row.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(1);
  await keepScreenshot(page, 'drawing-done');

  await expectChargedOnce(page, 'mj_imagine');
  await page.goto('/log');
  await expect(page.locator('.ant-table-row', { hasText: 'mj_imagine' })).toHaveCount(1);
});

test('a song submitted through /suno shows in the task log in progress, then done, charged once', async ({
  page,
  browser,
}) => {
  const taskId = `song-${Date.now()}`;
  made.taskIds.push(taskId);
  suno.submits('MUSIC', { json: recordedSubmit('submit-music.success.doc-newapi.json', taskId) });
  suno.task(
    taskId,
    recordedSunoTask('fetch-batch.in-progress-streaming.doc-newapi.json', taskId, { progress: '40%' }),
  );
  const { key, suffix } = await userWithChannel(page, browser, {
    type: 36,
    baseUrl: suno.url,
    model: 'suno_music',
  });
  const submitted = await fetch(`${gatewayUrl()}/suno/submit/music`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ prompt: `a song ${suffix}`, mv: 'chirp-v3-5' }),
  });
  expect(await submitted.json()).toMatchObject({ code: 'success', data: taskId });

  const row = page.locator('.ant-table-row', { hasText: taskId });
  await page.goto('/task');
  await untilShown(page, () => expect(row).toContainText('40%', { timeout: 2000 }));
  await expect(row).toContainText('In progress');
  await expect(row).toContainText('suno');
  await keepScreenshot(page, 'song-in-progress');

  suno.task(taskId, recordedSunoTask('fetch-single.music-success-complete.live-dart_suno.json', taskId));
  await untilShown(page, () => expect(row).toContainText('Succeeded', { timeout: 2000 }));
  await expect(row.locator('.ant-progress-status-success')).toHaveCount(1);
  await keepScreenshot(page, 'song-done');
  await expectChargedOnce(page, 'suno_music');
});
