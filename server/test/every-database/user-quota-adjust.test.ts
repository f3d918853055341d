import type { ManageAnswer } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundReservation, reserveQuota } from '../../src/store/quota.ts';
import type { ConsoleClient } from '../support/console-client.ts';
import { signInAsRoot, userWithRole } from '../support/console-client.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * Issue #26 item 24: an admin adds to or deducts from a wallet (POST /api/user/manage with
 * action add_quota, as new-api's newer console sends it) instead of typing the new absolute figure.
 * Money is at stake: every change is one increment in the database, logged as a type-3 row.
 */
describe.skipIf(databaseUnavailable())('admin quota adjustment', () => {
  let t: TestServer;
  let root: ConsoleClient;
  let admin: ConsoleClient;

  const db = () => t.server.store.db;
  const quotaOf = async (id: number) =>
    Number(
      (await db().selectFrom('users').select('quota').where('id', '=', id).executeTakeFirstOrThrow()).quota,
    );
  const manageLogs = (id: number) =>
    db()
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', id)
      .where('type', '=', 3)
      .orderBy('id')
      .execute();

  async function userWith(username: string, quota: number): Promise<number> {
    const created = await admin.post('/api/user/', { username, password: 'password123' });
    expect(created.body.success).toBe(true);
    const row = await db()
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    await db().updateTable('users').set({ quota }).where('id', '=', row.id).execute();
    return Number(row.id);
  }

  const adjust = (by: ConsoleClient, id: number, mode: unknown, value: unknown) =>
    by.post<ManageAnswer>('/api/user/manage', { id, action: 'add_quota', mode, value });

  beforeAll(async () => {
    t = await startTestServer();
    root = await signInAsRoot(t.url);
    admin = await userWithRole(root, 'qadm', 10);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds and deducts whole units, answers the new balance and logs each change with its admin', async () => {
    const id = await userWith('adjust1', 7_499_593);
    const added = await adjust(admin, id, 'add', 2_500_000);
    expect(added.body).toMatchObject({ success: true, data: { quota: 9_999_593, role: 1, status: 1 } });
    expect(await quotaOf(id)).toBe(9_999_593);

    const deducted = await adjust(admin, id, 'subtract', 499_593);
    expect(deducted.body).toMatchObject({ success: true, data: { quota: 9_500_000 } });
    expect(await quotaOf(id)).toBe(9_500_000);

    const logs = await manageLogs(id);
    expect(logs.map((log) => log.content)).toEqual([
      'admin qadm added $5.00 to the quota',
      'admin qadm deducted $0.999186 from the quota',
    ]);
    expect(logs.every((log) => log.username === 'adjust1')).toBe(true);
    expect(JSON.parse(logs[0]!.other!)).toMatchObject({
      admin_info: { admin_id: admin.userId, admin_username: 'qadm' },
    });
    // The same row reads in Chinese for a Chinese console.
    const chinese = await root.get<{ items: Array<{ content: string }> }>(
      '/api/log/?p=1&page_size=2&type=3&username=adjust1',
      { 'Accept-Language': 'zh' },
    );
    expect(chinese.body.data!.items.map((item) => item.content)).toContain('管理员 qadm 增加额度 $5.00');
  });

  it('override sets the balance and logs both amounts', async () => {
    const id = await userWith('adjust2', 1_000_000);
    const answer = await adjust(admin, id, 'override', 250_000);
    expect(answer.body).toMatchObject({ success: true, data: { quota: 250_000 } });
    const [log] = await manageLogs(id);
    expect(log!.content).toBe('admin qadm changed the quota from $2.00 to $0.50');
  });

  it('never deducts more than the balance; a refusal changes nothing and says how much there is', async () => {
    const id = await userWith('adjust3', 1_000_000);
    const answer = await adjust(admin, id, 'subtract', 1_000_001);
    expect(answer.body.success).toBe(false);
    expect(answer.body.message).toBe('cannot deduct more than the balance of $2.00');
    expect(await quotaOf(id)).toBe(1_000_000);
    expect(await manageLogs(id)).toHaveLength(0);
    expect((await adjust(admin, id, 'subtract', 1_000_000)).body.success).toBe(true);
    expect(await quotaOf(id)).toBe(0);
  });

  it('concurrent adjustments are increments: none is lost, and deductions stop exactly at zero', async () => {
    const id = await userWith('adjust4', 0);
    await Promise.all(Array.from({ length: 20 }, () => adjust(admin, id, 'add', 3)));
    expect(await quotaOf(id)).toBe(60);
    const answers = await Promise.all(Array.from({ length: 30 }, () => adjust(admin, id, 'subtract', 5)));
    expect(answers.filter((a) => a.body.success)).toHaveLength(12);
    expect(await quotaOf(id)).toBe(0);
    expect(await manageLogs(id)).toHaveLength(32);
  });

  it('an addition during a call in flight survives the call’s refund (no read-then-write)', async () => {
    const id = await userWith('adjust5', 1_000);
    const payer = { userId: id, tokenId: 0, tokenUnlimited: true };
    const reservation = { id: `adjust5-${Date.now()}`, nodeId: 'test', payer, amount: 400 };
    expect(await reserveQuota(t.server.store, reservation)).toBe('reserved');
    expect((await adjust(admin, id, 'add', 100)).body.data).toMatchObject({ quota: 700 });
    await refundReservation(t.server.store, reservation.id);
    expect(await quotaOf(id)).toBe(1_100);
  });

  it('refuses a zero, negative, fractional or missing amount, an unknown mode and an unknown user', async () => {
    const id = await userWith('adjust6', 500);
    const cases: Array<[unknown, unknown, RegExp]> = [
      ['add', 0, /greater than 0/],
      ['subtract', 0, /greater than 0/],
      ['add', -5, /./],
      ['add', 1.5, /whole number/],
      ['add', '10', /./],
      ['add', undefined, /./],
      ['multiply', 10, /mode must be one of add, subtract, override/],
      [undefined, 10, /mode must be one of/],
    ];
    for (const [mode, value, message] of cases) {
      const answer = await adjust(admin, id, mode, value);
      expect(answer.body.success, JSON.stringify([mode, value])).toBe(false);
      expect(answer.body.message).toMatch(message);
    }
    expect((await adjust(admin, 999_999, 'add', 10)).body.message).toBe('user not found');
    expect(await quotaOf(id)).toBe(500);
    expect(await manageLogs(id)).toHaveLength(0);
  });

  it('follows the role rules: an admin adjusts common users only, root anyone; common users are refused', async () => {
    const otherAdmin = await userWithRole(root, 'qadm2', 10);
    const otherId = otherAdmin.userId!;
    const before = await quotaOf(otherId);
    expect((await adjust(admin, otherId, 'add', 10)).body.message).toMatch(/same or a higher role/);
    expect(await quotaOf(otherId)).toBe(before);
    expect((await adjust(root, otherId, 'add', 10)).body.success).toBe(true);
    expect(await quotaOf(otherId)).toBe(before + 10);

    const common = await userWithRole(root, 'qcom', 1);
    expect((await adjust(common, common.userId!, 'add', 10)).body.success).toBe(false);
    expect(await quotaOf(common.userId!)).toBe(0);
  });
});
