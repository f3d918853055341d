import type { LogView, Page as Paged, TokenView } from '@relaygate/contract';
import { MockMidjourney, mjRecording, recordedTask } from '../server/test/support/mock-midjourney.ts';
import { apiCall, apiGet, uniqueSuffix } from './support/console-api.ts';
import { gatewayUrl } from './support/constants.ts';
import { registerUser, setUserQuota, withRoot } from './support/root.ts';
import { keepScreenshot } from './support/screenshots.ts';
import { englishPagesWithoutErrors, signIn } from './support/session.ts';
import { expect, test } from './support/test.ts';

/**
 * The task screens with real tasks (issue #28): a drawing submitted through the gateway's /mj
 * routes to a midjourney-proxy on loopback (answering the recorded bodies), moved by the gateway's
 * own poller (every half second in the e2e gateway), shown in the drawing log as it goes, and
 * charged once in the usage log.
 */
const PASSWORD = 'e2e-tasks-pass';
/** A 1×1 PNG: the finished drawing's image, served by the mock so the preview loads offline. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=',
  'base64',
);

englishPagesWithoutErrors();

let mj: MockMidjourney;
test.beforeAll(async () => {
  mj = await new MockMidjourney().start();
  mj.upstream.reply('/pixel.png', { bytes: [PIXEL], headers: { 'content-type': 'image/png' } });
});
test.afterAll(async () => {
  await mj?.stop();
});

test('a drawing submitted through /mj shows in the drawing log in progress, then done with its image, charged once', async ({
  page,
  browser,
}) => {
  const s = uniqueSuffix();
  const username = `t${s}`;
  const userId = await registerUser(page, username, PASSWORD);
  // The recorded submission, answering an id of this test's own so reruns never meet an old task.
  const taskId = String(Date.now());
  mj.submits('/mj/submit/imagine', {
    json: {
      ...mjRecording<Record<string, unknown>>('submit-imagine.code1-success.live-dmxapi.json'),
      result: taskId,
    },
  });
  mj.task(taskId, recordedTask('task-fetch.in-progress-65.doc-octopusx.json', taskId));
  await withRoot(browser, async (admin) => {
    await setUserQuota(admin, userId, 5_000_000);
    const channel = await apiCall(admin, 'POST', '/api/channel/', {
      type: 2,
      name: `e2e-mj-${s}`,
      key: 'mj-upstream-secret',
      base_url: mj.url,
      models: 'mj_imagine',
      group: 'default',
    });
    expect(channel.success, channel.message).toBe(true);
  });

  await signIn(page, username, PASSWORD);
  const created = await apiCall<TokenView[]>(page, 'POST', '/api/token/', {
    name: 'draw',
    unlimited_quota: true,
  });
  expect(created.success, created.message).toBe(true);
  const submitted = await fetch(`${gatewayUrl()}/mj/submit/imagine`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'mj-api-secret': `sk-${created.data[0]!.key}` },
    body: JSON.stringify({ prompt: `a fox ${s}` }),
  });
  expect(await submitted.json()).toMatchObject({ code: 1, result: taskId });

  const row = page.locator('.ant-table-row', { hasText: taskId });
  await page.goto('/midjourney');
  // The poller has asked the proxy: 65 % and in progress (a search reads what the row says now).
  const searchAgain = () => page.locator('form#taskFilter button[type="submit"]').click();
  await expect(async () => {
    await searchAgain();
    await expect(row).toContainText('65%', { timeout: 2000 });
  }).toPass();
  await expect(row).toContainText('In progress');
  await keepScreenshot(page, 'drawing-in-progress');

  const done = { ...recordedTask('task-fetch.success-imagine.live-dmxapi.json', taskId) };
  mj.task(taskId, { ...done, imageUrl: `${mj.url}/pixel.png` });
  await expect(async () => {
    await searchAgain();
    await expect(row).toContainText('Succeeded', { timeout: 2000 });
  }).toPass();
  // A full bar, drawn with antd's check mark instead of the number.
  await expect(row.locator('.ant-progress-status-success')).toHaveCount(1);
  // The preview comes through the gateway's image proxy, which fetches it from the channel.
  await expect(row.locator('img')).toHaveAttribute('src', `/mj/image/${taskId}`);
  await expect
    .poll(() => row.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(1);
  await keepScreenshot(page, 'drawing-done');

  // Charged once, at submit, with its log row; the poll that finished it charged nothing more.
  const logs = await apiGet<Paged<LogView>>(page, '/api/log/self/?p=1&page_size=10&type=2');
  expect(logs.data.items.map((log) => log.model_name)).toEqual(['mj_imagine']);
  const self = await apiGet<{ quota: number; used_quota: number }>(page, '/api/user/self');
  expect(self.data.used_quota).toBe(logs.data.items[0]!.quota);
  expect(self.data.quota + self.data.used_quota).toBe(5_000_000);
  await page.goto('/log');
  await expect(page.locator('.ant-table-row', { hasText: 'mj_imagine' })).toHaveCount(1);
});
