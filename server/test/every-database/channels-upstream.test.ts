import { describe, expect, it } from 'vitest';
import { databaseUnavailable } from '../support/test-server.ts';
import {
  admin,
  createOne,
  db,
  refused,
  row,
  t,
  upstream,
  useChannelConsole,
} from '../support/channel-console.ts';

describe.skipIf(databaseUnavailable())(
  'channels console API: channel tests, upstream balance and models',
  () => {
    useChannelConsole();

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
        expect(await balanceOf(id)).toMatchObject({
          balance: 70,
          currency: 'CNY',
          data: { currency: 'CNY' },
        });
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
          .where((eb) =>
            eb.or([eb('base_url', 'is', null), eb('base_url', 'not like', 'http://127.0.0.1:%')]),
          )
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
        await refused(
          () => admin.post('/api/channel/fetch_models', { base_url: 'ftp://x', key: 'k' }),
          /http/,
        );
        await refused(() => admin.get('/api/channel/fetch_models/999999'), /channel not found/);
      });
    });
  },
);
