import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChannelPage, ChannelTypeOption, ChannelView } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromDbBool } from '../../src/store/dialect.ts';
import { ConsoleClient, userWithRole, type Answer, signInAsRoot } from '../support/console-client.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

const SECRET = 'sk-very-secret-key-0001';
const NO_PERMISSION = /no permission/;

/** A loopback upstream: balance and model-list endpoints; key "bad-key" gets a 401 that echoes it. */
interface MockUpstream {
  url: string;
  seen: { path: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

const MOCK_ANSWERS: Record<string, unknown> = {
  '/v1/dashboard/billing/subscription': { hard_limit_usd: 100, has_payment_method: true },
  '/v1/dashboard/billing/usage': { total_usage: 2550 },
  '/user/balance': {
    balance_infos: [
      { currency: 'CNY', total_balance: '70.00' },
      { currency: 'USD', total_balance: '10.50' },
    ],
  },
  '/api/v1/credits': { data: { total_credits: 20, total_usage: 5.5 } },
  '/v1/user/info': { data: { totalBalance: '12.34' } },
  '/v1/users/me/balance': { data: { available_balance: 42 } },
  '/v1/models': { object: 'list', data: [{ id: 'up-1' }, { id: 'up-2' }, { id: 'up-1' }] },
};

/** A Chinese DeepSeek account ("yuan-key"): its only balance is in yuan. */
const YUAN_ANSWERS: Record<string, unknown> = {
  '/user/balance': { balance_infos: [{ currency: 'CNY', total_balance: '70.00' }] },
};

async function startMockUpstream(): Promise<MockUpstream> {
  const seen: MockUpstream['seen'] = [];
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    seen.push({ path: req.url ?? '', headers: req.headers });
    const credential = req.headers.authorization ?? `Bearer ${String(req.headers['api-key'] ?? '')}`;
    if (credential === 'Bearer bad-key') {
      res.writeHead(401, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: 'Incorrect API key provided: bad-key' } }));
    }
    if (credential === 'Bearer html-key') return res.writeHead(200).end('<html>hello</html>');
    const answer = credential === 'Bearer yuan-key' ? YUAN_ANSWERS[path] : MOCK_ANSWERS[path];
    res.writeHead(answer ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer ?? { error: { message: 'not found' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(databaseUnavailable())('channels console API', () => {
  let t: TestServer;
  let root: ConsoleClient;
  let admin: ConsoleClient;
  let common: ConsoleClient;
  let upstream: MockUpstream;
  const db = () => t.server.store.db;

  beforeAll(async () => {
    t = await startTestServer();
    upstream = await startMockUpstream();
    root = await signInAsRoot(t.url);
    admin = await userWithRole(root, 'chadmin', 10);
    common = await userWithRole(root, 'chuser', 1);
    // The mock upstream is on loopback, which the outbound guard keeps from admins unless root allows it.
    await root.put('/api/option/', { key: 'OutboundAllowList', value: '127.0.0.1' });
  });
  afterAll(async () => {
    await upstream?.close();
    await t?.close();
  });

  /** Creates channels as admin and answers their ids. */
  async function create(channel: Record<string, unknown>, mode?: 'single' | 'batch'): Promise<number[]> {
    const body = { name: 'c', key: SECRET, models: 'm', ...channel };
    const answer = await admin.post<{ ids: number[] }>(
      '/api/channel/',
      mode ? { mode, channel: body } : body,
    );
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ success: true });
    return answer.body.data!.ids;
  }
  async function createOne(channel: Record<string, unknown>): Promise<number> {
    return (await create(channel))[0]!;
  }
  async function row(id: number) {
    return db().selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
  }
  async function abilitiesOf(id: number) {
    const rows = await db().selectFrom('abilities').selectAll().where('channel_id', '=', id).execute();
    return rows
      .map((r) => ({
        group: r.group,
        model: r.model,
        enabled: fromDbBool(r.enabled),
        priority: Number(r.priority),
        weight: Number(r.weight),
        tag: r.tag,
      }))
      .sort((a, b) => `${a.group}/${a.model}`.localeCompare(`${b.group}/${b.model}`));
  }
  /** The abilities rows a channel should have, from its stored row. */
  async function expectAbilitiesMatch(id: number) {
    const channel = (await row(id))!;
    const expected = [];
    for (const group of channel.group.split(',').sort()) {
      for (const model of (channel.models ?? '').split(',').sort()) {
        expected.push({
          group,
          model,
          enabled: channel.status === 1,
          priority: Number(channel.priority),
          weight: Number(channel.weight),
          tag: channel.tag || null,
        });
      }
    }
    expect(await abilitiesOf(id)).toEqual(expected);
  }
  const candidateIds = (model: string, group = 'default') =>
    t.server.channels.candidates(group, model).map((c) => c.id);
  async function snapshot() {
    return {
      channels: await db().selectFrom('channels').selectAll().orderBy('id').execute(),
      abilities: await db()
        .selectFrom('abilities')
        .selectAll()
        .orderBy('channel_id')
        .orderBy('model')
        .execute(),
    };
  }
  /** Sends a request that must be refused, and checks that no channel or ability changed. */
  async function refused(run: () => Promise<Answer>, message: RegExp | string) {
    const before = await snapshot();
    const answer = await run();
    expect(answer.body.success, JSON.stringify(answer.body)).toBe(false);
    expect(answer.body.message).toMatch(message);
    expect(await snapshot()).toEqual(before);
  }
  /** The page form (paged=true); the classic form is pinned in classic-console-contract.test.ts. */
  const list = async (query: string) => {
    const answer = await admin.get<ChannelPage>(`/api/channel/${query}${query ? '&' : '?'}paged=true`);
    expect(answer.body.success, answer.body.message).toBe(true);
    return answer.body.data!;
  };

  describe('create', () => {
    it('takes the classic body, fills the defaults, trims lists and the base URL, and writes abilities', async () => {
      const before = Math.floor(Date.now() / 1000);
      const id = await createOne({
        name: ' classic ',
        models: ' cr-a, cr-b ,cr-a,, ',
        base_url: 'https://api.example.com/v1//',
      });
      expect(await row(id)).toMatchObject({
        name: 'classic',
        key: SECRET,
        type: 1,
        auto_ban: 1,
        group: 'default',
        priority: 0,
        weight: 0,
        status: 1,
        models: 'cr-a,cr-b',
        base_url: 'https://api.example.com/v1',
      });
      expect(Number((await row(id))!.created_time)).toBeGreaterThanOrEqual(before);
      await expectAbilitiesMatch(id);
      expect(await abilitiesOf(id)).toHaveLength(2);
      expect(candidateIds('cr-a')).toContain(id);
    });

    it("takes new-api's {mode, channel}: single keeps a multi-line key, batch makes one channel per line", async () => {
      const [single, ...none] = await create(
        { name: 'sgl', key: 'k1\nk2', models: 'sb', groups: ['g1', 'g2'] },
        'single',
      );
      expect(none).toEqual([]);
      expect(await row(single!)).toMatchObject({ key: 'k1\nk2', group: 'g1,g2' });
      await expectAbilitiesMatch(single!);
      const batch = await create(
        { name: 'bat', key: ' b1 \n\nb2\nb3\n', models: 'sb', priority: 3 },
        'batch',
      );
      expect(batch).toHaveLength(3);
      const rows = await Promise.all(batch.map(row));
      expect(rows.map((r) => r!.key)).toEqual(['b1', 'b2', 'b3']);
      expect(rows.every((r) => r!.name === 'bat' && Number(r!.priority) === 3)).toBe(true);
      for (const id of batch) await expectAbilitiesMatch(id);
      expect(candidateIds('sb')).toEqual(expect.arrayContaining(batch));
      await refused(
        () =>
          admin.post('/api/channel/', {
            mode: 'multi_to_single',
            channel: { name: 'x', key: 'k', models: 'm' },
          }),
        /unsupported add mode/,
      );
    });

    it('accepts the edge values: priority -999, weight 0, a self-mapping, numeric status codes, Spark', async () => {
      const id = await createOne({
        priority: -999,
        weight: '0',
        model_mapping: '{"a":"a","b":"c"}',
        status_code_mapping: { 429: 503 },
        auto_ban: false,
      });
      expect(await row(id)).toMatchObject({
        priority: -999,
        weight: 0,
        auto_ban: 0,
        status_code_mapping: '{"429":503}',
      });
      const spark = await createOne({ type: 18 });
      expect((await row(spark))!.other).toBe('v2.1');
      const azure = await createOne({ type: 3, base_url: 'https://res.openai.azure.com/' });
      expect((await row(azure))!.base_url).toBe('https://res.openai.azure.com');
    });

    it('refuses bad input with a clear message and writes nothing', async () => {
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ name: '' }, /please fill in channel name and key/],
        [{ key: '  ' }, /please fill in channel name and key/],
        [{ models: ' , ' }, /please select at least one model/],
        [{ models: undefined }, /please select at least one model/],
        [{ type: 999 }, /unknown channel type: 999/],
        [{ type: 0 }, /unknown channel type: 0/],
        [{ type: 'openai' }, /type: must be an integer/],
        [{ model_mapping: 'not json' }, /model mapping must be valid JSON format/],
        [{ model_mapping: '[1]' }, /model mapping must be valid JSON format/],
        [{ model_mapping: '{"a":1}' }, /model mapping must be valid JSON format/],
        [{ model_mapping: '{"a":"b","b":"a"}' }, /model mapping contains a cycle: a → b → a/],
        [{ status_code_mapping: '{"abc":"500"}' }, /3-digit status codes/],
        [{ status_code_mapping: '{"400":"5000"}' }, /3-digit status codes/],
        [{ base_url: 'ftp://example.com' }, /http/],
        [{ base_url: 'example.com' }, /http/],
        [{ type: 3 }, /base URL is required for Azure/],
        [{ group: ' , ' }, /please select at least one group/],
        [{ groups: [] }, /please select at least one group/],
        [{ group: 'g'.repeat(65) }, /group name is too long/],
        [{ models: 'm'.repeat(256) }, /model name is too long/],
        [{ priority: -1000 }, /priority must be an integer of at least -999/],
        [{ priority: 1.5 }, /priority: must be an integer/],
        [{ priority: 'high' }, /priority: must be an integer/],
        [{ weight: -1 }, /weight must be a non-negative integer/],
        [{ weight: 2.5 }, /weight: must be an integer/],
        [{ auto_ban: 5 }, /auto_ban must be 1 or 0/],
        [{ status: 3 }, /status must be 1 \(enabled\) or 2 \(disabled\)/],
        [{ name: 'n'.repeat(256) }, /name: must be at most 255 characters/],
        [{ setting: '[1]' }, /setting must be a valid JSON object/],
      ];
      for (const [fields, message] of cases) {
        const body = { name: 'bad', key: 'k', models: 'm', ...fields };
        await refused(() => admin.post('/api/channel/', body), message);
        await refused(() => admin.post('/api/channel/', { mode: 'batch', channel: body }), message);
      }
      await refused(() => admin.post('/api/channel/', [1, 2]), /body must be a JSON object/);
      await refused(() => admin.post('/api/channel/', 'x'), /not valid JSON/);
    });
  });

  describe('lists', () => {
    let ids: Record<string, number>;
    beforeAll(async () => {
      // In group "lst": p5 (priority 5), p1 enabled; d2 disabled (2), a3 auto-disabled (3); t1/t2 share tag "tg".
      ids = {};
      for (const [name, extra] of [
        ['p1', { priority: 1 }],
        ['p5', { priority: 5, base_url: 'https://five.example.com' }],
        ['d2', { status: 2, type: 8, base_url: 'https://c.example.com' }],
        ['a3', { models: 'lm,other' }],
        ['t1', { tag: 'tg', priority: 2 }],
        ['t2', { tag: 'tg' }],
      ] as const) {
        ids[name] = await createOne({ name: `lst-${name}`, group: 'lst,default', models: 'lm', ...extra });
      }
      await db().updateTable('channels').set({ status: 3 }).where('id', '=', ids.a3!).execute();
    });
    const names = (page: ChannelPage) => page.items.map((c) => c.name.replace('lst-', ''));

    it('orders by priority then id (newest first), or by id alone with id_sort', async () => {
      expect(names(await list('?group=lst&page_size=100'))).toEqual(['p5', 't1', 'p1', 't2', 'a3', 'd2']);
      expect(names(await list('?group=lst&id_sort=true&page_size=100'))).toEqual([
        't2',
        't1',
        'a3',
        'd2',
        'p5',
        'p1',
      ]);
    });

    it('pages with p and page_size and counts the whole match', async () => {
      const page = await list('?group=lst&p=2&page_size=4');
      expect(page).toMatchObject({ page: 2, page_size: 4, total: 6 });
      expect(names(page)).toEqual(['a3', 'd2']);
      expect(page.type_counts).toEqual({ 1: 5, 8: 1 });
    });

    it('filters by status, type, group and model', async () => {
      expect(names(await list('?group=lst&status=enabled'))).toEqual(['p5', 't1', 'p1', 't2']);
      expect(names(await list('?group=lst&status=disabled'))).toEqual(['a3', 'd2']);
      expect(names(await list('?group=lst&status=3'))).toEqual(['a3']);
      const byType = await list('?group=lst&type=8');
      expect(names(byType)).toEqual(['d2']);
      expect(byType.type_counts).toEqual({ 1: 5, 8: 1 });
      expect(names(await list('?group=lst&model=other'))).toEqual(['a3']);
      expect(names(await list('?group=ls'))).toEqual([]);
      expect((await admin.get('/api/channel/?type=abc')).body.message).toMatch(
        /type must be a channel type id/,
      );
    });

    it('groups by tag in tag mode: one row per tag plus untagged channels, never split across pages', async () => {
      const first = await list('?group=lst&tag_mode=true&page_size=2');
      expect(first.total).toBe(5);
      expect(names(first)).toEqual(['p5', 't1', 't2']);
      expect(names(await list('?group=lst&tag_mode=true&page_size=2&p=2'))).toEqual(['p1', 'a3']);
      expect(names(await list('?group=lst&tag_mode=true&page_size=2&p=3'))).toEqual(['d2']);
    });

    it('searches by id, name, base URL or tag, with group and model filters', async () => {
      const search = async (query: string) => {
        const answer = await admin.get<ChannelPage>(`/api/channel/search?group=lst&paged=true&${query}`);
        expect(answer.body.success, answer.body.message).toBe(true);
        return names(answer.body.data!);
      };
      expect(await search(`keyword=${ids.d2}`)).toContain('d2');
      expect(await search('keyword=lst-p')).toEqual(['p5', 'p1']);
      expect(await search('keyword=five.example')).toEqual(['p5']);
      expect(await search('keyword=tg&id_sort=true')).toEqual(['t2', 't1']);
      expect(await search('keyword=tg&tag_mode=true')).toEqual(['t1', 't2']);
      expect(await search('keyword=lst&model=oth')).toEqual(['a3']);
      expect(await search('keyword=%')).toEqual([]);
      expect(await search(`keyword=${SECRET}`)).toEqual([]);
    });

    it('answers one channel, or a clear refusal', async () => {
      const one = await admin.get<ChannelView>(`/api/channel/${ids.p5}`);
      expect(one.body.data).toMatchObject({
        id: ids.p5,
        name: 'lst-p5',
        key: '',
        priority: 5,
        group: 'lst,default',
      });
      expect((await admin.get('/api/channel/999999')).body).toMatchObject({
        success: false,
        message: 'channel not found',
      });
      expect((await admin.get('/api/channel/abc')).body.message).toMatch(/id must be a positive integer/);
    });
  });

  describe('update', () => {
    it('applies a full update, keeps the stored key when none is sent, and moves abilities and routing', async () => {
      const id = await createOne({ name: 'upd', models: 'up-old', tag: 'ut' });
      expect(candidateIds('up-old')).toContain(id);
      const form = (await admin.get<ChannelView>(`/api/channel/${id}`)).body.data!;
      const answer = await admin.put<ChannelView>('/api/channel/', {
        ...form,
        name: 'upd2',
        models: 'up-new,up-new2',
        groups: ['default', 'vip'],
        group: 'default,vip',
        priority: 7,
        weight: 4,
        status: 2, // the form echoes a status: ignored outside the short forms
        used_quota: 999, // read-only fields are ignored
        balance: 123,
      });
      expect(answer.body.data).toMatchObject({
        id,
        name: 'upd2',
        key: '',
        priority: 7,
        used_quota: 0,
        status: 1,
      });
      expect(await row(id)).toMatchObject({
        key: SECRET,
        models: 'up-new,up-new2',
        group: 'default,vip',
        balance: 0,
      });
      await expectAbilitiesMatch(id);
      expect(candidateIds('up-old')).not.toContain(id);
      expect(candidateIds('up-new', 'vip')).toContain(id);
      expect(candidateIds('up-new')).toContain(id);
      const { key: _omitted, ...withoutKey } = form;
      expect((await admin.put('/api/channel/', { ...withoutKey, name: 'upd3' })).body.success).toBe(true);
      expect((await row(id))!.key).toBe(SECRET);
      expect((await admin.put('/api/channel/', { id, key: ' sk-new ' })).body.success).toBe(true);
      expect((await row(id))!.key).toBe('sk-new');
    });

    it('takes the short forms {id, status}, {id, priority}, {id, weight}', async () => {
      const id = await createOne({ name: 'short', models: 'sh' });
      expect((await admin.put('/api/channel/', { id, status: 2 })).body.success).toBe(true);
      expect((await row(id))!.status).toBe(2);
      await expectAbilitiesMatch(id);
      expect((await abilitiesOf(id)).every((a) => !a.enabled)).toBe(true);
      expect(candidateIds('sh')).not.toContain(id);
      expect((await admin.put('/api/channel/', { id, status: 1 })).body.success).toBe(true);
      expect(candidateIds('sh')).toContain(id);
      expect((await admin.put('/api/channel/', { id, priority: 9 })).body.success).toBe(true);
      expect((await admin.put('/api/channel/', { id, weight: '3' })).body.success).toBe(true);
      expect(await row(id)).toMatchObject({ priority: 9, weight: 3, status: 1 });
      await expectAbilitiesMatch(id);
      expect(t.server.channels.candidates('default', 'sh').find((c) => c.id === id)).toMatchObject({
        priority: 9,
        weight: 3,
      });
    });

    it('refuses bad updates and changes nothing', async () => {
      const id = await createOne({ name: 'badupd' });
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ id, weight: -1 }, /weight must be a non-negative integer/],
        [{ id, priority: -1000 }, /at least -999/],
        [{ id, status: 7 }, /status must be 1 \(enabled\) or 2 \(disabled\)/],
        [{ id, name: '' }, /channel name cannot be empty/],
        [{ id, models: '' }, /please select at least one model/],
        [{ id, model_mapping: '{"x":"y","y":"x"}' }, /cycle/],
        [{ id, type: 3 }, /base URL is required for Azure/],
        [{ id, type: 12345 }, /unknown channel type/],
        [{ id: 999999, name: 'x' }, /channel not found/],
        [{ id: 'abc', name: 'x' }, /id must be a positive integer/],
        [{ name: 'x' }, /id must be a positive integer/],
      ];
      for (const [body, message] of cases) await refused(() => admin.put('/api/channel/', body), message);
    });
  });

  describe('delete and fix', () => {
    it('deletes one channel with its abilities and its routes, with or without the trailing slash', async () => {
      const a = await createOne({ name: 'del-a', models: 'dm' });
      const b = await createOne({ name: 'del-b', models: 'dm' });
      expect((await admin.delete(`/api/channel/${a}/`)).body.success).toBe(true);
      expect((await admin.delete(`/api/channel/${b}`)).body.success).toBe(true);
      for (const id of [a, b]) {
        expect(await row(id)).toBeUndefined();
        expect(await abilitiesOf(id)).toEqual([]);
      }
      expect(candidateIds('dm')).toEqual([]);
      await refused(() => admin.delete(`/api/channel/${a}`), /channel not found/);
    });

    it('deletes every disabled channel (2 and 3) and answers the count', async () => {
      const keep = await createOne({ name: 'dis-keep' });
      const manual = await createOne({ name: 'dis-2', status: 2 });
      const auto = await createOne({ name: 'dis-3' });
      await db()
        .updateTable('channels')
        .set({ status: 3 })
        .where('status', '=', 2)
        .where('id', '!=', manual)
        .execute();
      await db().updateTable('channels').set({ status: 3 }).where('id', '=', auto).execute();
      const disabled = await db().selectFrom('channels').select('id').where('status', 'in', [2, 3]).execute();
      const answer = await admin.delete<number>('/api/channel/disabled');
      expect(answer.body).toEqual({ success: true, message: '', data: disabled.length });
      expect(await row(keep)).toBeDefined();
      for (const id of [manual, auto]) expect(await abilitiesOf(id)).toEqual([]);
      expect(await db().selectFrom('channels').select('id').where('status', 'in', [2, 3]).execute()).toEqual(
        [],
      );
    });

    it('deletes a batch of ids and answers how many went', async () => {
      const ids = await create({ name: 'bdel', key: 'x1\nx2\nx3', models: 'bdm' }, 'batch');
      const answer = await admin.post<number>('/api/channel/batch', { ids: [...ids, 999999] });
      expect(answer.body.data).toBe(3);
      expect(candidateIds('bdm')).toEqual([]);
      await refused(() => admin.post('/api/channel/batch', { ids: [] }), /please select channels first/);
      await refused(() => admin.post('/api/channel/batch', { ids: ['a'] }), /ids/);
    });

    it('rebuilds every abilities row with /fix', async () => {
      const id = await createOne({
        name: 'fixme',
        group: 'fx1,fx2',
        models: 'f1,f2',
        tag: 'fx',
        priority: 2,
      });
      await db().deleteFrom('abilities').execute();
      await db()
        .insertInto('abilities')
        .values({ group: 'junk', model: 'junk', channel_id: 999999, enabled: 1, priority: 0, weight: 0 })
        .execute();
      const channelCount = (await db().selectFrom('channels').select('id').execute()).length;
      const answer = await admin.post('/api/channel/fix');
      // The count is the data, as new-api's console prints it ("fixed N channels").
      expect(answer.body).toEqual({ success: true, message: '', data: channelCount });
      await expectAbilitiesMatch(id);
      expect(await abilitiesOf(999999)).toEqual([]);
    });
  });

  describe('tags', () => {
    let ids: number[];
    beforeAll(async () => {
      ids = [
        await createOne({ name: 'tag-a', models: 'ta,tb' }),
        await createOne({ name: 'tag-b', models: 'tb,tc' }),
      ];
    });

    it('tags several channels at once, and lists the models of a tag', async () => {
      const answer = await admin.post<number>('/api/channel/batch/tag', { ids, tag: 'team' });
      expect(answer.body.data).toBe(2);
      for (const id of ids) {
        expect((await row(id))!.tag).toBe('team');
        await expectAbilitiesMatch(id);
      }
      expect((await admin.get('/api/channel/tag/models?tag=team')).body.data).toBe('ta,tb,tc');
      await refused(
        () => admin.post('/api/channel/batch/tag', { ids: [], tag: 'x' }),
        /please select channels first/,
      );
      await refused(() => admin.post('/api/channel/batch/tag', { ids, tag: ' ' }), /please enter a tag/);
      await refused(
        () => admin.post('/api/channel/batch/tag', { ids: [999999], tag: 'x' }),
        /channel not found/,
      );
    });

    it('disables and enables every channel of a tag, abilities and routing included', async () => {
      expect((await admin.post('/api/channel/tag/disabled', { tag: 'team' })).body.success).toBe(true);
      for (const id of ids) {
        expect((await row(id))!.status).toBe(2);
        await expectAbilitiesMatch(id);
      }
      expect(candidateIds('tb')).toEqual([]);
      expect((await admin.post('/api/channel/tag/enabled', { tag: 'team' })).body.success).toBe(true);
      expect(candidateIds('tb').sort()).toEqual([...ids].sort());
      await refused(() => admin.post('/api/channel/tag/enabled', { tag: '' }), /tag cannot be empty/);
      await refused(
        () => admin.post('/api/channel/tag/disabled', { tag: 'nobody' }),
        /no channel has the tag nobody/,
      );
    });

    it('edits a tag: priority, weight, models, groups, mapping and the tag itself', async () => {
      const edit = (body: Record<string, unknown>) => admin.put('/api/channel/tag', { tag: 'team', ...body });
      expect((await edit({ priority: 4, weight: 6, models: 'te', groups: 'default,tg2' })).body.success).toBe(
        true,
      );
      for (const id of ids) {
        expect(await row(id)).toMatchObject({ priority: 4, weight: 6, models: 'te', group: 'default,tg2' });
        await expectAbilitiesMatch(id);
      }
      expect(candidateIds('te', 'tg2').sort()).toEqual([...ids].sort());
      expect(candidateIds('ta')).toEqual([]);
      await refused(() => edit({ new_tag: 'team', priority: 4, models: '', groups: '' }), /no changes/);
      await refused(() => edit({}), /no changes/);
      await refused(() => edit({ priority: 'x' }), /priority: must be an integer/);
      await refused(() => edit({ weight: -1 }), /weight must be a non-negative integer/);
      await refused(() => edit({ model_mapping: '{' }), /model mapping must be valid JSON format/);
      await refused(() => edit({ tag: '', priority: 1 }), /tag cannot be empty/);
      expect((await edit({ new_tag: 'team2', model_mapping: '{"te":"te-up"}' })).body.success).toBe(true);
      for (const id of ids) {
        expect(await row(id)).toMatchObject({ tag: 'team2', model_mapping: '{"te":"te-up"}' });
        await expectAbilitiesMatch(id);
      }
      expect((await admin.put('/api/channel/tag', { tag: 'team2', new_tag: '' })).body.success).toBe(true);
      for (const id of ids) {
        expect((await row(id))!.tag).toBeNull();
        await expectAbilitiesMatch(id);
      }
    });
  });

  describe('channel tests', () => {
    it('passes a single test to the relay tester and answers its result', async () => {
      const id = await createOne({ name: 'tst' });
      // A fake in place of the relay's tester: these routes only wire it up.
      const tester = t.server.app.channelTester;
      const original = tester.test;
      const calls: [number, string | undefined][] = [];
      tester.test = async (channelId, model) => {
        calls.push([channelId, model]);
        return { success: true, message: '', time: 1.25, model: model ?? 'first-model' };
      };
      try {
        const passed = await admin.get(`/api/channel/test/${id}?model=gpt-x`);
        expect(passed.body).toEqual({
          success: true,
          message: '',
          time: 1.25,
          data: { time: 1.25, model: 'gpt-x' },
        });
        await admin.get(`/api/channel/test/${id}`);
        expect(calls).toEqual([
          [id, 'gpt-x'],
          [id, undefined],
        ]);
        tester.test = async () => ({ success: false, message: 'upstream said no', time: 0.5, model: 'm1' });
        expect((await admin.get(`/api/channel/test/${id}`)).body).toMatchObject({
          success: false,
          message: 'upstream said no',
          time: 0.5,
          data: { model: 'm1' },
        });
        tester.test = async (channelId, model) => {
          calls.push([channelId, model]);
          return { success: true, message: '', time: 1.25 };
        };
        expect((await admin.get('/api/channel/test/999999')).body.message).toBe('channel not found');
        calls.length = 0;
        const manual = await createOne({ name: 'tst-off', status: 2 });
        const all = await admin.get('/api/channel/test');
        expect(all.body.success).toBe(true);
        await expect
          .poll(() => calls.length)
          .toBe((await db().selectFrom('channels').select('id').where('status', '!=', 2).execute()).length);
        expect(calls.map(([channelId]) => channelId)).not.toContain(manual);
        expect(calls.map(([channelId]) => channelId)).toContain(id);
      } finally {
        tester.test = original;
      }
    });
  });

  describe('upstream balance and models', () => {
    const balanceOf = async (id: number) => {
      const answer = await admin.get<{ balance: number }>(`/api/channel/update_balance/${id}/`);
      return answer.body;
    };

    it('queries each supported type, stores the balance and its time, and answers it', async () => {
      // The mock is on loopback, not a Chinese site: SiliconFlow and Moonshot answer in dollars here.
      const cases: [number, number][] = [
        [1, 74.5],
        [8, 74.5],
        [43, 10.5],
        [20, 14.5],
        [40, 12.34],
        [25, 42],
      ];
      for (const [type, expected] of cases) {
        const id = await createOne({ name: `bal-${type}`, type, base_url: upstream.url, key: 'good-key' });
        upstream.seen.length = 0;
        const before = Math.floor(Date.now() / 1000);
        const body = await balanceOf(id);
        expect(body, `type ${type}`).toMatchObject({
          success: true,
          balance: expected,
          currency: 'USD',
          data: { balance: expected, currency: 'USD' },
        });
        const stored = (await row(id))!;
        expect(Number(stored.balance)).toBeCloseTo(expected);
        expect(JSON.parse(stored.other_info ?? '{}')).toMatchObject({ balance_currency: 'USD' });
        expect(Number(stored.balance_updated_time)).toBeGreaterThanOrEqual(before);
        expect(upstream.seen.every((r) => r.headers.authorization === 'Bearer good-key')).toBe(true);
      }
    });

    it("stores a balance in the provider's own currency beside the channel's other notes", async () => {
      const id = await createOne({ name: 'bal-yuan', type: 43, base_url: upstream.url, key: 'yuan-key' });
      await db()
        .updateTable('channels')
        .set({ other_info: JSON.stringify({ status_reason: 'kept', status_time: 5 }) })
        .where('id', '=', id)
        .execute();
      expect(await balanceOf(id)).toMatchObject({ balance: 70, currency: 'CNY', data: { currency: 'CNY' } });
      expect(JSON.parse((await row(id))!.other_info!)).toEqual({
        status_reason: 'kept',
        status_time: 5,
        balance_currency: 'CNY',
      });
    });

    it('asks OpenAI for usage over a date range', async () => {
      const id = await createOne({ name: 'bal-range', type: 1, base_url: upstream.url, key: 'good-key' });
      upstream.seen.length = 0;
      await balanceOf(id);
      expect(upstream.seen.map((r) => r.path)).toEqual([
        '/v1/dashboard/billing/subscription',
        expect.stringMatching(
          /^\/v1\/dashboard\/billing\/usage\?start_date=\d{4}-\d\d-\d\d&end_date=\d{4}-\d\d-\d\d$/,
        ),
      ]);
    });

    it('answers a clean refusal for unsupported types and upstream failures, storing nothing', async () => {
      const anthropic = await createOne({ name: 'bal-14', type: 14, base_url: upstream.url });
      await refused(
        () => admin.get(`/api/channel/update_balance/${anthropic}`),
        'balance query is not supported for this channel type',
      );
      const bad = await createOne({ name: 'bal-bad', type: 1, base_url: upstream.url, key: 'bad-key' });
      const failed = await admin.get(`/api/channel/update_balance/${bad}`);
      expect(failed.body.success).toBe(false);
      expect(failed.body.message).toMatch(/HTTP 401/);
      expect(failed.body.message).not.toContain('bad-key');
      const html = await createOne({ name: 'bal-html', type: 40, base_url: upstream.url, key: 'html-key' });
      await refused(() => admin.get(`/api/channel/update_balance/${html}`), /not JSON/);
      const down = await createOne({
        name: 'bal-down',
        type: 25,
        base_url: 'http://127.0.0.1:9',
        key: 'good-key',
      });
      await refused(() => admin.get(`/api/channel/update_balance/${down}`), /could not be reached/);
      expect(Number((await row(bad))!.balance_updated_time)).toBe(0);
      await refused(() => admin.get('/api/channel/update_balance/999999'), /channel not found/);
    });

    it('updates every enabled channel that has a balance endpoint, counting failures', async () => {
      // Every channel talks to the mock (no test reaches a real provider); one stays unreachable.
      await db()
        .updateTable('channels')
        .set({ base_url: upstream.url })
        .where((eb) => eb.or([eb('base_url', 'is', null), eb('base_url', 'not like', 'http://127.0.0.1:%')]))
        .execute();
      const eligible = await db()
        .selectFrom('channels')
        .select(['key', 'base_url'])
        .where('status', '=', 1)
        .where('type', 'in', [1, 8, 20, 25, 40, 43])
        .execute();
      const failing = eligible.filter(
        (c) => ['bad-key', 'html-key'].includes(c.key) || c.base_url === 'http://127.0.0.1:9',
      );
      expect(failing).toHaveLength(3);
      const answer = await admin.get<{ updated: number; failed: number }>('/api/channel/update_balance');
      expect(answer.body).toEqual({
        success: true,
        message: '',
        data: { updated: eligible.length - failing.length, failed: failing.length },
      });
      const disabled = await db()
        .selectFrom('channels')
        .select('balance_updated_time')
        .where('status', '!=', 1)
        .execute();
      expect(disabled.every((c) => Number(c.balance_updated_time) === 0)).toBe(true);
    });

    it('fetches model ids from a stored channel or from a key in the create form', async () => {
      const id = await createOne({
        name: 'fm',
        type: 8,
        base_url: upstream.url,
        key: 'good-key\nsecond-key',
      });
      upstream.seen.length = 0;
      expect((await admin.get(`/api/channel/fetch_models/${id}`)).body).toEqual({
        success: true,
        message: '',
        data: ['up-1', 'up-2'],
      });
      expect(upstream.seen[0]).toMatchObject({
        path: '/v1/models',
        headers: { authorization: 'Bearer good-key' },
      });
      const posted = await admin.post('/api/channel/fetch_models', {
        base_url: `${upstream.url}/`,
        type: 1,
        key: 'good-key',
      });
      expect(posted.body.data).toEqual(['up-1', 'up-2']);
      upstream.seen.length = 0;
      const azure = await admin.post('/api/channel/fetch_models', {
        base_url: upstream.url,
        type: 3,
        key: 'az-key',
      });
      expect(azure.body.data).toEqual(['up-1', 'up-2']);
      expect(upstream.seen[0]!.headers['api-key']).toBe('az-key');
      expect(upstream.seen[0]!.headers.authorization).toBeUndefined();
      await refused(
        () => admin.post('/api/channel/fetch_models', { base_url: upstream.url, type: 1 }),
        'please fill in key',
      );
      await refused(
        () => admin.post('/api/channel/fetch_models', { base_url: upstream.url, key: '' }),
        'please fill in key',
      );
      const failed = await admin.post('/api/channel/fetch_models', {
        base_url: upstream.url,
        type: 1,
        key: 'bad-key',
      });
      expect(failed.body).toMatchObject({ success: false, message: expect.stringMatching(/HTTP 401/) });
      expect(failed.body.message).not.toContain('bad-key');
      await refused(() => admin.post('/api/channel/fetch_models', { base_url: 'ftp://x', key: 'k' }), /http/);
      await refused(() => admin.get('/api/channel/fetch_models/999999'), /channel not found/);
    });
  });

  describe('catalogues', () => {
    it('lists every known model: channel models and priced ones', async () => {
      await createOne({ name: 'cat', models: 'catalogue-only-model' });
      const answer =
        await admin.get<{ id: string; object: string; owned_by: string }[]>('/api/channel/models');
      const models = answer.body.data!;
      expect(models).toContainEqual({ id: 'catalogue-only-model', object: 'model', owned_by: 'OpenAI' });
      const ratios = Object.keys(t.server.settings.json<Record<string, number>>('ModelRatio'));
      expect(ratios.length).toBeGreaterThan(0);
      expect(models.map((m) => m.id)).toContain(ratios[0]);
      expect(new Set(models.map((m) => m.id)).size).toBe(models.length);
    });

    it('lists the models enabled channels serve, following status changes', async () => {
      const id = await createOne({ name: 'en', models: 'enabled-only-model', group: 'engrp' });
      expect((await admin.get<string[]>('/api/channel/models_enabled')).body.data).toContain(
        'enabled-only-model',
      );
      await admin.put('/api/channel/', { id, status: 2 });
      expect((await admin.get<string[]>('/api/channel/models_enabled')).body.data).not.toContain(
        'enabled-only-model',
      );
    });

    it("lists the channel types with what the form asks for each, in the reader's language", async () => {
      const types = (await admin.get<ChannelTypeOption[]>('/api/channel/types')).body.data!;
      expect(types.find((type) => type.id === 1)).toMatchObject({
        name: 'OpenAI',
        default_base_url: 'https://api.openai.com',
        served: true,
        organization: true,
        other: null,
      });
      expect(types.find((type) => type.id === 3)).toMatchObject({
        name: expect.stringMatching(/Azure/),
        base_url_required: true,
        other: { label: 'Default API version', required: false },
      });
      const bedrock = types.find((type) => type.id === 33)!;
      expect(bedrock.key_formats.map(({ hint }) => hint)).toEqual([
        expect.stringContaining('AccessKeyId|SecretAccessKey|region'),
        expect.stringContaining('BedrockApiKey|region'),
      ]);
      for (const format of bedrock.key_formats) expect(format.example).toMatch(new RegExp(format.pattern));
      // Baidu ERNIE is not served yet; the Midjourney proxies and Suno are, through their task routes.
      expect(types.find((type) => type.id === 15)?.served).toBe(false);
      expect(types.find((type) => type.id === 2)?.served).toBe(true);
      // Suno has no address of its own: a channel names the Suno API service it uses.
      expect(types.find((type) => type.id === 36)).toMatchObject({ served: true, base_url_required: true });
      // The video vendors with new-api's ids and addresses: Vidu and Doubao Video served by the
      // video routes, Jimeng listed (for imported channels) but not served yet.
      expect(types.find((type) => type.id === 52)).toMatchObject({
        served: true,
        default_base_url: 'https://api.vidu.cn',
      });
      expect(types.find((type) => type.id === 54)).toMatchObject({
        served: true,
        default_base_url: 'https://ark.cn-beijing.volces.com',
      });
      expect(types.find((type) => type.id === 51)).toMatchObject({
        served: false,
        default_base_url: 'https://visual.volcengineapi.com',
      });

      const inChinese = (
        await admin.get<ChannelTypeOption[]>('/api/channel/types', { 'accept-language': 'zh-CN' })
      ).body.data!;
      expect(inChinese.find((type) => type.id === 39)?.other).toMatchObject({
        label: '账户 ID（Account ID）',
        required: true,
      });
      expect(inChinese.find((type) => type.id === 18)?.other?.default).toBe('v2.1');
    });
  });

  describe('permissions and the key', () => {
    it('refuses a common user everywhere with "no permission", and an anonymous caller with 401', async () => {
      const id = await createOne({ name: 'perm' });
      const calls: Array<(c: ConsoleClient) => Promise<Answer>> = [
        (c) => c.get('/api/channel/'),
        (c) => c.get('/api/channel/search?keyword=perm'),
        (c) => c.get(`/api/channel/${id}`),
        (c) => c.post('/api/channel/', { name: 'x', key: 'k', models: 'm' }),
        (c) => c.put('/api/channel/', { id, status: 2 }),
        (c) => c.delete(`/api/channel/${id}/`),
        (c) => c.delete('/api/channel/disabled'),
        (c) => c.post('/api/channel/batch', { ids: [id] }),
        (c) => c.post('/api/channel/fix'),
        (c) => c.get(`/api/channel/test/${id}`),
        (c) => c.get('/api/channel/update_balance'),
        (c) => c.get('/api/channel/models'),
        (c) => c.get('/api/channel/types'),
        (c) => c.post('/api/channel/tag/disabled', { tag: 'x' }),
        (c) => c.post('/api/channel/batch/tag', { ids: [id], tag: 'x' }),
        (c) => c.post(`/api/channel/${id}/key`),
      ];
      for (const call of calls) await refused(() => call(common), NO_PERMISSION);
      const anonymous = new ConsoleClient(t.url);
      anonymous.userId = 1;
      for (const call of calls) expect((await call(anonymous)).status).toBe(401);
    });

    it('never sends the key back, except to root on the explicit reveal', async () => {
      const [id] = await create({ name: 'secretive', tag: 'sec' });
      const answers = [
        await admin.post('/api/channel/', { name: 'secretive2', key: SECRET, models: 'm' }),
        await admin.get('/api/channel/?page_size=100'),
        await admin.get('/api/channel/?tag_mode=true&page_size=100'),
        await admin.get('/api/channel/search?keyword=secretive'),
        await admin.get('/api/channel/search?keyword=sec&tag_mode=true'),
        await admin.get(`/api/channel/${id}`),
        await admin.put('/api/channel/', { id, name: 'secretive', key: '' }),
        await root.get(`/api/channel/${id}`),
      ];
      for (const answer of answers) {
        expect(answer.body.success).toBe(true);
        expect(JSON.stringify(answer.body)).not.toContain(SECRET);
      }
      expect((await admin.get<ChannelView>(`/api/channel/${id}`)).body.data!.key).toBe('');
      await refused(() => admin.post(`/api/channel/${id}/key`), NO_PERMISSION);
      expect((await root.post(`/api/channel/${id}/key`)).body).toEqual({
        success: true,
        message: '',
        data: { key: SECRET },
      });
      expect((await root.post('/api/channel/999999/key')).body.message).toMatch(/channel not found/);
    });
  });
});
