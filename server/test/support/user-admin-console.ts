/**
 * The user-management tests' shared setup (test/every-database/user-admin-*.test.ts): a test server
 * with root, two admins and a common user, and the helpers that create users, read their rows and
 * sessions, and check that a refused request changed nothing. Each file calls useUserAdminConsole()
 * in its describe block; the bindings below are then that file's.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { ConsoleClient, userWithRole, type Answer, signInAsRoot } from './console-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

export const PASSWORD = 'password123';
export const NO_PERMISSION = /no permission/;
export const SAME_OR_HIGHER = /same or a higher role/;

export let t: TestServer;
export let root: ConsoleClient;
export let admin: ConsoleClient;
export let admin2: ConsoleClient;
export let common: ConsoleClient;

export const db = () => t.server.store.db;

export async function usersSnapshot() {
  return db().selectFrom('users').selectAll().orderBy('id').execute();
}
export async function logCount(): Promise<number> {
  const row = await db()
    .selectFrom('logs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
export async function row(id: number) {
  return db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
export async function idOf(username: string): Promise<number> {
  const found = await db()
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return Number(found.id);
}
export async function sessionCount(userId: number): Promise<number> {
  const found = await db()
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(found.n);
}

/** Runs a request that must be refused, and checks that no user row and no log row changed. */
export async function refusedWithoutChange(run: () => Promise<Answer>, message?: RegExp): Promise<Answer> {
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
export async function createUser(
  by: ConsoleClient,
  username: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const answer = await by.post('/api/user/', { username, password: PASSWORD, ...extra });
  expect(answer.body, `create ${username}`).toMatchObject({ success: true });
  return idOf(username);
}

export async function canLogin(username: string, password = PASSWORD): Promise<boolean> {
  const answer = await new ConsoleClient(t.url).post('/api/user/login', { username, password });
  return answer.body.success;
}

export async function loggedIn(username: string, password = PASSWORD): Promise<ConsoleClient> {
  const client = new ConsoleClient(t.url);
  await client.login(username, password);
  return client;
}

/** Starts the server and the clients for the calling describe block, and closes them after it. */
export function useUserAdminConsole(): void {
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
}
