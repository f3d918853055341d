import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, DEFAULT_ROOT, ROOT, userWithRole, signInAsRoot } from '../support/console-client.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

describe.skipIf(databaseUnavailable())('console authentication', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates root / 123456 on first start and logs in with a signed HttpOnly SameSite=Strict cookie', async () => {
    const response = await fetch(`${t.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEFAULT_ROOT),
    });
    const body = (await response.json()) as { success: boolean; data: Record<string, unknown> };
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ id: 1, username: 'root', role: 100, status: 1, group: 'default' });
    expect(body.data).not.toHaveProperty('password');
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('session='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    // Signed: the value carries a signature after the secret.
    expect(decodeURIComponent(cookie!.split(';')[0]!.slice('session='.length))).toContain('.');
  });

  it('wrong password, unknown user, empty fields are refused with a clear message', async () => {
    const c = new ConsoleClient(t.url);
    const wrong = await c.post('/api/user/login', { username: 'root', password: 'nope-nope' });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toEqual({
      success: false,
      message: expect.stringMatching(/wrong username or password/),
    });
    const unknown = await c.post('/api/user/login', { username: 'ghost', password: '123456' });
    expect(unknown.body.success).toBe(false);
    const empty = await c.post('/api/user/login', { username: '', password: '' });
    expect(empty.body.success).toBe(false);
    expect(empty.body.message).toMatch(/please enter username and password/);
    expect(c.cookie).toBe('');
  });

  it('needs New-Api-User equal to the signed-in user: missing, malformed or different is 401', async () => {
    const c = await signInAsRoot(t.url);
    expect((await c.get('/api/user/self')).body.success).toBe(true);
    const missing = await c.get('/api/user/self', { 'New-Api-User': '' });
    expect(missing.status).toBe(401);
    expect(missing.body.success).toBe(false);
    expect((await c.get('/api/user/self', { 'New-Api-User': 'abc' })).status).toBe(401);
    expect((await c.get('/api/user/self', { 'New-Api-User': '2' })).status).toBe(401);
  });

  it('answers 401 without a session or access token', async () => {
    const c = new ConsoleClient(t.url);
    c.userId = 1;
    const answer = await c.get('/api/user/self');
    expect(answer.status).toBe(401);
    expect(answer.body.success).toBe(false);
  });

  it('a forged or tampered cookie is not a session', async () => {
    const c = await signInAsRoot(t.url);
    const [name, value] = c.cookie.split('=');
    const decoded = decodeURIComponent(value!);
    const flipped = decoded[0] === 'x' ? 'y' : 'x';
    c.cookie = `${name}=${encodeURIComponent(flipped + decoded.slice(1))}`;
    expect((await c.get('/api/user/self')).status).toBe(401);
  });

  it('authenticates with a system access token plus New-Api-User, and rejects a wrong one', async () => {
    const c = await signInAsRoot(t.url);
    const token = (await c.get<string>('/api/user/token')).body.data!;
    expect(token).toMatch(/^[A-Za-z0-9]{32}$/);
    const api = new ConsoleClient(t.url);
    api.bearer = token;
    api.userId = 1;
    const self = await api.get<{ username: string }>('/api/user/self');
    expect(self.body.data?.username).toBe('root');
    expect(self.body.data).not.toHaveProperty('access_token');
    api.bearer = 'x'.repeat(32);
    expect((await api.get('/api/user/self')).status).toBe(401);
    // Regenerating replaces the old token.
    api.bearer = token;
    await c.get('/api/user/token');
    expect((await api.get('/api/user/self')).status).toBe(401);
  });

  it('logout ends the session on the server, not just in the browser', async () => {
    const c = await signInAsRoot(t.url);
    const stolenCookie = c.cookie;
    expect((await c.get('/api/user/logout')).body.success).toBe(true);
    c.cookie = stolenCookie;
    expect((await c.get('/api/user/self')).status).toBe(401);
  });

  it('a disabled user gets success:false on every call and cannot log in again', async () => {
    const root = await signInAsRoot(t.url);
    const user = await userWithRole(root, 'disabled1', 1);
    expect((await user.get('/api/user/self')).body.success).toBe(true);
    expect((await root.post('/api/user/manage', { id: user.userId, action: 'disable' })).body.success).toBe(
      true,
    );
    const after = await user.get('/api/user/self');
    expect(after.body.success).toBe(false);
    const again = await new ConsoleClient(t.url).post('/api/user/login', {
      username: 'disabled1',
      password: 'password123',
    });
    expect(again.body.success).toBe(false);
  });

  it('keeps sessions across a restart when SESSION_SECRET is fixed, and drops them when it changes', async () => {
    const c = await signInAsRoot(t.url);
    await t.restart();
    Object.assign(c, { baseUrl: t.url });
    expect((await c.get('/api/user/self')).body.success).toBe(true);
    await t.restart({ SESSION_SECRET: 'a-completely-different-secret-value' });
    Object.assign(c, { baseUrl: t.url });
    expect((await c.get('/api/user/self')).status).toBe(401);
  });

  it('obeys PasswordLoginEnabled at once, without a restart', async () => {
    const root = await signInAsRoot(t.url);
    expect(
      (await root.put('/api/option/', { key: 'PasswordLoginEnabled', value: 'false' })).body.success,
    ).toBe(true);
    const refused = await new ConsoleClient(t.url).post('/api/user/login', ROOT);
    expect(refused.body).toEqual({
      success: false,
      message: expect.stringMatching(/password login has been disabled/),
    });
    expect(
      (await root.put('/api/option/', { key: 'PasswordLoginEnabled', value: 'true' })).body.success,
    ).toBe(true);
    expect((await new ConsoleClient(t.url).post('/api/user/login', ROOT)).body.success).toBe(true);
  });
});
