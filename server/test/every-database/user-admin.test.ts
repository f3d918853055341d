import type { LogView, Page, UserView } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, ROOT, userWithRole, type Answer, signInAsRoot } from '../support/console-client.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

const PASSWORD = 'password123';
const NO_PERMISSION = /no permission/;
const SAME_OR_HIGHER = /same or a higher role/;

describe.skipIf(databaseUnavailable())('admin user management', () => {
  let t: TestServer;
  let root: ConsoleClient;
  let admin: ConsoleClient;
  let admin2: ConsoleClient;
  let common: ConsoleClient;

  const db = () => t.server.store.db;

  async function usersSnapshot() {
    return db().selectFrom('users').selectAll().orderBy('id').execute();
  }
  async function logCount(): Promise<number> {
    const row = await db()
      .selectFrom('logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  async function row(id: number) {
    return db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }
  async function idOf(username: string): Promise<number> {
    const found = await db()
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    return Number(found.id);
  }
  async function sessionCount(userId: number): Promise<number> {
    const found = await db()
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(found.n);
  }

  /** Runs a request that must be refused, and checks that no user row and no log row changed. */
  async function refusedWithoutChange(run: () => Promise<Answer>, message?: RegExp): Promise<Answer> {
    const before = await usersSnapshot();
    const logsBefore = await logCount();
    const answer = await run();
    expect(answer.body.success, JSON.stringify(answer.body)).toBe(false);
    if (message) expect(answer.body.message).toMatch(message);
    expect(await usersSnapshot()).toEqual(before);
    expect(await logCount()).toBe(logsBefore);
    return answer;
  }

  /** Creates a common user as `by` and answers its id. */
  async function createUser(
    by: ConsoleClient,
    username: string,
    extra: Record<string, unknown> = {},
  ): Promise<number> {
    const answer = await by.post('/api/user/', { username, password: PASSWORD, ...extra });
    expect(answer.body, `create ${username}`).toMatchObject({ success: true });
    return idOf(username);
  }

  async function canLogin(username: string, password = PASSWORD): Promise<boolean> {
    const answer = await new ConsoleClient(t.url).post('/api/user/login', { username, password });
    return answer.body.success;
  }

  async function loggedIn(username: string, password = PASSWORD): Promise<ConsoleClient> {
    const client = new ConsoleClient(t.url);
    await client.login(username, password);
    return client;
  }

  beforeAll(async () => {
    t = await startTestServer();
    root = await signInAsRoot(t.url);
    admin = await userWithRole(root, 'adm1', 10);
    admin2 = await userWithRole(root, 'adm2', 10);
    common = await userWithRole(root, 'com1', 1);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('role matrix', () => {
    it('a common user is refused every admin endpoint with success:false "no permission", and nothing changes', async () => {
      const victim = await createUser(root, 'rmvictim');
      const calls: Array<() => Promise<Answer>> = [
        () => common.get('/api/user/'),
        () => common.get('/api/user/search?keyword=rm'),
        () => common.get(`/api/user/${victim}`),
        () => common.get(`/api/user/${common.userId}`),
        () => common.post('/api/user/', { username: 'rmnew', password: PASSWORD }),
        () => common.put('/api/user/', { id: victim, quota: 123 }),
        () => common.put('/api/user/', { id: common.userId, quota: 999_999 }),
        () => common.post('/api/user/manage', { id: victim, action: 'disable' }),
        () => common.post('/api/user/manage', { id: common.userId, action: 'promote' }),
        () => common.delete(`/api/user/${victim}`),
      ];
      for (const call of calls) {
        const answer = await refusedWithoutChange(call, NO_PERMISSION);
        expect(answer.status).toBe(200);
        expect(answer.body.data).toBeUndefined();
      }
    });

    it('an anonymous caller gets HTTP 401 from every admin endpoint', async () => {
      const anonymous = new ConsoleClient(t.url);
      anonymous.userId = 1;
      for (const call of [
        () => anonymous.get('/api/user/'),
        () => anonymous.get('/api/user/search?keyword=root'),
        () => anonymous.get('/api/user/1'),
        () => anonymous.post('/api/user/', { username: 'anon1', password: PASSWORD }),
        () => anonymous.put('/api/user/', { id: 1, quota: 1 }),
        () => anonymous.post('/api/user/manage', { id: 1, action: 'disable' }),
        () => anonymous.delete('/api/user/1'),
      ]) {
        const answer = await refusedWithoutChange(call);
        expect(answer.status).toBe(401);
      }
    });

    it('admin and root reach the admin endpoints', async () => {
      expect((await admin.get('/api/user/')).body.success).toBe(true);
      expect((await root.get('/api/user/')).body.success).toBe(true);
    });

    it('a role change takes effect on the next request of an open session', async () => {
      const id = await createUser(root, 'flipper', { role: 10 });
      const flipper = await loggedIn('flipper');
      expect((await flipper.get('/api/user/')).body.success).toBe(true);
      expect((await root.post('/api/user/manage', { id, action: 'demote' })).body.success).toBe(true);
      expect((await flipper.get('/api/user/')).body).toEqual({
        success: false,
        message: expect.stringMatching(NO_PERMISSION),
      });
      expect((await flipper.get('/api/user/self')).body.success).toBe(true);
      expect((await root.post('/api/user/manage', { id, action: 'promote' })).body.success).toBe(true);
      expect((await flipper.get('/api/user/')).body.success).toBe(true);
    });
  });

  describe('list and search', () => {
    it('GET /api/user/ answers {page, page_size, total, items} newest first, without secrets', async () => {
      const answer = await admin.get<Page<UserView>>('/api/user/?p=1&page_size=3');
      expect(answer.body.success).toBe(true);
      const page = answer.body.data!;
      expect(Object.keys(page).sort()).toEqual(['items', 'page', 'page_size', 'total']);
      expect(page.page).toBe(1);
      expect(page.page_size).toBe(3);
      const total = Number(
        (
          await db()
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      expect(page.total).toBe(total);
      expect(page.items).toHaveLength(3);
      const ids = page.items.map((u) => u.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      for (const user of page.items) {
        expect(user.password).toBe('');
        expect(user).not.toHaveProperty('access_token');
        expect(user).toHaveProperty('DeletedAt');
      }
    });

    it('search matches the keyword against id, username, e-mail and display name', async () => {
      const alpha = await createUser(admin, 'kwalpha', { display_name: 'Zephyrine' });
      const beta = await createUser(admin, 'kwbeta');
      expect((await admin.put('/api/user/', { id: beta, email: 'quixote@example.org' })).body.success).toBe(
        true,
      );

      const search = async (keyword: string) => {
        const answer = await admin.get<Page<UserView>>(
          `/api/user/search?keyword=${encodeURIComponent(keyword)}&page_size=100`,
        );
        expect(answer.body.success).toBe(true);
        return answer.body.data!;
      };

      const byName = await search('kwalp');
      expect(byName.items.map((u) => u.id)).toEqual([alpha]);
      expect(byName.total).toBe(1);

      const byPrefix = await search('kw');
      expect(byPrefix.items.map((u) => u.id)).toEqual([beta, alpha]);

      expect((await search('Zephyr')).items.map((u) => u.id)).toEqual([alpha]);
      expect((await search('quixote@exam')).items.map((u) => u.id)).toEqual([beta]);
      expect((await search(String(alpha))).items.map((u) => u.id)).toContain(alpha);
      expect((await search('nobody-has-this')).total).toBe(0);

      // Keyword wildcards and escape characters are literal.
      expect((await search('%')).total).toBe(0);
      expect((await search('_')).total).toBe(0);
      const odd = await createUser(admin, 'kwodd', { display_name: 'a\\b%c_d!e' });
      expect((await search('a\\b%c_d!e')).items.map((u) => u.id)).toEqual([odd]);
      expect((await search('b%c')).items.map((u) => u.id)).toEqual([odd]);
      expect((await search('c_d!')).items.map((u) => u.id)).toEqual([odd]);
      expect((await search('a\\b')).items.map((u) => u.id)).toEqual([odd]);
      expect((await search('a%c')).total).toBe(0);
      expect((await search('c!d')).total).toBe(0);
      expect((await search('!')).items.map((u) => u.id)).toEqual([odd]);
    });

    it('search filters by group, alone and with a keyword', async () => {
      const g1 = await createUser(admin, 'grpone');
      const g2 = await createUser(admin, 'grptwo');
      await createUser(admin, 'grpthree');
      for (const id of [g1, g2]) {
        expect((await admin.put('/api/user/', { id, group: 'tgroup' })).body.success).toBe(true);
      }
      const onlyGroup = await admin.get<Page<UserView>>('/api/user/search?group=tgroup');
      expect(onlyGroup.body.data!.items.map((u) => u.id)).toEqual([g2, g1]);
      expect(onlyGroup.body.data!.total).toBe(2);
      expect(onlyGroup.body.data!.items.every((u) => u.group === 'tgroup')).toBe(true);

      const both = await admin.get<Page<UserView>>('/api/user/search?keyword=grptwo&group=tgroup');
      expect(both.body.data!.items.map((u) => u.id)).toEqual([g2]);
      const wrongGroup = await admin.get<Page<UserView>>('/api/user/search?keyword=grpthree&group=tgroup');
      expect(wrongGroup.body.data!.total).toBe(0);
      expect(wrongGroup.body.data!.items).toEqual([]);
    });

    it('pages with p counting from 1, every match exactly once, total independent of the page', async () => {
      const created: number[] = [];
      for (let i = 1; i <= 7; i++) created.push(await createUser(root, `pgx${i}`));
      const seen: number[] = [];
      for (const p of [1, 2, 3]) {
        const answer = await admin.get<Page<UserView>>(`/api/user/search?keyword=pgx&p=${p}&page_size=3`);
        const page = answer.body.data!;
        expect(page).toMatchObject({ page: p, page_size: 3, total: 7 });
        expect(page.items).toHaveLength(p === 3 ? 1 : 3);
        seen.push(...page.items.map((u) => u.id));
      }
      expect(seen).toEqual([...created].reverse());
      const beyond = await admin.get<Page<UserView>>('/api/user/search?keyword=pgx&p=4&page_size=3');
      expect(beyond.body.data).toMatchObject({ page: 4, total: 7, items: [] });

      // p=0 or junk reads as the first page; a missing page_size is the default 10.
      for (const p of ['0', 'abc', '-2']) {
        const answer = await admin.get<Page<UserView>>(`/api/user/search?keyword=pgx&p=${p}&page_size=3`);
        expect(answer.body.data!.page).toBe(1);
        expect(answer.body.data!.items.map((u) => u.id)).toEqual(seen.slice(0, 3));
      }
      const defaults = await admin.get<Page<UserView>>('/api/user/search?keyword=pgx');
      expect(defaults.body.data!.page_size).toBe(10);
      expect(defaults.body.data!.items).toHaveLength(7);
    });

    it('page_size is clamped at 100', async () => {
      const now = Math.floor(Date.now() / 1000);
      const rows = Array.from({ length: 105 }, (_, i) => ({
        username: `bulk${String(i).padStart(3, '0')}`,
        password: 'not-a-real-hash',
        display_name: 'bulk',
        created_at: now,
      }));
      await db().insertInto('users').values(rows).execute();
      for (const path of ['/api/user/?p=1&page_size=1000', '/api/user/search?keyword=bulk&page_size=101']) {
        const answer = await admin.get<Page<UserView>>(path);
        expect(answer.body.success).toBe(true);
        expect(answer.body.data!.page_size).toBe(100);
        expect(answer.body.data!.items).toHaveLength(100);
        expect(answer.body.data!.total).toBeGreaterThanOrEqual(105);
      }
      const second = await admin.get<Page<UserView>>('/api/user/search?keyword=bulk&p=2&page_size=500');
      expect(second.body.data).toMatchObject({ page: 2, page_size: 100, total: 105 });
      expect(second.body.data!.items).toHaveLength(5);
    });

    it('deleted users are listed, with DeletedAt set', async () => {
      const gone = await createUser(admin, 'lstgone');
      const kept = await createUser(admin, 'lstkept');
      expect((await admin.post('/api/user/manage', { id: gone, action: 'delete' })).body.success).toBe(true);
      const answer = await admin.get<Page<UserView>>('/api/user/search?keyword=lst');
      const items = answer.body.data!.items;
      expect(items.map((u) => u.id)).toEqual([kept, gone]);
      const goneView = items.find((u) => u.id === gone)!;
      expect(goneView.DeletedAt).toEqual(expect.any(String));
      expect(Number.isNaN(Date.parse(goneView.DeletedAt!))).toBe(false);
      expect(items.find((u) => u.id === kept)!.DeletedAt).toBeNull();
      const all = await admin.get<Page<UserView>>('/api/user/?page_size=100');
      expect(all.body.data!.items.map((u) => u.id)).toContain(gone);
    });

    it('SQL injection in keyword or group matches nothing and changes nothing', async () => {
      const before = await usersSnapshot();
      for (const keyword of [
        "' OR '1'='1",
        "%' OR 1=1 --",
        "x'; DROP TABLE users; --",
        '"; DELETE FROM users; --',
        "\\' OR 1=1 #",
        '1 OR 1=1',
      ]) {
        const answer = await admin.get<Page<UserView>>(
          `/api/user/search?keyword=${encodeURIComponent(keyword)}`,
        );
        expect(answer.body.success).toBe(true);
        expect(answer.body.data!.total).toBe(0);
        expect(answer.body.data!.items).toEqual([]);
      }
      const group = await admin.get<Page<UserView>>(
        `/api/user/search?group=${encodeURIComponent("default' OR '1'='1")}`,
      );
      expect(group.body.data!.total).toBe(0);
      expect(await usersSnapshot()).toEqual(before);
    });
  });

  describe('GET /api/user/:id', () => {
    it('an admin reads a common user, never the password or access token', async () => {
      const answer = await admin.get<UserView>(`/api/user/${common.userId}`);
      expect(answer.body.success).toBe(true);
      expect(answer.body.data).toMatchObject({
        id: common.userId,
        username: 'com1',
        role: 1,
        status: 1,
        password: '',
      });
      expect(answer.body.data).not.toHaveProperty('access_token');
    });

    it('an admin cannot read another admin, itself or root', async () => {
      for (const id of [admin2.userId, admin.userId, 1]) {
        const answer = await admin.get(`/api/user/${id}`);
        expect(answer.body).toEqual({ success: false, message: expect.stringMatching(SAME_OR_HIGHER) });
      }
    });

    it('root reads anyone, itself included', async () => {
      for (const [id, role] of [
        [common.userId, 1],
        [admin.userId, 10],
        [1, 100],
      ] as const) {
        const answer = await root.get<UserView>(`/api/user/${id}`);
        expect(answer.body.success).toBe(true);
        expect(answer.body.data).toMatchObject({ id, role });
      }
    });

    it('bad ids are refused, unknown ids are "user not found"', async () => {
      for (const id of [
        '0',
        'abc',
        '-1',
        '1.5',
        '1e2',
        '99999999999999999999',
        encodeURIComponent('1 OR 1=1'),
      ]) {
        const answer = await root.get(`/api/user/${id}`);
        expect(answer.body.success).toBe(false);
        expect(answer.body.message).toMatch(/invalid parameter/);
      }
      const missing = await root.get('/api/user/987654');
      expect(missing.body).toEqual({ success: false, message: 'user not found' });
    });
  });

  describe('POST /api/user/', () => {
    it('an admin creates a common user; display name defaults to the username', async () => {
      const id = await createUser(admin, 'newbie');
      const created = await row(id);
      expect(created).toMatchObject({
        username: 'newbie',
        display_name: 'newbie',
        role: 1,
        status: 1,
        group: 'default',
      });
      expect(created.password).not.toBe(PASSWORD);
      expect(await canLogin('newbie')).toBe(true);
      const named = await createUser(admin, 'named', { display_name: 'Named One' });
      expect((await row(named)).display_name).toBe('Named One');
    });

    it('an admin cannot create a user with role 10 or 100', async () => {
      for (const role of [10, 100]) {
        await refusedWithoutChange(
          () => admin.post('/api/user/', { username: `adm${role}x`, password: PASSWORD, role }),
          /greater than or equal to your own/,
        );
      }
    });

    it('root creates an admin with role 10, never another root', async () => {
      const id = await createUser(root, 'madeadmin', { role: 10 });
      expect((await row(id)).role).toBe(10);
      const made = await loggedIn('madeadmin');
      expect((await made.get('/api/user/')).body.success).toBe(true);
      await refusedWithoutChange(
        () => root.post('/api/user/', { username: 'maderoot', password: PASSWORD, role: 100 }),
        /greater than or equal to your own/,
      );
      for (const role of [0, 5, 11, 99, 101, -1]) {
        await refusedWithoutChange(
          () => root.post('/api/user/', { username: 'oddrole', password: PASSWORD, role }),
          /invalid role/,
        );
      }
    });

    it('username and password are required', async () => {
      for (const body of [
        { username: '', password: PASSWORD },
        { username: 'nopass', password: '' },
        { username: '   ', password: PASSWORD },
        { username: '', password: '' },
      ]) {
        await refusedWithoutChange(
          () => admin.post('/api/user/', body),
          /username and password cannot be empty/,
        );
      }
      for (const body of [{ password: PASSWORD }, { username: 'nopass' }, {}]) {
        await refusedWithoutChange(() => admin.post('/api/user/', body), /invalid parameter/);
      }
    });

    it('password is 8 to 20 characters, username at most 12', async () => {
      await refusedWithoutChange(
        () => admin.post('/api/user/', { username: 'shortpw', password: '1234567' }),
        /at least 8/,
      );
      await refusedWithoutChange(
        () => admin.post('/api/user/', { username: 'longpw', password: 'x'.repeat(21) }),
        /at most 20/,
      );
      await refusedWithoutChange(
        () => admin.post('/api/user/', { username: 'u'.repeat(13), password: PASSWORD }),
        /at most 12/,
      );
      expect((await admin.post('/api/user/', { username: 'pw8', password: '12345678' })).body.success).toBe(
        true,
      );
      expect(await canLogin('pw8', '12345678')).toBe(true);
      expect(
        (await admin.post('/api/user/', { username: 'pw20', password: 'y'.repeat(20) })).body.success,
      ).toBe(true);
      expect(await canLogin('pw20', 'y'.repeat(20))).toBe(true);
      expect(
        (await admin.post('/api/user/', { username: 'u'.repeat(12), password: PASSWORD })).body.success,
      ).toBe(true);
    });

    it('a duplicate username is refused, even of a deleted user', async () => {
      await createUser(admin, 'dupname');
      await refusedWithoutChange(
        () => admin.post('/api/user/', { username: 'dupname', password: PASSWORD }),
        /username already exists/,
      );
      await refusedWithoutChange(
        () => admin.post('/api/user/', { username: 'root', password: PASSWORD }),
        /username already exists/,
      );
      const gone = await createUser(admin, 'dupgone');
      expect((await admin.delete(`/api/user/${gone}`)).body.success).toBe(true);
      await refusedWithoutChange(
        () => admin.post('/api/user/', { username: 'dupgone', password: PASSWORD }),
        /username already exists/,
      );
    });

    it('usernames compare case-sensitively on every database', async () => {
      const lower = await createUser(admin, 'casename');
      const upper = await createUser(admin, 'CaseName', { password: 'otherpass123' });
      expect(upper).not.toBe(lower);
      expect(await canLogin('CaseName', PASSWORD)).toBe(false);
      expect(await canLogin('CaseName', 'otherpass123')).toBe(true);
      expect(await canLogin('casename', PASSWORD)).toBe(true);
    });

    it('wrong types and SQL injection in the username are refused', async () => {
      for (const body of [
        { username: 12345, password: PASSWORD },
        { username: 'typed', password: 12345678 },
        { username: 'typed', password: PASSWORD, role: '10' },
        { username: 'typed', password: PASSWORD, display_name: 7 },
        { username: ['typed'], password: PASSWORD },
        { username: "x' OR '1'='1", password: PASSWORD },
        { username: "a'); DROP TABLE users;--", password: PASSWORD },
        { username: 'tab\tname', password: PASSWORD },
      ]) {
        await refusedWithoutChange(() => admin.post('/api/user/', body), /invalid parameter/);
      }
      // A NUL character is refused before parsing, for every route (see http/json-body.ts).
      await refusedWithoutChange(
        () => admin.post('/api/user/', { username: 'nul\u0000x', password: PASSWORD }),
        /NUL character/,
      );
      await refusedWithoutChange(() => admin.post('/api/user/', '{"username":'), /not valid JSON/);
      expect(await canLogin("x' OR '1'='1")).toBe(false);
    });
  });

  describe('PUT /api/user/', () => {
    it('an admin edits quota, group, display name and password; a quota change writes one type-3 log row', async () => {
      const id = await createUser(admin, 'editme');
      const victim = await loggedIn('editme');
      const logsBefore = await db().selectFrom('logs').selectAll().where('user_id', '=', id).execute();

      const answer = await admin.put('/api/user/', {
        id,
        quota: 123_456,
        group: 'vip',
        display_name: 'Edited Name',
        password: 'newpassword1',
      });
      expect(answer.body).toMatchObject({ success: true });
      expect(await row(id)).toMatchObject({ quota: 123_456, group: 'vip', display_name: 'Edited Name' });

      const logs = await db().selectFrom('logs').selectAll().where('user_id', '=', id).execute();
      expect(logs).toHaveLength(logsBefore.length + 1);
      const log = logs.find((l) => !logsBefore.some((b) => b.id === l.id))!;
      expect(log.type).toBe(3);
      expect(log.username).toBe('editme');
      // Amounts as the site shows them (US dollars by default), to the last unit.
      expect(log.content).toBe('admin adm1 changed the quota from $0.00 to $0.246912');

      // The new password works, the old one does not, and the user's sessions ended.
      expect(await canLogin('editme')).toBe(false);
      expect(await canLogin('editme', 'newpassword1')).toBe(true);
      expect((await victim.get('/api/user/self')).status).toBe(401);

      const view = await admin.get<UserView>(`/api/user/${id}`);
      expect(view.body.data).toMatchObject({ quota: 123_456, group: 'vip', display_name: 'Edited Name' });
    });

    it('an unchanged quota writes no log row; an empty password keeps the old one', async () => {
      const id = await createUser(admin, 'samequota');
      expect((await admin.put('/api/user/', { id, quota: 500 })).body.success).toBe(true);
      const logs = await logCount();
      expect((await admin.put('/api/user/', { id, quota: 500, password: '' })).body.success).toBe(true);
      expect(await logCount()).toBe(logs);
      expect(await canLogin('samequota')).toBe(true);
      expect((await admin.put('/api/user/', { id, quota: 0 })).body.success).toBe(true);
      expect((await row(id)).quota).toBe(0);
      expect(await logCount()).toBe(logs + 1);
    });

    it('the log row states amounts in the display type set when it was written', async () => {
      const id = await createUser(admin, 'showquota');
      const lastContent = async () => {
        const logs = await db()
          .selectFrom('logs')
          .select('content')
          .where('user_id', '=', id)
          .orderBy('id', 'desc')
          .execute();
        return logs[0]?.content;
      };
      const setOption = async (key: string, value: string) =>
        expect((await root.put('/api/option/', { key, value })).body.success).toBe(true);
      try {
        await setOption('USDExchangeRate', '7');
        await setOption('general_setting.quota_display_type', 'CNY');
        await admin.put('/api/user/', { id, quota: 500_000 });
        expect(await lastContent()).toBe('admin adm1 changed the quota from ¥0.00 to ¥7.00');
        await setOption('general_setting.quota_display_type', 'TOKENS');
        await admin.put('/api/user/', { id, quota: 1 });
        expect(await lastContent()).toBe('admin adm1 changed the quota from 500000 quota to 1 quota');
        // The console in Chinese reads the same row with the unit in its own words.
        const chinese = await root.get<Page<LogView>>('/api/log/?p=1&page_size=1&type=3&username=showquota', {
          'Accept-Language': 'zh',
        });
        expect(chinese.body.data!.items[0]!.content).toBe('管理员 adm1 将额度从 500000 额度 修改为 1 额度');
      } finally {
        await setOption('general_setting.quota_display_type', 'USD');
        await setOption('USDExchangeRate', '7.3');
      }
    });

    it('an empty display name falls back to the username, the new one when it changes too', async () => {
      const id = await createUser(admin, 'dnreset', { display_name: 'Some Name' });
      expect((await admin.put('/api/user/', { id, display_name: '' })).body.success).toBe(true);
      expect((await row(id)).display_name).toBe('dnreset');
      expect(
        (await admin.put('/api/user/', { id, username: 'dnrenamed', display_name: '' })).body.success,
      ).toBe(true);
      expect(await row(id)).toMatchObject({ username: 'dnrenamed', display_name: 'dnrenamed' });
    });

    it('username changes keep usernames unique', async () => {
      const id = await createUser(admin, 'renameme');
      await refusedWithoutChange(
        () => admin.put('/api/user/', { id, username: 'com1' }),
        /username already exists/,
      );
      expect((await admin.put('/api/user/', { id, username: 'renamed' })).body.success).toBe(true);
      expect((await row(id)).username).toBe('renamed');
      expect(await canLogin('renamed')).toBe(true);
      expect(await canLogin('renameme')).toBe(false);
    });

    it('an admin cannot edit another admin, itself or root', async () => {
      for (const id of [admin2.userId, admin.userId, 1]) {
        await refusedWithoutChange(
          () => admin.put('/api/user/', { id, quota: 42, display_name: 'hacked' }),
          SAME_OR_HIGHER,
        );
      }
      await refusedWithoutChange(
        () => admin.put('/api/user/', { id: 1, password: 'takeover123' }),
        SAME_OR_HIGHER,
      );
      expect(await canLogin(ROOT.username, ROOT.password)).toBe(true);
    });

    it('nobody sets a role at or above their own; root is never demoted', async () => {
      const id = await createUser(admin, 'roleedit');
      await refusedWithoutChange(() => admin.put('/api/user/', { id, role: 10 }), /cannot promote/);
      await refusedWithoutChange(() => admin.put('/api/user/', { id, role: 100 }), /cannot promote/);
      await refusedWithoutChange(() => root.put('/api/user/', { id, role: 100 }), /greater than or equal/);
      await refusedWithoutChange(() => root.put('/api/user/', { id, role: 5 }), /invalid role/);

      expect((await root.put('/api/user/', { id, role: 10 })).body.success).toBe(true);
      expect((await row(id)).role).toBe(10);
      expect((await root.put('/api/user/', { id, role: 1 })).body.success).toBe(true);
      expect((await row(id)).role).toBe(1);

      for (const role of [1, 10]) {
        await refusedWithoutChange(
          () => root.put('/api/user/', { id: 1, role }),
          /cannot demote the super admin/,
        );
        await refusedWithoutChange(() => admin.put('/api/user/', { id: 1, role }), SAME_OR_HIGHER);
      }
      expect((await row(1)).role).toBe(100);
      // Root may still edit its own other fields.
      expect(
        (await root.put('/api/user/', { id: 1, display_name: 'Root Edited', role: 100 })).body.success,
      ).toBe(true);
      expect((await row(1)).display_name).toBe('Root Edited');
    });

    it('bad input is refused and changes nothing', async () => {
      const id = await createUser(admin, 'badput');
      const bodies: unknown[] = [
        { id, quota: '100' },
        { id, quota: -1 },
        { id, quota: 1.5 },
        { id, quota: 1e300 },
        { id: 0, quota: 5 },
        { id: -3, quota: 5 },
        { id: 'abc', quota: 5 },
        { id: String(id), quota: 5 },
        { id: 2.5, quota: 5 },
        { quota: 5 },
        { id, group: '' },
        { id, group: 5 },
        { id, username: "x' OR '1'='1" },
        { id, username: 'n'.repeat(13) },
        { id, password: 'short' },
        { id, password: 'p'.repeat(21) },
        { id, display_name: 'd'.repeat(21) },
        { id, role: '10' },
        { id, email: 'not-an-email' },
        [id],
        'id=1',
      ];
      for (const body of bodies) {
        await refusedWithoutChange(() => admin.put('/api/user/', body), /invalid parameter|not valid JSON/);
      }
      await refusedWithoutChange(() => admin.put('/api/user/', { id: 987654, quota: 5 }), /user not found/);
      // A null is "not given" (the classic console sends one for an emptied number input): nothing changes.
      const before = await row(id);
      expect((await admin.put('/api/user/', { id, quota: null, email: null })).body.success).toBe(true);
      expect(await row(id)).toEqual(before);
      await refusedWithoutChange(() => admin.put('/api/user/', '{"id":'), /not valid JSON/);
    });
  });

  describe('POST /api/user/manage', () => {
    it('only root promotes; promote and demote answer {role, status} and refuse a no-op', async () => {
      const id = await createUser(admin, 'promo');
      await refusedWithoutChange(
        () => admin.post('/api/user/manage', { id, action: 'promote' }),
        /regular admin cannot promote/,
      );
      const promoted = await root.post('/api/user/manage', { id, action: 'promote' });
      expect(promoted.body).toEqual({ success: true, message: '', data: { role: 10, status: 1 } });
      expect((await row(id)).role).toBe(10);
      await refusedWithoutChange(
        () => root.post('/api/user/manage', { id, action: 'promote' }),
        /already an admin/,
      );
      // Now an admin, it is out of another admin's reach.
      await refusedWithoutChange(
        () => admin.post('/api/user/manage', { id, action: 'demote' }),
        SAME_OR_HIGHER,
      );

      const demoted = await root.post('/api/user/manage', { id, action: 'demote' });
      expect(demoted.body.data).toEqual({ role: 1, status: 1 });
      expect((await row(id)).role).toBe(1);
      await refusedWithoutChange(
        () => root.post('/api/user/manage', { id, action: 'demote' }),
        /already a common user/,
      );
      await refusedWithoutChange(
        () => admin.post('/api/user/manage', { id, action: 'demote' }),
        /already a common user/,
      );
    });

    it('root is never demoted, disabled or deleted, by root or an admin', async () => {
      for (const action of ['demote', 'disable', 'delete']) {
        await refusedWithoutChange(
          () => root.post('/api/user/manage', { id: 1, action }),
          new RegExp(`cannot ${action} the super admin`),
        );
        await refusedWithoutChange(() => admin.post('/api/user/manage', { id: 1, action }), SAME_OR_HIGHER);
      }
      expect(await row(1)).toMatchObject({ role: 100, status: 1, deleted_at: null });
      expect((await root.get('/api/user/self')).body.success).toBe(true);
    });

    it('an admin cannot manage another admin or itself', async () => {
      for (const action of ['disable', 'enable', 'delete', 'demote', 'promote']) {
        for (const id of [admin2.userId, admin.userId]) {
          await refusedWithoutChange(() => admin.post('/api/user/manage', { id, action }), SAME_OR_HIGHER);
        }
      }
    });

    it('disable ends the sessions and blocks login; enable restores it', async () => {
      const id = await createUser(admin, 'toggler');
      const user = await loggedIn('toggler');
      const disabled = await admin.post('/api/user/manage', { id, action: 'disable' });
      expect(disabled.body).toEqual({ success: true, message: '', data: { role: 1, status: 2 } });
      expect((await row(id)).status).toBe(2);
      expect(await sessionCount(id)).toBe(0);
      expect((await user.get('/api/user/self')).status).toBe(401);
      expect(await canLogin('toggler')).toBe(false);

      const enabled = await admin.post('/api/user/manage', { id, action: 'enable' });
      expect(enabled.body.data).toEqual({ role: 1, status: 1 });
      expect((await row(id)).status).toBe(1);
      expect(await canLogin('toggler')).toBe(true);
    });

    it('delete is soft: the row stays with deleted_at, login fails, sessions and access token end, the user is then not found', async () => {
      const id = await createUser(admin, 'deleteme');
      const user = await loggedIn('deleteme');
      const token = (await user.get<string>('/api/user/token')).body.data!;
      expect(token).toMatch(/^[A-Za-z0-9]{32}$/);

      const deleted = await admin.post('/api/user/manage', { id, action: 'delete' });
      expect(deleted.body).toEqual({ success: true, message: '', data: { role: 1, status: 1 } });

      const kept = await row(id);
      expect(kept.username).toBe('deleteme');
      expect(Number(kept.deleted_at)).toBeGreaterThan(0);
      expect(kept.access_token).toBeNull();
      expect(await sessionCount(id)).toBe(0);
      expect((await user.get('/api/user/self')).status).toBe(401);
      const byToken = new ConsoleClient(t.url);
      byToken.bearer = token;
      byToken.userId = id;
      expect((await byToken.get('/api/user/self')).status).toBe(401);
      expect(await canLogin('deleteme')).toBe(false);

      for (const action of ['delete', 'enable', 'disable', 'promote', 'demote']) {
        await refusedWithoutChange(() => root.post('/api/user/manage', { id, action }), /^user not found$/);
      }
      await refusedWithoutChange(() => root.get(`/api/user/${id}`), /^user not found$/);
      await refusedWithoutChange(() => root.put('/api/user/', { id, quota: 5 }), /^user not found$/);
      await refusedWithoutChange(() => root.delete(`/api/user/${id}`), /^user not found$/);
    });

    it('an unknown action is refused with a clear message', async () => {
      const id = await createUser(admin, 'unknownact');
      for (const action of ['ban', 'DISABLE', '', 'delete; DROP TABLE users', 42]) {
        await refusedWithoutChange(
          () => root.post('/api/user/manage', { id, action }),
          /action must be one of disable, enable, delete, promote, demote/,
        );
      }
    });

    it('bad ids are refused and change nothing', async () => {
      const id = await createUser(admin, 'badmanage');
      for (const body of [
        { id: String(id), action: 'disable' },
        { id: 0, action: 'disable' },
        { id: -1, action: 'disable' },
        { id: 1.5, action: 'disable' },
        { id: 'abc', action: 'disable' },
        { id: '1 OR 1=1', action: 'disable' },
        { action: 'disable' },
        { id },
        {},
      ]) {
        await refusedWithoutChange(() => admin.post('/api/user/manage', body), /invalid parameter/);
      }
      await refusedWithoutChange(
        () => admin.post('/api/user/manage', { id: 987654, action: 'disable' }),
        /user not found/,
      );
    });
  });

  describe('DELETE /api/user/:id', () => {
    it('an admin deletes a common user softly and ends its sessions', async () => {
      const id = await createUser(admin, 'delroute');
      const user = await loggedIn('delroute');
      const answer = await admin.delete(`/api/user/${id}`);
      expect(answer.body).toMatchObject({ success: true });
      expect(Number((await row(id)).deleted_at)).toBeGreaterThan(0);
      expect(await sessionCount(id)).toBe(0);
      expect((await user.get('/api/user/self')).status).toBe(401);
      expect(await canLogin('delroute')).toBe(false);
      await refusedWithoutChange(() => admin.delete(`/api/user/${id}`), /^user not found$/);
    });

    it('follows the same rules as manage delete', async () => {
      await refusedWithoutChange(() => admin.delete(`/api/user/${admin2.userId}`), SAME_OR_HIGHER);
      await refusedWithoutChange(() => admin.delete(`/api/user/${admin.userId}`), SAME_OR_HIGHER);
      await refusedWithoutChange(() => admin.delete('/api/user/1'), SAME_OR_HIGHER);
      await refusedWithoutChange(() => root.delete('/api/user/1'), /cannot delete the super admin/);

      const madeAdmin = await createUser(root, 'deladmin', { role: 10 });
      expect((await root.delete(`/api/user/${madeAdmin}`)).body.success).toBe(true);
      expect(Number((await row(madeAdmin)).deleted_at)).toBeGreaterThan(0);
    });

    it('bad ids are refused and change nothing', async () => {
      for (const id of [
        '0',
        'abc',
        '-1',
        '1.5',
        '99999999999999999999',
        encodeURIComponent("1' OR '1'='1"),
      ]) {
        await refusedWithoutChange(() => root.delete(`/api/user/${id}`), /invalid parameter/);
      }
      await refusedWithoutChange(() => root.delete('/api/user/987654'), /^user not found$/);
    });
  });
});
