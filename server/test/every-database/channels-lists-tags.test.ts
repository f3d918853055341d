import { beforeAll, describe, expect, it } from 'vitest';
import type { ChannelPage, ChannelView } from '@relaygate/contract';
import { databaseUnavailable } from '../support/test-server.ts';
import {
  SECRET,
  admin,
  candidateIds,
  createOne,
  db,
  expectAbilitiesMatch,
  list,
  refused,
  row,
  useChannelConsole,
} from '../support/channel-console.ts';

describe.skipIf(databaseUnavailable())('channels console API: lists, tags', () => {
  useChannelConsole();

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
});
