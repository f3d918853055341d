import { LogType } from '@relaygate/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import { MockVideoVendor } from './mock-video-vendor.ts';
import { loggedOfType, walletOf } from './money.ts';
import { seedChannel, seedToken, type ChannelSeed } from './relay-seed.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { videoCalls } from './video-calls.ts';
import { waitFor } from './wait.ts';

/** The user the vendor tests charge (root), and what their wallet starts with. */
const ROOT = 1;
const START = 100_000_000;

/** What a vendor's video test runs against: the server, its caller's calls, the root user's wallet. */
export interface VendorCase {
  t: TestServer;
  /** The caller's key (root's). */
  key: string;
  call: ReturnType<typeof videoCalls>;
  wallet: () => Promise<number>;
  /** Our task row of a public id. */
  row: (id: unknown) => Promise<Record<string, unknown>>;
}

/**
 * A server polling every 50 ms, the root wallet filled, `prices` (USD a second) set, the channels
 * `seed` adds, and a key of root's to call with.
 */
async function startVendorCase(
  prices: Record<string, number>,
  seed: (t: TestServer) => Promise<unknown>,
): Promise<VendorCase> {
  const t = await startTestServer({ TASK_POLL_INTERVAL_SECONDS: '0.05' });
  const db = t.server.store.db;
  await db.updateTable('users').set({ quota: START }).where('id', '=', ROOT).execute();
  const set = t.server.settings.json<Record<string, number>>('ModelPrice');
  await t.server.settings.set('ModelPrice', JSON.stringify({ ...set, ...prices }));
  await seed(t);
  const { key } = await seedToken(t);
  return {
    t,
    key,
    call: videoCalls(
      () => t,
      () => key,
    ),
    wallet: () => walletOf(db, ROOT),
    row: (id) =>
      db.selectFrom('tasks').selectAll().where('task_id', '=', String(id)).executeTakeFirstOrThrow(),
  };
}

/**
 * The vendor case of a describe block: before its tests, one mock vendor per channel seed (the
 * channel's base URL the mock's) and the server (startVendorCase); after them, both stopped. Its
 * `c` and `mocks` are read inside the tests.
 */
export function useVendorCase(prices: Record<string, number>, seeds: Array<Omit<ChannelSeed, 'baseUrl'>>) {
  const held = {} as { c: VendorCase; mocks: MockVideoVendor[] };
  beforeAll(async () => {
    held.mocks = await Promise.all(seeds.map(() => new MockVideoVendor().start()));
    held.c = await startVendorCase(prices, async (t) => {
      for (const [i, seed] of seeds.entries()) await seedChannel(t, { ...seed, baseUrl: held.mocks[i]!.url });
    });
  });
  afterAll(async () => {
    await held.c?.t.close();
    await Promise.all((held.mocks ?? []).map((mock) => mock.stop()));
  });
  return held;
}

/**
 * The money of a vendor's refusal and failure, with its mocks already answering: the first
 * submission of `body` is refused (`refusal` in the caller's error, nothing charged), the second
 * accepted and charged `charge`, then fails upstream with `reason`, given back once with one
 * refund log row.
 */
export async function expectRefusalThenRefund(
  c: VendorCase,
  body: Record<string, unknown>,
  expected: { refusal: string; charge: number; reason: string },
): Promise<void> {
  const db = c.t.server.store.db;
  const before = await c.wallet();
  const refused = await c.call('POST', '/v1/video/generations', body);
  expect(refused.status).toBe(400);
  expect(refused.body.error).toMatchObject({ message: expect.stringContaining(expected.refusal) });
  expect(await c.wallet()).toBe(before);

  const refunds = await loggedOfType(db, ROOT, LogType.Refund);
  const answer = await c.call('POST', '/v1/video/generations', body);
  expect(answer.status).toBe(200);
  expect(await c.wallet()).toBe(before - expected.charge);
  const failed = await waitFor(
    () => c.call('GET', `/v1/video/generations/${String(answer.body.id)}`),
    (polled) => polled.body.status === 'failed',
    'the task failed',
  );
  expect(failed.body.error).toMatchObject({ message: expected.reason });
  expect(await c.wallet()).toBe(before);
  expect(await loggedOfType(db, ROOT, LogType.Refund)).toEqual({
    quota: refunds.quota + expected.charge,
    rows: refunds.rows + 1,
  });
}

/** Waits for a task to complete, answering the last GET of it. */
export const completed = (c: VendorCase, id: unknown) =>
  waitFor(
    () => c.call('GET', `/v1/video/generations/${String(id)}`),
    (polled) => polled.body.status === 'completed',
    `task ${String(id)} completed`,
  );

/** The video of a task, as the content route streams it. */
export const contentOf = (c: VendorCase, id: unknown): Promise<Response> =>
  fetch(`${c.t.url}/v1/videos/${String(id)}/content`, { headers: { authorization: `Bearer ${c.key}` } });
