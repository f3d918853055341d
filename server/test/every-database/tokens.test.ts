import type { Page, TokenView } from '@relaygate/contract';
import type { Updateable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomAlphanumeric } from '../../src/auth/random.ts';
import type { TokensTable } from '../../src/store/schema.ts';
import { insertTokens } from '../../src/store/tokens.ts';
import { ConsoleClient, userWithRole, type Answer, signInAsRoot } from '../support/console-client.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

const KEY = /^[A-Za-z0-9]{48}$/;
const NOT_FOUND = { success: false, message: 'token not found' };
const now = () => Math.floor(Date.now() / 1000);

describe.skipIf(databaseUnavailable())('tokens console API', () => {
  let t: TestServer;
  let alice: ConsoleClient;
  let bob: ConsoleClient;
  let admin: ConsoleClient;

  const db = () => t.server.store.db;
  const rows = () => db().selectFrom('tokens').selectAll().orderBy('id').execute();
  const rowOf = (id: number) =>
    db().selectFrom('tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const cached = (key: string) => t.server.keys.token(key);
  const setRow = (id: number, values: Updateable<TokensTable>) =>
    db().updateTable('tokens').set(values).where('id', '=', id).execute();

  /** Runs a request that must be refused, and checks that no token row changed. */
  async function refusedWithoutChange(run: () => Promise<Answer>, message?: RegExp | string): Promise<void> {
    const before = await rows();
    const answer = await run();
    expect(answer.body.success, JSON.stringify(answer.body)).toBe(false);
    if (message instanceof RegExp) expect(answer.body.message).toMatch(message);
    else if (message) expect(answer.body.message).toBe(message);
    expect(await rows()).toEqual(before);
  }

  async function create(client: ConsoleClient, body: Record<string, unknown>): Promise<TokenView[]> {
    const answer = await client.post<TokenView[]>('/api/token/', body);
    expect(answer.body.success, answer.body.message).toBe(true);
    return answer.body.data!;
  }
  const createOne = async (client: ConsoleClient, body: Record<string, unknown>) =>
    (await create(client, body))[0]!;

  async function put(client: ConsoleClient, body: Record<string, unknown>, query = ''): Promise<TokenView> {
    const answer = await client.put<TokenView>(`/api/token/${query}`, body);
    expect(answer.body.success, answer.body.message).toBe(true);
    return answer.body.data!;
  }

  /** The lists in the page form (paged=true); the classic form is pinned in classic-console-contract.test.ts. */
  async function list(client: ConsoleClient, path: string): Promise<Page<TokenView>> {
    const answer = await client.get<Page<TokenView>>(`${path}${path.includes('?') ? '&' : '?'}paged=true`);
    expect(answer.body.success, answer.body.message).toBe(true);
    return answer.body.data!;
  }

  beforeAll(async () => {
    t = await startTestServer();
    const root = await signInAsRoot(t.url);
    alice = await userWithRole(root, 'alice', 1);
    bob = await userWithRole(root, 'bob', 1);
    admin = await userWithRole(root, 'admin1', 10);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a token with a fresh 48-character key, stored without sk-, ignoring fields the user may not set', async () => {
    const [token, ...rest] = await create(alice, {
      name: 'first',
      remain_quota: 500_000,
      expired_time: -1,
      ...{ user_id: bob.userId, key: 'x'.repeat(48), status: 2, used_quota: 9, id: 1 },
    });
    expect(rest).toEqual([]);
    expect(token).toMatchObject({ name: 'first', user_id: alice.userId, status: 1, remain_quota: 500_000 });
    expect(token).toMatchObject({ expired_time: -1, used_quota: 0, unlimited_quota: false, group: '' });
    expect(token).toMatchObject({ model_limits_enabled: false, model_limits: '', allow_ips: '' });
    expect(token!.key).toMatch(KEY);
    expect(Math.abs(token!.created_time - now())).toBeLessThan(10);
    expect((await rowOf(token!.id)).key).toBe(token!.key);
    expect(await cached(token!.key)).toMatchObject({ id: token!.id, user_id: alice.userId });
  });

  it('sets every field: model limits trimmed, the IP list normalised, a usable group, a future expiry', async () => {
    const expiry = now() + 86_400;
    const token = await createOne(alice, {
      name: '  full  ',
      expired_time: expiry,
      remain_quota: 0,
      unlimited_quota: true,
      model_limits_enabled: true,
      model_limits: ' gpt-4o , claude-3-5-sonnet ,, gpt-4o ',
      allow_ips: ' 10.0.0.1 \n\n192.168.0.0/16\r\n2001:db8::/32\n::1\n',
      group: 'vip',
    });
    expect(token).toMatchObject({ name: 'full', expired_time: expiry, unlimited_quota: true, group: 'vip' });
    expect(token.model_limits).toBe('gpt-4o,claude-3-5-sonnet');
    expect(token.allow_ips).toBe('10.0.0.1\n192.168.0.0/16\n2001:db8::/32\n::1');
    expect(token.model_limits_enabled).toBe(true);
    expect((await createOne(alice, { name: 'own group', group: 'default' })).group).toBe('default');
  });

  it('creates a batch with count: suffixed names and distinct keys', async () => {
    const batch = await create(alice, { name: 'team', count: 5, remain_quota: 10 });
    expect(batch.map((token) => token.name)[0]).toBe('team');
    for (const token of batch.slice(1)) expect(token.name).toMatch(/^team-[A-Za-z0-9]{6}$/);
    expect(batch.every((token) => token.remain_quota === 10 && KEY.test(token.key))).toBe(true);
    const big = await create(bob, { name: 'many', count: 100 });
    expect(big).toHaveLength(100);
    expect(new Set([...batch, ...big].map((token) => token.key)).size).toBe(105);
    expect(new Set(big.map((token) => token.name)).size).toBe(100);
  });

  it('retries a key collision with new keys; a batch that cannot be written leaves nothing behind', async () => {
    const taken = (await rows())[0]!.key;
    const store = t.server.store;
    const userId = alice.userId!;
    let calls = 0;
    const retried = await insertTokens(
      store,
      [
        { user_id: userId, name: 'retry-a' },
        { user_id: userId, name: 'retry-b' },
      ],
      () => (++calls === 2 ? taken : randomAlphanumeric(48)),
    );
    expect(retried.map((row) => row.name)).toEqual(['retry-a', 'retry-b']);
    expect(calls).toBe(4);
    const named = await db().selectFrom('tokens').select('name').where('name', 'like', 'retry-%').execute();
    expect(named).toHaveLength(2);

    const before = await rows();
    const stuck = [
      { user_id: userId, name: 'stuck-a' },
      { user_id: userId, name: 'stuck-b' },
    ];
    // Every attempt's second key is taken, so all attempts fail and each one rolls back.
    let n = 0;
    const failing = insertTokens(store, stuck, () => (++n % 2 === 0 ? taken : randomAlphanumeric(48)));
    await expect(failing).rejects.toThrow();
    expect(n).toBe(10);
    expect(await rows()).toEqual(before);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const past = now() - 60;
    const cases: Array<[unknown, RegExp]> = [
      [{}, /name/],
      [{ name: '   ' }, /token name cannot be empty/],
      [{ name: 'x'.repeat(51) }, /name: token name must be at most 50 characters/],
      [{ name: '令'.repeat(51) }, /at most 50 characters/],
      [{ name: 42 }, /name/],
      // Refused before parsing, for every route (see http/json-body.ts).
      [{ name: 'a\u0000b' }, /NUL character/],
      [{ name: 'ok', expired_time: past }, /expired_time must be in the future/],
      [{ name: 'ok', expired_time: 0 }, /expired_time/],
      [{ name: 'ok', expired_time: 'tomorrow' }, /expired_time/],
      [{ name: 'ok', expired_time: 1.5 }, /expired_time/],
      [{ name: 'ok', remain_quota: -1 }, /quota cannot be negative/],
      [{ name: 'ok', remain_quota: 0.5 }, /remain_quota must be a whole number/],
      [{ name: 'ok', remain_quota: '100' }, /remain_quota/],
      [{ name: 'ok', remain_quota: 1e300 }, /remain_quota is too large/],
      [{ name: 'ok', unlimited_quota: 'yes' }, /unlimited_quota/],
      [{ name: 'ok', model_limits_enabled: 1 }, /model_limits_enabled/],
      [{ name: 'ok', model_limits: ['gpt-4o'] }, /model_limits/],
      [{ name: 'ok', group: 'svip' }, /group "svip" is not available to you/],
      [{ name: 'ok', group: "default' OR '1'='1" }, /is not available/],
      [{ name: 'ok', group: 'constructor' }, /is not available/],
      [
        { name: 'ok', allow_ips: '10.0.0.1\n not-an-ip ' },
        /allow_ips: "not-an-ip" is not an IP address or CIDR range/,
      ],
      [{ name: 'ok', allow_ips: '10.0.0.0/33' }, /"10\.0\.0\.0\/33" is not an IP/],
      [{ name: 'ok', allow_ips: "1.1.1.1'; DROP TABLE tokens; --" }, /is not an IP/],
      [{ name: 'ok', count: 0 }, /count must be at least 1/],
      [{ name: 'ok', count: 101 }, /count must be at most 100/],
      [{ name: 'ok', count: 2.5 }, /count must be a whole number/],
      [{ name: 'ok', count: '5' }, /count/],
      [[{ name: 'ok' }], /invalid parameter/],
    ];
    for (const [body, message] of cases)
      await refusedWithoutChange(() => alice.post('/api/token/', body), message);
  });

  it('accepts 50-character names in any script, and stores injection-looking names as plain text', async () => {
    for (const name of ['x'.repeat(50), '令'.repeat(50), '🔑'.repeat(50)]) {
      expect((await createOne(alice, { name })).name).toBe(name);
    }
    const sneaky = `x'); DROP TABLE tokens; --`;
    const token = await createOne(alice, { name: sneaky });
    expect((await rowOf(token.id)).name).toBe(sneaky);
    expect((await list(alice, `/api/token/search?keyword=${encodeURIComponent("' OR 1=1 --")}`)).total).toBe(
      0,
    );
  });

  it('lists own tokens newest first, paged; searches the name and the key with or without sk-', async () => {
    const made = await create(bob, { name: 'b-alpha' });
    made.push(await createOne(bob, { name: 'b-beta' }), await createOne(bob, { name: 'b-gamma 100%' }));
    const all = await list(bob, '/api/token/?p=1&size=100');
    expect(all.total).toBe(103);
    expect(all.items.map((token) => token.id)).toEqual(
      [...all.items.map((token) => token.id)].sort((a, b) => b - a),
    );
    expect(all.items.every((token) => token.user_id === bob.userId)).toBe(true);
    const second = await list(bob, '/api/token/?p=2&page_size=2');
    expect(second).toMatchObject({ page: 2, page_size: 2, total: 103 });
    expect(second.items.map((token) => token.name)).toEqual(['b-alpha', expect.stringMatching(/^many/)]);
    expect((await list(bob, '/api/token?p=0&size=100')).items).toHaveLength(100);

    const names = async (query: string) =>
      (await list(bob, `/api/token/search?${query}`)).items.map((x) => x.name);
    expect(await names('keyword=beta')).toEqual(['b-beta']);
    expect(await names('keyword=%25')).toEqual(['b-gamma 100%']);
    expect(await names(`token=sk-${made[0]!.key}`)).toEqual(['b-alpha']);
    expect(await names(`token=${made[1]!.key.slice(5, 30)}`)).toEqual(['b-beta']);
    expect(await names(`keyword=b-&token=${made[2]!.key}`)).toEqual(['b-gamma 100%']);
    const alices = (await list(alice, '/api/token/?size=1')).items[0]!;
    expect(await names(`token=sk-${alices.key}`)).toEqual([]);
    expect((await list(alice, '/api/token/search?keyword=b-')).total).toBe(0);
  });

  it("keeps users apart: another user's token is 'token not found' to everyone, admins included", async () => {
    const token = await createOne(alice, { name: 'private', remain_quota: 7 });
    expect((await alice.get(`/api/token/${token.id}`)).body.data).toEqual(token);
    for (const other of [bob, admin]) {
      await refusedWithoutChange(() => other.get(`/api/token/${token.id}`), NOT_FOUND.message);
      await refusedWithoutChange(
        () => other.put('/api/token/', { id: token.id, name: 'mine' }),
        NOT_FOUND.message,
      );
      const status = () => other.put('/api/token/?status_only=true', { id: token.id, status: 2 });
      await refusedWithoutChange(status, NOT_FOUND.message);
      await refusedWithoutChange(() => other.delete(`/api/token/${token.id}`), NOT_FOUND.message);
      const before = await rows();
      expect((await other.post('/api/token/batch', { ids: [token.id] })).body).toMatchObject({ data: 0 });
      expect(await rows()).toEqual(before);
    }
    await createOne(admin, { name: 'admin-own' });
    expect((await list(admin, '/api/token/')).items.map((x) => x.name)).toEqual(['admin-own']);
  });

  it('refuses ids that are not positive integers', async () => {
    for (const id of ['abc', '0', '-1', '1.5', encodeURIComponent('1 OR 1=1')]) {
      await refusedWithoutChange(() => alice.get(`/api/token/${id}`), /id must be a positive integer/);
      await refusedWithoutChange(() => alice.delete(`/api/token/${id}`), /id must be a positive integer/);
    }
    for (const id of ['abc', 1.5, -3, null]) {
      await refusedWithoutChange(() => alice.put('/api/token/', { id, name: 'x' }), /id/);
      await refusedWithoutChange(() => alice.put('/api/token/?status_only=true', { id, status: 1 }), /id/);
    }
  });

  it('edits the given fields, keeps the others, validates like create, and refreshes the key cache', async () => {
    const token = await createOne(alice, {
      name: 'edit-me',
      remain_quota: 1000,
      model_limits: 'a,b',
      allow_ips: '::1',
    });
    expect(await cached(token.key)).toMatchObject({ name: 'edit-me' });
    const edited = await put(alice, {
      id: token.id,
      name: 'edited',
      remain_quota: 2000,
      status: 2,
      key: 'k',
    });
    expect(edited).toEqual({ ...token, name: 'edited', remain_quota: 2000 });
    expect(await cached(token.key)).toMatchObject({ name: 'edited', remain_quota: 2000 });
    const more = await put(alice, {
      id: token.id,
      model_limits: ' c ',
      allow_ips: '',
      group: 'vip',
      unlimited_quota: true,
    });
    expect(more).toMatchObject({ model_limits: 'c', allow_ips: '', group: 'vip', unlimited_quota: true });
    for (const [body, message] of [
      [{ remain_quota: -5 }, /quota cannot be negative/],
      [{ group: 'svip' }, /not available/],
      [{ allow_ips: '10.0.0.1\n10.0.0.300' }, /"10\.0\.0\.300"/],
      [{ expired_time: now() - 5 }, /expired_time must be in the future/],
      [{ name: '' }, /token name cannot be empty/],
      [{ name: 'y'.repeat(51) }, /at most 50/],
      [{ unlimited_quota: 'true' }, /unlimited_quota/],
    ] as const) {
      await refusedWithoutChange(() => alice.put('/api/token/', { id: token.id, ...body }), message);
    }
  });

  it('switches status with status_only: only 1 or 2, never enabling an expired or used-up token', async () => {
    const token = await createOne(alice, { name: 'toggle', remain_quota: 5 });
    expect(await cached(token.key)).toMatchObject({ status: 1 });
    const off = await put(alice, { id: token.id, status: 2, name: 'ignored' }, '?status_only=true');
    expect(off).toMatchObject({ status: 2, name: 'toggle' });
    expect(await cached(token.key)).toMatchObject({ status: 2 });
    expect((await put(alice, { id: token.id, status: 1 }, '?status_only=true')).status).toBe(1);
    for (const status of [0, 3, 4, '1', null]) {
      await refusedWithoutChange(
        () => alice.put('/api/token/?status_only=true', { id: token.id, status }),
        /status/,
      );
    }
    const enable = () => alice.put('/api/token/?status_only=true', { id: token.id, status: 1 });
    await setRow(token.id, { status: 2, expired_time: now() - 10 });
    await refusedWithoutChange(enable, 'the token has expired, change its expiry first');
    expect((await put(alice, { id: token.id, expired_time: -1 })).status).toBe(2);
    await setRow(token.id, { remain_quota: 0 });
    await refusedWithoutChange(enable, 'the token quota is used up, raise it first');
    await put(alice, { id: token.id, unlimited_quota: true });
    expect((await enable()).body).toMatchObject({ success: true, data: { status: 1 } });
  });

  it('an edit that makes an expired or exhausted token valid enables it again', async () => {
    const token = await createOne(alice, { name: 'revive', remain_quota: 5 });
    const past = now() - 100;
    await setRow(token.id, { status: 3, expired_time: past });
    expect(await put(alice, { id: token.id, name: 'still', expired_time: past })).toMatchObject({
      status: 3,
    });
    expect((await put(alice, { id: token.id, expired_time: now() + 3600 })).status).toBe(1);
    await setRow(token.id, { status: 4, remain_quota: 0 });
    expect((await put(alice, { id: token.id, name: 'still dry' })).status).toBe(4);
    expect((await put(alice, { id: token.id, remain_quota: 10 })).status).toBe(1);
    expect(await cached(token.key)).toMatchObject({ status: 1, remain_quota: 10 });
  });

  it('deletes softly: the row keeps a deleted_at, the token disappears and its key stops authenticating', async () => {
    const [a, b] = await create(alice, { name: 'doomed', count: 2 });
    for (const [token, path] of [
      [a!, `/api/token/${a!.id}/`],
      [b!, `/api/token/${b!.id}`],
    ] as const) {
      expect(await cached(token.key)).not.toBeNull();
      expect((await alice.delete(path)).body).toEqual({ success: true, message: '' });
      expect(Number((await rowOf(token.id)).deleted_at)).toBeGreaterThanOrEqual(now() - 10);
      expect(await cached(token.key)).toBeNull();
      expect((await alice.get(`/api/token/${token.id}`)).body).toEqual(NOT_FOUND);
      await refusedWithoutChange(() => alice.delete(path), NOT_FOUND.message);
      await refusedWithoutChange(
        () => alice.put('/api/token/', { id: token.id, name: 'back' }),
        NOT_FOUND.message,
      );
    }
    const names = (await list(alice, '/api/token/search?keyword=doomed')).items;
    expect(names).toEqual([]);
  });

  it('batch-deletes only the caller’s own live tokens and answers how many', async () => {
    const [x, y, z] = await create(alice, { name: 'batch', count: 3 });
    const bobs = await createOne(bob, { name: 'bob-keeps' });
    const answer = await alice.post('/api/token/batch', { ids: [x!.id, y!.id, y!.id, bobs.id, 99_999_999] });
    expect(answer.body).toEqual({ success: true, message: '', data: 2 });
    expect(await cached(x!.key)).toBeNull();
    expect(await cached(y!.key)).toBeNull();
    expect((await cached(z!.key))?.deleted_at).toBeNull();
    expect((await cached(bobs.key))?.deleted_at).toBeNull();
    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { ids: 'all' }, { ids: [0] }]) {
      await refusedWithoutChange(() => alice.post('/api/token/batch', body), /ids/);
    }
  });

  it('answers 401 to every call without a login', async () => {
    const anonymous = new ConsoleClient(t.url);
    anonymous.userId = alice.userId;
    for (const call of [
      () => anonymous.get('/api/token/'),
      () => anonymous.get('/api/token/search?keyword=a'),
      () => anonymous.get('/api/token/1'),
      () => anonymous.post('/api/token/', { name: 'anon' }),
      () => anonymous.put('/api/token/', { id: 1, name: 'anon' }),
      () => anonymous.delete('/api/token/1'),
      () => anonymous.post('/api/token/batch', { ids: [1] }),
    ]) {
      const before = await rows();
      expect((await call()).status).toBe(401);
      expect(await rows()).toEqual(before);
    }
  });
});
