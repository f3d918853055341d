import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, signInAsRoot, userWithRole } from './support/console-client.ts';
import { MOCK_CLIENTS, mockOAuthEnv, startMockOAuth, type MockOAuth } from './support/mock-oauth.ts';
import { Browser, registeredBrowser, setOptions } from './support/oauth-browser.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

describe.skipIf(databaseUnavailable())('sign-in switches and removing bindings', () => {
  let mock: MockOAuth;
  let t: TestServer;
  let root: ConsoleClient;
  let nextId = 8000;
  const githubUser = (login: string) => ({ id: nextId++, login, name: login });

  beforeAll(async () => {
    mock = await startMockOAuth();
    t = await startTestServer(mockOAuthEnv(mock));
    root = await signInAsRoot(t.url);
    await setOptions(root, {
      GitHubClientId: MOCK_CLIENTS.github.id,
      GitHubClientSecret: MOCK_CLIENTS.github.secret,
      GitHubOAuthEnabled: 'true',
    });
  });
  afterAll(async () => {
    await t?.close();
    await mock?.close();
  });

  it('with password registration and login off, third-party accounts still register and sign in', async () => {
    const bound = await registeredBrowser(t.url, 'pwuser');
    const someone = githubUser('pwgh');
    expect((await bound.oauth(mock, 'github', someone)).body.message).toBe('bind');
    await setOptions(root, { PasswordRegisterEnabled: 'false', PasswordLoginEnabled: 'false' });
    try {
      const register = await new ConsoleClient(t.url).post('/api/user/register', {
        username: 'pwnew',
        password: 'password123',
      });
      expect(register.body).toEqual({
        success: false,
        message: expect.stringMatching(/password has been disabled/),
      });
      // Password login is refused to everyone, admins included (spec §6): only other ways in remain.
      const login = await new ConsoleClient(t.url).post('/api/user/login', {
        username: 'pwuser',
        password: 'password123',
      });
      expect(login.body).toEqual({
        success: false,
        message: expect.stringMatching(/password login has been disabled/),
      });
      const rootLogin = await new ConsoleClient(t.url).post('/api/user/login', {
        username: 'root',
        password: 'root-test-password',
      });
      expect(rootLogin.body.success).toBe(false);

      expect((await new Browser(t.url).oauth(mock, 'github', someone)).body.data?.username).toBe('pwuser');
      const fresh = await new Browser(t.url).oauth(mock, 'github', githubUser('freshgh'));
      expect(fresh.body, fresh.body.message).toMatchObject({ success: true, data: { username: 'freshgh' } });
    } finally {
      await setOptions(root, { PasswordRegisterEnabled: 'true', PasswordLoginEnabled: 'true' });
    }
  });

  it('an admin removes a binding of a lower user; the account then no longer signs in through it', async () => {
    const someone = githubUser('unbindme');
    const first = await new Browser(t.url).oauth(mock, 'github', someone);
    const id = first.body.data!.id;
    const removed = await root.delete(`/api/user/${id}/bindings/github`);
    expect(removed.body, removed.body.message).toEqual({ success: true, message: '' });
    const user = await root.get<{ github_id: string }>(`/api/user/${id}`);
    expect(user.body.data?.github_id).toBe('');

    const again = await new Browser(t.url).oauth(mock, 'github', someone);
    expect(again.body.data?.id).not.toBe(id);
  });

  it('unbinding: unknown types, unknown users, same-level admins and plain users are refused', async () => {
    const target = (await new Browser(t.url).oauth(mock, 'github', githubUser('keepme'))).body.data!.id;
    const unknownType = await root.delete(`/api/user/${target}/bindings/myspace`);
    expect(unknownType.body).toEqual({
      success: false,
      message: expect.stringMatching(/unknown binding type/),
    });
    expect((await root.delete('/api/user/999999/bindings/github')).body.success).toBe(false);

    const admin = await userWithRole(root, 'unbadmin', 10);
    const otherAdmin = await userWithRole(root, 'unbadmin2', 10);
    const sameLevel = await admin.delete(`/api/user/${otherAdmin.userId}/bindings/github`);
    expect(sameLevel.body).toMatchObject({ success: false });
    expect((await admin.delete(`/api/user/${target}/bindings/github`)).body.success).toBe(true);

    const plain = await registeredBrowser(t.url, 'plainunb');
    const refused = await plain.delete(`/api/user/${plain.userId}/bindings/github`);
    expect(refused.body).toMatchObject({ success: false, message: expect.stringMatching(/permission/) });
  });
});
