import { LogType, type LogStat, type LogView, type Page } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId } from '../../src/store/insert.ts';
import { deleteLogsBefore } from '../../src/store/log-queries.ts';
import { writeLog, type NewLog } from '../../src/store/log-writer.ts';
import { nowSeconds } from '../../src/store/users.ts';
import { ConsoleClient, userWithRole, signInAsRoot } from '../support/console-client.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

const NO_PERMISSION = /no permission/;
const adminInfo = (channel: number) => ({ admin_info: { use_channel: [channel] } });
const CONSUME = LogType.Consume;

/**
 * The rows every test reads, by request id: user, type, model, token, seconds before now, quota,
 * prompt and completion tokens. Newest first: r4, r1, r8, r2 (as old as r8, lower id), r6, r7, r3, r5.
 */
const ROWS: [string, string, number, string, string, number, number, number, number][] = [
  ['r1', 'alice', CONSUME, 'gpt-4o', 'tokA', 10, 100, 10, 20],
  ['r2', 'alice', CONSUME, 'claude-3', 'tokB', 20, 200, 5, 5],
  ['r3', 'alice', LogType.TopUp, '', '', 3600, 5000, 0, 0],
  ['r4', 'bob', CONSUME, 'gpt-4o', 'bobtok', 5, 300, 1, 2],
  ['r5', 'bob', CONSUME, 'gpt-4o-mini', 'bobtok', 86400, 400, 100, 100],
  ['r6', 'bob', LogType.Error, 'gpt-4o', '', 100, 0, 0, 0],
  ['r7', 'root', LogType.System, '', '', 200, 0, 0, 0],
  ['r8', 'alice', CONSUME, 'gpt-4o', 'tokA', 20, 50, 1, 1],
];

describe.skipIf(databaseUnavailable())('usage logs console API', () => {
  let t: TestServer;
  let root: ConsoleClient;
  let admin: ConsoleClient;
  let alice: ConsoleClient;
  let bob: ConsoleClient;
  let channelId: number;
  let goneChannelId: number;
  let now = 0;

  const db = () => t.server.store.db;

  async function logCount(): Promise<number> {
    const row = await db()
      .selectFrom('logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The page's rows by their request id (each test row has a unique one), in the order given. */
  async function labels(client: ConsoleClient, path: string): Promise<string[]> {
    const answer = await client.get<Page<LogView>>(path);
    expect(answer.body.success, `${path}: ${answer.body.message}`).toBe(true);
    const page = answer.body.data!;
    expect(page.total, path).toBe(page.items.length);
    return page.items.map((item) => item.request_id);
  }

  async function stat(client: ConsoleClient, path: string): Promise<LogStat> {
    const answer = await client.get<LogStat>(path);
    expect(answer.body.success, `${path}: ${answer.body.message}`).toBe(true);
    return answer.body.data!;
  }

  beforeAll(async () => {
    t = await startTestServer();
    root = await signInAsRoot(t.url);
    admin = await userWithRole(root, 'logadmin', 10);
    alice = await userWithRole(root, 'alice', 1);
    bob = await userWithRole(root, 'bob', 1);
    await db().deleteFrom('logs').execute(); // registration writes logs of its own
    now = nowSeconds();
    channelId = await insertReturningId(t.server.store, 'channels', { name: 'primary', key: 'sk-test' });
    goneChannelId = channelId + 1000;
    const userIds: Record<string, number> = { alice: alice.userId!, bob: bob.userId!, root: root.userId! };
    const extras: Record<string, Partial<NewLog>> = {
      r1: {
        is_stream: 1,
        upstream_request_id: 'up-a1',
        content: 'ratio 1',
        other: JSON.stringify({ model_ratio: 1, ...adminInfo(channelId) }),
      },
      r2: { group: 'vip', channel_id: goneChannelId, other: JSON.stringify(adminInfo(goneChannelId)) },
      r3: { content: 'redeemed a code' },
      r4: { upstream_request_id: 'up-b1' },
      r6: { content: 'upstream error 500' },
      r7: { content: 'hello world' },
      r8: { other: '{"frt":120}' },
    };
    for (const [label, user, type, model, token, ago, quota, prompt, completion] of ROWS) {
      await writeLog(t.server.store, {
        request_id: label,
        user_id: userIds[user]!,
        username: user,
        type,
        model_name: model,
        token_name: token,
        created_at: now - ago,
        quota,
        prompt_tokens: prompt,
        completion_tokens: completion,
        group: 'default',
        channel_id: type === LogType.Consume ? channelId : 0,
        ...extras[label],
      });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every row for admins, newest first (created_at, then id), with and without the slash', async () => {
    const all = ['r4', 'r1', 'r8', 'r2', 'r6', 'r7', 'r3', 'r5'];
    expect(await labels(admin, '/api/log/')).toEqual(all);
    expect(await labels(admin, '/api/log')).toEqual(all);
    expect(await labels(admin, '/api/log/?type=0&username=&token_name=&model_name=&channel=&group=')).toEqual(
      all,
    );
  });

  it('shows admins the channel, its joined name (empty when gone) and admin_info', async () => {
    const page = (await admin.get<Page<LogView>>('/api/log/?request_id=r1')).body.data!;
    expect(page.items[0]).toMatchObject({
      user_id: alice.userId,
      username: 'alice',
      type: LogType.Consume,
      channel: channelId,
      channel_name: 'primary',
      is_stream: true,
      quota: 100,
      prompt_tokens: 10,
      completion_tokens: 20,
      upstream_request_id: 'up-a1',
      content: 'ratio 1',
    });
    expect(JSON.parse(page.items[0]!.other)).toEqual({ model_ratio: 1, ...adminInfo(channelId) });
    const gone = (await admin.get<Page<LogView>>('/api/log/?request_id=r2')).body.data!.items[0]!;
    expect(gone).toMatchObject({ channel: goneChannelId, channel_name: '', is_stream: false });
  });

  it('pages with p and page_size, clamping page_size to 100', async () => {
    const second = (await admin.get<Page<LogView>>('/api/log/?p=2&page_size=3')).body.data!;
    expect(second).toMatchObject({ page: 2, page_size: 3, total: 8 });
    expect(second.items.map((i) => i.request_id)).toEqual(['r2', 'r6', 'r7']);
    const past = (await admin.get<Page<LogView>>('/api/log/?p=4&page_size=3')).body.data!;
    expect(past).toMatchObject({ total: 8, items: [] });
    const big = (await admin.get<Page<LogView>>('/api/log/?page_size=1000')).body.data!;
    expect(big.page_size).toBe(100);
  });

  it('narrows by every filter, inclusive time bounds and combinations', async () => {
    const cases: [string, string[]][] = [
      [`type=${LogType.Consume}`, ['r4', 'r1', 'r8', 'r2', 'r5']],
      [`type=${LogType.TopUp}`, ['r3']],
      [`start_timestamp=${now - 20}`, ['r4', 'r1', 'r8', 'r2']],
      [`end_timestamp=${now - 20}`, ['r8', 'r2', 'r6', 'r7', 'r3', 'r5']],
      [`start_timestamp=${now - 100}&end_timestamp=${now - 10}`, ['r1', 'r8', 'r2', 'r6']],
      ['username=bob', ['r4', 'r6', 'r5']],
      ['token_name=tokA', ['r1', 'r8']],
      ['model_name=gpt-4o', ['r4', 'r1', 'r8', 'r6']],
      ['model_name=gpt-4o%25', ['r4', 'r1', 'r8', 'r6', 'r5']],
      [`channel=${channelId}`, ['r4', 'r1', 'r8', 'r5']],
      [`channel=${goneChannelId}`, ['r2']],
      ['group=vip', ['r2']],
      ['request_id=r5', ['r5']],
      ['upstream_request_id=up-b1', ['r4']],
      ['username=alice&type=2&model_name=gpt-4o', ['r1', 'r8']],
      ['username=nobody', []],
    ];
    for (const [query, expected] of cases) {
      expect(await labels(admin, `/api/log/?${query}`), query).toEqual(expected);
    }
  });

  it('shows each user only their own rows, without admin_info or channel details', async () => {
    expect(await labels(alice, '/api/log/self/')).toEqual(['r1', 'r8', 'r2', 'r3']);
    expect(await labels(alice, '/api/log/self')).toEqual(['r1', 'r8', 'r2', 'r3']);
    expect(await labels(bob, '/api/log/self/')).toEqual(['r4', 'r6', 'r5']);
    // username and channel are admin filters: ignored here, never a way into other rows.
    expect(await labels(alice, '/api/log/self/?username=bob')).toEqual(['r1', 'r8', 'r2', 'r3']);
    expect(await labels(alice, `/api/log/self/?channel=${goneChannelId}`)).toEqual(['r1', 'r8', 'r2', 'r3']);
    expect(await labels(alice, '/api/log/self/?type=1')).toEqual(['r3']);
    expect(await labels(alice, '/api/log/self/?token_name=tokA&start_timestamp=' + (now - 10))).toEqual([
      'r1',
    ]);
    expect(await labels(bob, '/api/log/self/?request_id=r1')).toEqual([]);

    const items = (await alice.get<Page<LogView>>('/api/log/self/')).body.data!.items;
    for (const item of items) {
      expect(item.other).not.toContain('admin_info');
      expect(item).toMatchObject({ channel: 0, channel_name: '', user_id: alice.userId });
    }
    expect(JSON.parse(items[0]!.other)).toEqual({ model_ratio: 1 });
    expect(items[1]!.other).toBe('{"frt":120}');
  });

  it('searches by keyword in username, token name, model name and content; self search stays own', async () => {
    expect(await labels(admin, '/api/log/search?keyword=bob')).toEqual(['r4', 'r6', 'r5']);
    expect(await labels(admin, '/api/log/search?keyword=hello')).toEqual(['r7']);
    expect(await labels(admin, '/api/log/search?keyword=claude')).toEqual(['r2']);
    expect(await labels(admin, '/api/log/search?keyword=tokB')).toEqual(['r2']);
    expect(await labels(admin, '/api/log/search?keyword=%25')).toEqual([]);
    expect(await labels(alice, '/api/log/self/search?keyword=gpt')).toEqual(['r1', 'r8']);
    expect(await labels(alice, '/api/log/self/search?keyword=bob')).toEqual([]);
    const paged = (await admin.get<Page<LogView>>('/api/log/search?keyword=gpt-4o&page_size=2')).body.data!;
    expect(paged.total).toBe(5);
    expect(paged.items.map((i) => i.request_id)).toEqual(['r4', 'r1']);
  });

  it('sums quota over filtered consumption rows; rpm and tpm count the last 60 s whatever the time range', async () => {
    expect(await stat(admin, '/api/log/stat')).toEqual({ quota: 1050, rpm: 4, tpm: 45 });
    expect(await stat(admin, '/api/log/stat?username=bob')).toEqual({ quota: 700, rpm: 1, tpm: 3 });
    expect(await stat(admin, `/api/log/stat?start_timestamp=${now - 1000}`)).toEqual({
      quota: 650,
      rpm: 4,
      tpm: 45,
    });
    expect(await stat(admin, `/api/log/stat?end_timestamp=${now - 1000}`)).toEqual({
      quota: 400,
      rpm: 4,
      tpm: 45,
    });
    expect(await stat(admin, '/api/log/stat?model_name=gpt-4o')).toEqual({ quota: 450, rpm: 3, tpm: 35 });
    expect(await stat(admin, `/api/log/stat?channel=${channelId}`)).toEqual({ quota: 850, rpm: 3, tpm: 35 });
    expect(await stat(admin, '/api/log/stat?type=1')).toEqual({ quota: 0, rpm: 0, tpm: 0 });
    expect(await stat(admin, '/api/log/stat?username=nobody')).toEqual({ quota: 0, rpm: 0, tpm: 0 });
    expect(await stat(alice, '/api/log/self/stat')).toEqual({ quota: 350, rpm: 3, tpm: 42 });
    expect(await stat(alice, '/api/log/self/stat?username=bob')).toEqual({ quota: 350, rpm: 3, tpm: 42 });
    expect(await stat(bob, '/api/log/self/stat?token_name=bobtok')).toEqual({ quota: 700, rpm: 1, tpm: 3 });
  });

  it('refuses filters of the wrong kind with a clear message', async () => {
    const cases: [ConsoleClient, string, RegExp][] = [
      [admin, '/api/log/?type=abc', /invalid parameter: type/],
      [admin, '/api/log/?start_timestamp=-5x', /invalid parameter: start_timestamp/],
      [admin, '/api/log/?end_timestamp=1.5', /invalid parameter: end_timestamp/],
      [admin, '/api/log/?channel=one', /invalid parameter: channel/],
      [admin, '/api/log/stat?type=abc', /invalid parameter: type/],
      [admin, '/api/log/search?keyword=x&type=abc', /invalid parameter: type/],
      [alice, '/api/log/self/?type=abc', /invalid parameter: type/],
      [alice, '/api/log/self/stat?start_timestamp=-5x', /invalid parameter: start_timestamp/],
      [alice, '/api/log/self/?type=1&type=2', /invalid parameter: type/],
    ];
    for (const [client, path, message] of cases) {
      const answer = await client.get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.body, path).toEqual({ success: false, message: expect.stringMatching(message) });
    }
  });

  it('keeps the admin endpoints from common users and everything from anonymous callers', async () => {
    const before = await logCount();
    for (const path of ['/api/log/', '/api/log', '/api/log/search?keyword=a', '/api/log/stat']) {
      const answer = await alice.get(path);
      expect(answer.body, path).toEqual({ success: false, message: expect.stringMatching(NO_PERMISSION) });
    }
    const deleted = await alice.delete(`/api/log/?target_timestamp=${now + 10}`);
    expect(deleted.body).toEqual({ success: false, message: expect.stringMatching(NO_PERMISSION) });
    const anonymous = new ConsoleClient(t.url);
    expect((await anonymous.get('/api/log/self/')).status).toBe(401);
    expect((await anonymous.delete(`/api/log/?target_timestamp=${now + 10}`)).status).toBe(401);
    expect(await logCount()).toBe(before);
  });

  it('deletes rows older than the target and answers the count; a missing or bad target changes nothing', async () => {
    const before = await logCount();
    for (const path of [
      '/api/log/',
      '/api/log/?target_timestamp=',
      '/api/log/?target_timestamp=abc',
      '/api/log/?target_timestamp=0',
    ]) {
      const answer = await admin.delete(path);
      expect(answer.body, path).toEqual({
        success: false,
        message: expect.stringMatching(/please choose a time/),
      });
    }
    expect(await logCount()).toBe(before);

    const answer = await admin.delete(`/api/log/?target_timestamp=${now - 100}`);
    expect(answer.body).toEqual({ success: true, message: '', data: 3 });
    // r6 is exactly at the target: strictly older rows go.
    expect(await labels(admin, '/api/log/')).toEqual(['r4', 'r1', 'r8', 'r2', 'r6']);
    const again = await root.delete(`/api/log?target_timestamp=${now - 100}`);
    expect(again.body).toEqual({ success: true, message: '', data: 0 });
  });

  it('deletes in batches of ids, oldest first, until nothing older is left', async () => {
    const before = await logCount();
    // Ids and times out of step: the batches must still take exactly the old rows.
    for (const created_at of [1005, 1000, 1006, 5000, 1001, 1004, 1002, 1003]) {
      await writeLog(t.server.store, {
        user_id: 1,
        type: LogType.System,
        created_at,
        request_id: `old-${created_at}`,
      });
    }
    expect(await deleteLogsBefore(db(), 2000, 3)).toBe(7);
    expect(await logCount()).toBe(before + 1);
    const left = await db()
      .selectFrom('logs')
      .select('request_id')
      .where('created_at', '<', now - 1000)
      .execute();
    expect(left.map((r) => r.request_id)).toEqual(['old-5000']);
    expect(await deleteLogsBefore(db(), 2000, 3)).toBe(0);
  });

  it('clears more rows than one batch through the API', async () => {
    const before = await logCount();
    const rows = Array.from({ length: 500 }, () => ({ user_id: 1, type: LogType.System, created_at: 1500 }));
    for (let i = 0; i < 21; i++) await db().insertInto('logs').values(rows).execute();
    const answer = await admin.delete('/api/log/?target_timestamp=2000');
    expect(answer.body).toEqual({ success: true, message: '', data: 10_500 });
    expect(await logCount()).toBe(before);
  });
});
