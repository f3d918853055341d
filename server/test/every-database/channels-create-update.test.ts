import { describe, expect, it } from 'vitest';
import type { ChannelView } from '@relaygate/contract';
import { databaseUnavailable } from '../support/test-server.ts';
import {
  SECRET,
  abilitiesOf,
  admin,
  candidateIds,
  create,
  createOne,
  db,
  expectAbilitiesMatch,
  refused,
  row,
  t,
  useChannelConsole,
} from '../support/channel-console.ts';

describe.skipIf(databaseUnavailable())('channels console API: create, update, delete and fix', () => {
  useChannelConsole();

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
});
