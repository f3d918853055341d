import type { MidjourneyView, Page, TaskView } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId } from '../../src/store/insert.ts';
import { nowSeconds } from '../../src/store/users.ts';
import type { ConsoleClient } from '../support/console-client.ts';
import { signInAsRoot, userWithRole } from '../support/console-client.ts';
import { setRelayOption } from '../support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

describe.skipIf(databaseUnavailable())('drawing and task logs: /api/mj and /api/task', () => {
  let t: TestServer;
  let root: ConsoleClient;
  let alice: ConsoleClient;
  const now = nowSeconds();

  beforeAll(async () => {
    t = await startTestServer();
    root = await signInAsRoot(t.url);
    alice = await userWithRole(root, 'alice', 1);
    const store = t.server.store;
    // Drawings: alice's two (one an hour old, one a day old) and root's one; times in ms.
    const drawings = [
      { user_id: alice.userId!, mj_id: 'mj-a1', channel_id: 7, submit_time: (now - 3600) * 1000 },
      { user_id: alice.userId!, mj_id: 'mj-a2', channel_id: 8, submit_time: (now - 86_400) * 1000 },
      { user_id: root.userId!, mj_id: 'mj-r1', channel_id: 7, submit_time: (now - 60) * 1000 },
    ];
    for (const row of drawings) {
      await insertReturningId(store, 'midjourneys', {
        ...row,
        action: 'IMAGINE',
        status: 'SUCCESS',
        progress: '100%',
        prompt: `a cat ${row.mj_id}`,
        image_url: 'https://example.com/cat.png',
        finish_time: row.submit_time + 90_000,
      });
    }
    const tasks = [
      { user_id: alice.userId!, task_id: 'task-a1', channel_id: 5, submit_time: now - 3600 },
      { user_id: root.userId!, task_id: 'task-r1', channel_id: 6, submit_time: now - 120 },
    ];
    for (const row of tasks) {
      await insertReturningId(store, 'tasks', {
        ...row,
        created_at: row.submit_time,
        platform: 'suno',
        action: 'MUSIC',
        status: 'FAILURE',
        fail_reason: 'upstream refused',
        progress: '100%',
        private_data: '{"key":"sk-secret"}',
      });
    }
  });
  afterAll(() => t?.close());

  /** Our console's form: pages, `p` from 1. */
  async function page<T>(client: ConsoleClient, path: string): Promise<Page<T>> {
    const answer = await client.get<Page<T>>(`${path}${path.includes('?') ? '&' : '?'}paged=true`);
    expect(answer.body.success, `${path}: ${answer.body.message}`).toBe(true);
    return answer.body.data!;
  }
  const mjIds = async (client: ConsoleClient, path: string) =>
    (await page<MidjourneyView>(client, path)).items.map((row) => row.mj_id);
  const taskIds = async (client: ConsoleClient, path: string) =>
    (await page<TaskView>(client, path)).items.map((row) => row.task_id);

  it('admins see every drawing, newest first, and narrow by channel, id and time', async () => {
    expect(await mjIds(root, '/api/mj/')).toEqual(['mj-r1', 'mj-a1', 'mj-a2']);
    expect(await mjIds(root, '/api/mj/?channel_id=7')).toEqual(['mj-r1', 'mj-a1']);
    expect(await mjIds(root, '/api/mj/?mj_id=mj-a2')).toEqual(['mj-a2']);
    const from = (now - 7200) * 1000;
    expect(await mjIds(root, `/api/mj/?start_timestamp=${from}&end_timestamp=${(now - 600) * 1000}`)).toEqual(
      ['mj-a1'],
    );
    const first = await page<MidjourneyView>(root, '/api/mj/?p=2&page_size=2');
    expect(first).toMatchObject({ page: 2, page_size: 2, total: 3 });
    expect(first.items.map((row) => row.mj_id)).toEqual(['mj-a2']);
  });

  it('users see only their own drawings, without channels, whatever they ask', async () => {
    expect(await mjIds(alice, '/api/mj/self/')).toEqual(['mj-a1', 'mj-a2']);
    expect(await mjIds(alice, '/api/mj/self?channel_id=7')).toEqual(['mj-a1', 'mj-a2']);
    const rows = (await page<MidjourneyView>(alice, '/api/mj/self/?mj_id=mj-a1')).items;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      prompt: 'a cat mj-a1',
      status: 'SUCCESS',
      progress: '100%',
      channel_id: 0,
    });
    expect((await alice.get('/api/mj/')).body.success).toBe(false);
  });

  it('tasks: admins see all, users their own, private data never leaves', async () => {
    expect(await taskIds(root, '/api/task/')).toEqual(['task-r1', 'task-a1']);
    expect(await taskIds(root, '/api/task/?channel_id=5')).toEqual(['task-a1']);
    expect(await taskIds(root, `/api/task/?task_id=task-r1`)).toEqual(['task-r1']);
    expect(await taskIds(root, `/api/task/?end_timestamp=${now - 600}`)).toEqual(['task-a1']);
    const own = await page<TaskView>(alice, '/api/task/self');
    expect(own.items.map((row) => row.task_id)).toEqual(['task-a1']);
    expect(own.items[0]).toMatchObject({
      platform: 'suno',
      status: 'FAILURE',
      fail_reason: 'upstream refused',
    });
    expect(JSON.stringify(own)).not.toContain('sk-secret');
    expect(JSON.stringify(await page(root, '/api/task/'))).not.toContain('sk-secret');
    expect((await alice.get('/api/task/')).body.success).toBe(false);
  });

  it("new-api's classic console gets the plain array, p from 0, the total in X-Total-Count (#28 item 6)", async () => {
    const classic = await root.get<MidjourneyView[]>('/api/mj/?p=1&page_size=2');
    expect(classic.body.success).toBe(true);
    expect(classic.body.data!.map((row) => row.mj_id)).toEqual(['mj-a2']);
    expect(classic.headers.get('x-total-count')).toBe('3');
    const first = await alice.get<TaskView[]>('/api/task/self?p=0&page_size=10');
    expect(first.body.data!.map((row) => row.task_id)).toEqual(['task-a1']);
    expect(first.headers.get('x-total-count')).toBe('1');
  });

  it('an empty date field sent as NaN, undefined or null is no limit, as new-api reads it', async () => {
    for (const blank of ['NaN', 'undefined', 'null', '']) {
      const path = `/api/task/?start_timestamp=0&end_timestamp=${blank}`;
      expect(await taskIds(root, path), path).toEqual(['task-r1', 'task-a1']);
    }
  });

  it('bad filters are named, never a 500', async () => {
    for (const path of ['/api/mj/?channel_id=seven', '/api/task/self?start_timestamp=-1']) {
      const answer = await root.get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.body).toMatchObject({
        success: false,
        message: expect.stringMatching(/invalid parameter/),
      });
    }
  });

  it('/api/status offers the drawing and task logs as their options say', async () => {
    const status = async () =>
      (await root.get<{ enable_drawing: boolean; enable_task: boolean }>('/api/status')).body.data!;
    expect(await status()).toMatchObject({ enable_drawing: false, enable_task: true });
    await setRelayOption(root, 'DrawingEnabled', 'true');
    expect(await status()).toMatchObject({ enable_drawing: true, enable_task: true });
  });
});
