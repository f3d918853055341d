import type { Page, RedemptionView } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin, signInAsRoot, type ConsoleClient } from '../support/console-client.ts';
import { topUpLogRows, walletOf } from '../support/mock-payments.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

/** Each scenario its own client address (the server trusts X-Forwarded-For here), so the guess limit of one never touches another. */
const from = (address: string) => ({ 'x-forwarded-for': address });

describe.skipIf(databaseUnavailable())('redemption codes', () => {
  let t: TestServer;
  let root: ConsoleClient;
  const db = () => t.server.store.db;

  async function create(body: Record<string, unknown>): Promise<string[]> {
    const answer = await root.post<string[]>('/api/redemption/', body);
    expect(answer.body.success, answer.body.message).toBe(true);
    return answer.body.data!;
  }
  async function codeByKey(key: string) {
    return db().selectFrom('redemptions').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
  }
  const quotaOf = (userId: number) => walletOf(db(), userId);
  const topUpLogs = (userId?: number) => topUpLogRows(db(), userId);

  beforeAll(async () => {
    t = await startTestServer({ TRUST_PROXY: 'true' });
    root = await signInAsRoot(t.url);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a batch of 32-character keys, named by quota when unnamed, and lists, searches and reads them', async () => {
    const keys = await create({ name: 'batch-a', quota: 100_000, count: 3 });
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(new Set(keys).size).toBe(3);
    const [unnamed] = await create({ quota: 500_000 });
    expect((await codeByKey(unnamed!)).name).toBe('$1.00');

    const page = await root.get<Page<RedemptionView>>('/api/redemption/?p=1&page_size=2');
    expect(page.body.data).toMatchObject({ page: 1, page_size: 2, total: 4 });
    expect(page.body.data!.items).toHaveLength(2);
    const found = await root.get<Page<RedemptionView>>('/api/redemption/search?keyword=batch');
    expect(found.body.data!.total).toBe(3);
    const id = Number((await codeByKey(keys[0]!)).id);
    const one = await root.get<RedemptionView>(`/api/redemption/${id}`);
    expect(one.body.data).toMatchObject({ id, key: keys[0], status: 1, quota: 100_000 });
  });

  it('refuses bad creations with clear messages', async () => {
    for (const [body, message] of [
      [{ quota: 0 }, /quota/],
      [{ quota: 1.5 }, /quota/],
      [{ quota: 10, count: 101 }, /count/],
      [{ quota: 10, count: 0 }, /count/],
      [{ quota: 10, name: 'x'.repeat(21) }, /name/],
      [{ quota: 10, expired_time: 1000 }, /future/],
    ] as const) {
      const answer = await root.post('/api/redemption/', body);
      expect(answer.body.success, JSON.stringify(body)).toBe(false);
      expect(answer.body.message).toMatch(message);
    }
  });

  it('keeps codes away from users who are not admins', async () => {
    const user = await registerAndLogin(t.url, 'nosy');
    const answer = await user.get('/api/redemption/');
    expect(answer.body.success).toBe(false);
    expect(answer.body.message).toMatch(/permission/);
  });

  it('credits once per code, logs it, and refuses unknown, used, disabled and expired codes each with its own message', async () => {
    const user = await registerAndLogin(t.url, 'redeemer');
    const [good, disabled, expiring] = await create({ name: 'r', quota: 123_456, count: 3 });
    const disabledId = Number((await codeByKey(disabled!)).id);
    expect(
      (await root.put('/api/redemption/?status_only=true', { id: disabledId, status: 2 })).body.success,
    ).toBe(true);
    await db().updateTable('redemptions').set({ expired_time: 1000 }).where('key', '=', expiring!).execute();
    const before = await quotaOf(user.userId!);

    const redeemed = await user.post<number>('/api/user/topup', { key: good }, from('10.0.0.1'));
    expect(redeemed.body).toMatchObject({ success: true, data: 123_456 });
    expect(await quotaOf(user.userId!)).toBe(before + 123_456);
    const code = await codeByKey(good!);
    expect(code).toMatchObject({ status: 3, used_user_id: user.userId });
    expect(Number(code.redeemed_time)).toBeGreaterThan(0);
    const logs = await topUpLogs(user.userId);
    expect(logs).toHaveLength(1);
    expect(Number(logs[0]!.quota)).toBe(123_456);
    expect(logs[0]!.content).toContain(`#${code.id}`);

    for (const [key, message] of [
      ['no-such-code-at-all', /invalid redemption code/],
      [good, /already been used/],
      [disabled, /disabled/],
      [expiring, /expired/],
      ['', /please enter a redemption code/],
    ] as const) {
      const answer = await user.post('/api/user/topup', { key }, from('10.0.0.1'));
      expect(answer.body.success, String(key)).toBe(false);
      expect(answer.body.message).toMatch(message);
    }
    expect(await quotaOf(user.userId!)).toBe(before + 123_456);
    expect(await topUpLogs(user.userId)).toHaveLength(1);
  });

  it('50 concurrent redemptions of one code: exactly one succeeds, the quota is credited once, one log row', async () => {
    const users = await Promise.all([0, 1, 2, 3, 4].map((i) => registerAndLogin(t.url, `racer${i}`)));
    const [key] = await create({ name: 'race', quota: 777_777 });
    const before = await Promise.all(users.map((u) => quotaOf(u.userId!)));
    const logsBefore = (await topUpLogs()).length;

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        users[i % 5]!.post('/api/user/topup', { key }, from(`10.1.0.${i}`)),
      ),
    );
    const winners = answers.filter((a) => a.body.success);
    expect(winners).toHaveLength(1);
    for (const loser of answers.filter((a) => !a.body.success))
      expect(loser.body.message).toMatch(/already been used/);

    const after = await Promise.all(users.map((u) => quotaOf(u.userId!)));
    const gained = after.map((q, i) => q - before[i]!);
    expect(gained.reduce((a, b) => a + b, 0)).toBe(777_777);
    expect(gained.filter((g) => g !== 0)).toEqual([777_777]);
    expect((await topUpLogs()).length).toBe(logsBefore + 1);
    const code = await codeByKey(key!);
    expect(code.status).toBe(3);
    expect(users[gained.indexOf(777_777)]!.userId).toBe(Number(code.used_user_id));
  });

  it('stops guessing after 20 failures per user and per address within the window', async () => {
    const guesser = await registerAndLogin(t.url, 'guesser');
    const [real] = await create({ name: 'guess', quota: 1000 });
    for (let i = 0; i < 20; i++) {
      const answer = await guesser.post('/api/user/topup', { key: `wrong${i}` }, from(`10.2.0.${i}`));
      expect(answer.body.message).toMatch(/invalid redemption code/);
    }
    const blocked = await guesser.post('/api/user/topup', { key: real }, from('10.2.1.1'));
    expect(blocked.body).toMatchObject({ success: false });
    expect(blocked.body.message).toMatch(/too many failed/);
    expect((await codeByKey(real!)).status).toBe(1);

    // Another user from an address that failed 20 times is refused too; from a fresh address they may redeem.
    const other = await registerAndLogin(t.url, 'neighbour');
    for (let i = 0; i < 20; i++) await other.post('/api/user/topup', { key: `nope${i}` }, from('10.3.0.1'));
    const third = await registerAndLogin(t.url, 'third');
    expect((await third.post('/api/user/topup', { key: real }, from('10.3.0.1'))).body.message).toMatch(
      /too many/,
    );
    expect((await third.post('/api/user/topup', { key: real }, from('10.3.0.2'))).body.success).toBe(true);
  });

  it('edits only unused codes, never re-enables a used one, deletes one and then all invalid ones', async () => {
    const user = await registerAndLogin(t.url, 'editor-check');
    const [fresh, used, expired] = await create({ name: 'edit', quota: 10, count: 3 });
    const idOf = async (key: string) => Number((await codeByKey(key)).id);
    const freshId = await idOf(fresh!);
    const edited = await root.put<RedemptionView>('/api/redemption/', {
      id: freshId,
      name: 'renamed',
      quota: 20,
    });
    expect(edited.body.data).toMatchObject({ name: 'renamed', quota: 20, status: 1 });

    expect((await user.post('/api/user/topup', { key: used }, from('10.4.0.1'))).body.success).toBe(true);
    const usedId = await idOf(used!);
    const edit = await root.put('/api/redemption/', { id: usedId, quota: 999 });
    expect(edit.body.message).toMatch(/used/);
    const enable = await root.put('/api/redemption/?status_only=true', { id: usedId, status: 1 });
    expect(enable.body.message).toMatch(/used/);
    expect(Number((await codeByKey(used!)).quota)).toBe(10);

    await db().updateTable('redemptions').set({ expired_time: 1000 }).where('key', '=', expired!).execute();
    const removed = await root.delete<number>('/api/redemption/invalid');
    expect(removed.body.success).toBe(true);
    expect(removed.body.data).toBeGreaterThanOrEqual(2);
    const left = await root.get<Page<RedemptionView>>('/api/redemption/?page_size=100');
    const listed = new Set(left.body.data!.items.map((c) => c.key));
    expect([fresh, used, expired].map((key) => listed.has(key!))).toEqual([true, false, false]);
    expect((await root.delete(`/api/redemption/${freshId}/`)).body.success).toBe(true);
    expect((await root.get(`/api/redemption/${freshId}`)).body.message).toMatch(/not found/);
  });
});
