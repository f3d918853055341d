import { randomBytes } from 'node:crypto';
import type { UserView } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, signInAsRoot } from './support/console-client.ts';
import { redisReachable, TEST_REDIS_URL } from './support/redis.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

const TOO_MANY = 'too many requests, try again later';

/** A login from this (forwarded) address; answers the HTTP status and the envelope. */
async function login(url: string, from: string, username: string, password: string) {
  const response = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ username, password }),
  });
  return { status: response.status, body: (await response.json()) as { success: boolean; message: string } };
}

describe.skipIf(databaseUnavailable())('sign-in limits (20 per 20 minutes, new-api critical limit)', () => {
  let t: TestServer;

  beforeAll(async () => {
    // The default limit, and client addresses taken from X-Forwarded-For so one test can be many clients.
    t = await startTestServer({ TRUST_PROXY: 'true', CRITICAL_RATE_LIMIT: '' });
    await signInAsRoot(t.url);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a login flood from one address with 429 after 20 attempts, concurrent or not', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(t.url, '10.1.0.1', `nobody${i}`, 'wrong-password')),
    );
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(20);
    for (const answer of refused) expect(answer.body).toEqual({ success: false, message: TOO_MANY });
    // The right password from that address is refused too, until the window ends.
    expect((await login(t.url, '10.1.0.1', 'root', 'root-test-password')).status).toBe(429);
    // The server still answers everything else during and after the flood.
    expect((await fetch(`${t.url}/api/status`)).ok).toBe(true);
    expect((await login(t.url, '10.1.0.2', 'root', 'root-test-password')).body.success).toBe(true);
  });

  it('holds an account after 20 failed attempts from many addresses, right password or not', async () => {
    const root = await signInAsRoot(t.url);
    expect(
      (await root.post('/api/user/', { username: 'victim', password: 'victim-pass-1' })).body.success,
    ).toBe(true);
    for (let i = 0; i < 20; i++) {
      const answer = await login(t.url, `10.2.0.${i + 1}`, 'victim', `guess-${i}`);
      expect(answer.body.message).toMatch(/wrong username or password/);
    }
    const held = await login(t.url, '10.2.1.1', 'victim', 'victim-pass-1');
    expect(held).toEqual({ status: 429, body: { success: false, message: TOO_MANY } });
    // Another account is not affected.
    expect((await login(t.url, '10.2.1.2', 'root', 'root-test-password')).body.success).toBe(true);
  });

  it('limits registration per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const response = await fetch(`${t.url}/api/user/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.3.0.1' },
        body: JSON.stringify({ username: `reg${i}`, password: 'password123' }),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});

describe.skipIf(databaseUnavailable())('sign-in limits shared between nodes through Redis', async () => {
  const reachable = await redisReachable();
  const servers: TestServer[] = [];

  beforeAll(async () => {
    if (!reachable) return;
    const env = {
      TRUST_PROXY: 'true',
      CRITICAL_RATE_LIMIT: '10',
      REDIS_CONN_STRING: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: `rgtest:signin:${randomBytes(4).toString('hex')}:`,
    };
    servers.push(await startTestServer(env), await startTestServer(env));
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  it.skipIf(!reachable)('counts attempts from one address on every node together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      statuses.push((await login(servers[i % 2]!.url, '10.4.0.1', `ghost${i}`, 'x')).status);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });
});

describe.skipIf(databaseUnavailable())('changing a password', () => {
  let t: TestServer;
  let root: ConsoleClient;
  let user: ConsoleClient;

  beforeAll(async () => {
    t = await startTestServer();
    root = await signInAsRoot(t.url);
    await root.post('/api/user/', { username: 'pwuser', password: 'first-password' });
    user = new ConsoleClient(t.url);
    await user.login('pwuser', 'first-password');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('asks a stolen session for the current password', async () => {
    const without = await user.put('/api/user/self', { password: 'stolen-account' });
    expect(without.body).toEqual({ success: false, message: 'please enter the current password' });
    const wrong = await user.put('/api/user/self', {
      password: 'stolen-account',
      original_password: 'guess',
    });
    expect(wrong.body).toEqual({ success: false, message: 'the current password is wrong' });
    expect(
      await new ConsoleClient(t.url).post('/api/user/login', {
        username: 'pwuser',
        password: 'first-password',
      }),
    ).toMatchObject({ body: { success: true } });

    const right = await user.put('/api/user/self', {
      password: 'second-password',
      original_password: 'first-password',
    });
    expect(right.body.success).toBe(true);
    const again = new ConsoleClient(t.url);
    expect(
      (await again.post('/api/user/login', { username: 'pwuser', password: 'second-password' })).body.success,
    ).toBe(true);
  });

  it('lets root set another user password without it', async () => {
    const id = user.userId;
    expect(
      (await root.put('/api/user/', { id, username: 'pwuser', password: 'third-password' })).body.success,
    ).toBe(true);
    const again = new ConsoleClient(t.url);
    expect(
      (await again.post('/api/user/login', { username: 'pwuser', password: 'third-password' })).body.success,
    ).toBe(true);
  });
});

describe.skipIf(databaseUnavailable())('the default root password', () => {
  let t: TestServer;
  const ACCESS_TOKEN = 'operator-chosen-access-token-01';

  beforeAll(async () => {
    t = await startTestServer({ INITIAL_ROOT_ACCESS_TOKEN: ACCESS_TOKEN });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('holds a session signed in with it to changing it, server-side', async () => {
    const session = new ConsoleClient(t.url);
    await session.login('root', '123456');
    // GET /api/user/self tells the console to ask for a new password (on every load, not just at login).
    expect((await session.get('/api/user/self')).body).toMatchObject({
      success: true,
      data: { must_change_password: true },
    });
    for (const [method, path, body] of [
      ['GET', '/api/channel/', undefined],
      ['GET', '/api/option/', undefined],
      ['POST', '/api/token/', { name: 'x' }],
      ['GET', '/api/user/token', undefined],
      ['POST', '/api/user/', { username: 'sneaky', password: 'password123' }],
    ] as const) {
      const answer = await session.request(method, path, body);
      expect(answer.body, `${method} ${path}`).toMatchObject({
        success: false,
        message: /still the default/,
      });
    }
    // The operator's access token is a deliberate choice: it keeps working.
    const script = new ConsoleClient(t.url);
    script.bearer = ACCESS_TOKEN;
    script.userId = 1;
    expect((await script.get('/api/channel/')).body.success).toBe(true);
    expect((await script.get<UserView>('/api/user/self')).body.data?.must_change_password).toBe(false);

    const changed = await session.put('/api/user/self', {
      password: 'a-real-password',
      original_password: '123456',
    });
    expect(changed.body.success).toBe(true);
    expect((await session.get('/api/channel/')).body.success).toBe(true);
    expect((await session.get<UserView>('/api/user/self')).body.data?.must_change_password).toBe(false);
  });
});
