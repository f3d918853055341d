import { describe, expect, it } from 'vitest';
import type { Page, UserView } from '@relaygate/contract';
import { ConsoleClient, type Answer } from '../support/console-client.ts';
import { databaseUnavailable } from '../support/test-server.ts';
import {
  NO_PERMISSION,
  PASSWORD,
  SAME_OR_HIGHER,
  admin,
  admin2,
  common,
  createUser,
  db,
  loggedIn,
  refusedWithoutChange,
  root,
  t,
  usersSnapshot,
  useUserAdminConsole,
} from '../support/user-admin-console.ts';

describe.skipIf(databaseUnavailable())(
  'admin user management: role matrix, list and search, GET /api/user/:id',
  () => {
    useUserAdminConsole();

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
        expect((await admin.post('/api/user/manage', { id: gone, action: 'delete' })).body.success).toBe(
          true,
        );
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
  },
);
