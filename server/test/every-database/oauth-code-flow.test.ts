import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin, signInAsRoot, type ConsoleClient } from '../support/console-client.ts';
import { MOCK_CLIENTS, mockOAuthEnv, startMockOAuth, type MockOAuth } from '../support/mock-oauth.ts';
import { Browser, registeredBrowser, setOptions } from '../support/oauth-browser.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

describe.skipIf(databaseUnavailable())('GitHub, LinuxDO and OpenID Connect sign-in', () => {
  let mock: MockOAuth;
  let t: TestServer;
  let root: ConsoleClient;
  let nextId = 5000;
  const githubUser = (login: string) => ({ id: nextId++, login, name: `${login} display` });

  beforeAll(async () => {
    mock = await startMockOAuth();
    t = await startTestServer(mockOAuthEnv(mock));
    root = await signInAsRoot(t.url);
    await setOptions(root, {
      ServerAddress: 'https://gateway.example',
      GitHubClientId: MOCK_CLIENTS.github.id,
      GitHubClientSecret: MOCK_CLIENTS.github.secret,
      GitHubOAuthEnabled: 'true',
      LinuxDOClientId: MOCK_CLIENTS.linuxdo.id,
      LinuxDOClientSecret: MOCK_CLIENTS.linuxdo.secret,
      LinuxDOOAuthEnabled: 'true',
      'oidc.client_id': MOCK_CLIENTS.oidc.id,
      'oidc.client_secret': MOCK_CLIENTS.oidc.secret,
      'oidc.well_known': `${mock.url}/.well-known/openid-configuration`,
      'oidc.enabled': 'true',
      QuotaForNewUser: '100',
      QuotaForInvitee: '7',
      QuotaForInviter: '11',
    });
  });
  afterAll(async () => {
    await t?.close();
    await mock?.close();
  });

  it('a new GitHub account registers with its login as username and the invite code, then signs in again', async () => {
    const inviter = await registerAndLogin(t.url, 'inviter1');
    const affCode = (await inviter.get<string>('/api/user/aff')).body.data!;
    const someone = githubUser('octo1');

    const browser = new Browser(t.url);
    const first = await browser.oauth(mock, 'github', someone, affCode);
    expect(first.body, first.body.message).toMatchObject({ success: true, data: { username: 'octo1' } });
    const self = await browser.self();
    expect(self).toMatchObject({ github_id: String(someone.id), display_name: 'octo1 display', quota: 107 });
    expect(self.inviter_id).toBe(inviter.userId);
    expect((await inviter.get<{ aff_quota: number }>('/api/user/self')).body.data!.aff_quota).toBe(11);
    expect(mock.tokenRequests.at(-1)?.fields).toMatchObject({ client_secret: MOCK_CLIENTS.github.secret });

    const again = await new Browser(t.url).oauth(mock, 'github', { ...someone, login: 'renamed' });
    expect(again.body).toMatchObject({ success: true, data: { id: self.id, username: 'octo1' } });
  });

  it('a taken username gives the new account a prefixed one', async () => {
    await registerAndLogin(t.url, 'octo2');
    const answer = await new Browser(t.url).oauth(mock, 'github', githubUser('octo2'));
    expect(answer.body.data?.username).toMatch(/^github_\w+$/);
  });

  it('two first sign-ins with the same new account at once make one user, and both are signed in to it', async () => {
    // A login that is not a plain username: both would be named github_<next id>, and neither may fail on it.
    const someone = githubUser('a login that is not a username');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => new Browser(t.url).oauth(mock, 'github', someone)),
    );
    for (const answer of answers) expect(answer.body, answer.body.message).toMatchObject({ success: true });
    const ids = new Set(answers.map((answer) => answer.body.data?.id));
    expect(ids.size).toBe(1);
    const found = await root.get<{ items: Array<{ id: number; github_id: string }> }>(
      `/api/user/search?keyword=github_`,
    );
    const holders = found.body.data!.items.filter((user) => user.github_id === String(someone.id));
    expect(holders.map((user) => user.id)).toEqual([...ids]);
  });

  it('a signed-in user binds (message "bind"), and nobody else can bind the same account', async () => {
    const someone = githubUser('binder');
    const user = await registeredBrowser(t.url, 'binder1');
    const bound = await user.oauth(mock, 'github', someone);
    expect(bound.body).toEqual({ success: true, message: 'bind' });
    expect((await user.self()).github_id).toBe(String(someone.id));

    const other = await registeredBrowser(t.url, 'binder2');
    const refused = await other.oauth(mock, 'github', someone);
    expect(refused.body).toEqual({ success: false, message: expect.stringMatching(/already bound/) });
    expect((await other.self()).github_id).toBe('');

    const signIn = await new Browser(t.url).oauth(mock, 'github', someone);
    expect(signIn.body.data?.username).toBe('binder1');
  });

  it('the state must come from this browser, be known, and is used once', async () => {
    const browser = new Browser(t.url);
    const state = (await browser.get<string>('/api/oauth/state')).body.data!;
    expect(state).toMatch(/^[A-Za-z0-9]{24}$/);

    const stranger = new Browser(t.url);
    const foreign = await stranger.callback('github', mock.codeFor('github', githubUser('x1')), state);
    expect(foreign.body).toMatchObject({ success: false, message: expect.stringMatching(/state/) });
    const forged = await browser.callback('github', mock.codeFor('github', githubUser('x2')), 'A'.repeat(24));
    expect(forged.body).toMatchObject({ success: false, message: expect.stringMatching(/state/) });

    const used = await browser.callback('github', mock.codeFor('github', githubUser('x3')), state);
    expect(used.body.success, used.body.message).toBe(true);
    const replay = await new Browser(t.url).callback(
      'github',
      mock.codeFor('github', githubUser('x4')),
      state,
    );
    expect(replay.body).toMatchObject({ success: false, message: expect.stringMatching(/state/) });
  });

  it('a code the provider does not know is refused with its reason', async () => {
    const browser = new Browser(t.url);
    const state = (await browser.get<string>('/api/oauth/state')).body.data!;
    const answer = await browser.callback('github', 'not-a-code', state);
    expect(answer.body).toEqual({ success: false, message: expect.stringMatching(/GitHub.*incorrect/) });
  });

  it('a disabled provider refuses its callback; closed registration refuses new accounts only', async () => {
    const known = githubUser('known');
    expect((await new Browser(t.url).oauth(mock, 'github', known)).body.success).toBe(true);
    await setOptions(root, { GitHubOAuthEnabled: 'false' });
    const disabled = await new Browser(t.url).oauth(mock, 'github', known);
    expect(disabled.body).toEqual({
      success: false,
      message: expect.stringMatching(/disabled by the admin/),
    });

    await setOptions(root, { GitHubOAuthEnabled: 'true', RegisterEnabled: 'false' });
    try {
      const newcomer = await new Browser(t.url).oauth(mock, 'github', githubUser('newcomer'));
      expect(newcomer.body).toEqual({ success: false, message: expect.stringMatching(/registration/) });
      expect((await new Browser(t.url).oauth(mock, 'github', known)).body.success).toBe(true);
    } finally {
      await setOptions(root, { RegisterEnabled: 'true' });
    }
  });

  it('a disabled user cannot sign in through a provider', async () => {
    const someone = githubUser('banned');
    const first = await new Browser(t.url).oauth(mock, 'github', someone);
    await root.post('/api/user/manage', { id: first.body.data!.id, action: 'disable' });
    const again = await new Browser(t.url).oauth(mock, 'github', someone);
    expect(again.body).toEqual({ success: false, message: expect.stringMatching(/disabled/) });
  });

  it('LinuxDO: Basic client credentials, and the minimum trust level', async () => {
    await setOptions(root, { LinuxDOMinimumTrustLevel: '2' });
    const low = { id: 77, username: 'lowtrust', name: 'Low', trust_level: 1 };
    const refused = await new Browser(t.url).oauth(mock, 'linuxdo', low);
    expect(refused.body).toEqual({ success: false, message: expect.stringMatching(/trust level.*2/) });

    const high = { id: 78, username: 'hightrust', name: 'High', trust_level: 3 };
    const accepted = await new Browser(t.url).oauth(mock, 'linuxdo', high);
    expect(accepted.body, accepted.body.message).toMatchObject({
      success: true,
      data: { username: 'hightrust' },
    });
    expect(mock.tokenRequests.at(-1)).toMatchObject({
      authorization: expect.stringMatching(/^Basic /),
      fields: { redirect_uri: 'https://gateway.example/oauth/linuxdo' },
    });
  });

  it('OpenID Connect: endpoints from the discovery document, bound by sub; status tells the console', async () => {
    const status = await root.get<Record<string, unknown>>('/api/status');
    expect(status.body.data).toMatchObject({
      oidc_enabled: true,
      oidc_client_id: MOCK_CLIENTS.oidc.id,
      oidc_authorization_endpoint: `${mock.url}/oidc/authorize`,
      // The configured provider addresses, so the console's buttons lead to them.
      github_authorize_endpoint: `${mock.url}/login/oauth/authorize`,
      linuxdo_authorize_endpoint: `${mock.url}/oauth2/authorize`,
    });
    const person = { sub: 'sub-123', preferred_username: 'oidcperson', name: 'O. Person' };
    const browser = new Browser(t.url);
    const answer = await browser.oauth(mock, 'oidc', person);
    expect(answer.body, answer.body.message).toMatchObject({
      success: true,
      data: { username: 'oidcperson' },
    });
    expect((await browser.self()).oidc_id).toBe('sub-123');
    expect(mock.tokenRequests.at(-1)?.fields).toMatchObject({
      grant_type: 'authorization_code',
      redirect_uri: 'https://gateway.example/oauth/oidc',
    });
  });

  it('ids longer than the binding column are refused; long display names are cut to fit', async () => {
    const longSub = await new Browser(t.url).oauth(mock, 'oidc', { sub: 's'.repeat(200), name: 'x' });
    expect(longSub.body).toEqual({ success: false, message: expect.stringMatching(/OIDC.*too long/) });

    const browser = new Browser(t.url);
    const longName = await browser.oauth(mock, 'oidc', { sub: 'sub-long-name', name: '名'.repeat(100) });
    expect(longName.body.success, longName.body.message).toBe(true);
    expect((await browser.self()).display_name).toBe('名'.repeat(64));
  });

  it('an unreachable provider is named in the refusal, and nothing is created', async () => {
    await setOptions(root, { 'oidc.token_endpoint': 'http://127.0.0.1:1/token' });
    try {
      const answer = await new Browser(t.url).oauth(mock, 'oidc', { sub: 'sub-unreachable' });
      expect(answer.body).toEqual({ success: false, message: expect.stringMatching(/could not reach OIDC/) });
      const bound = await t.server.store.db
        .selectFrom('users')
        .select('id')
        .where('oidc_id', '=', 'sub-unreachable')
        .execute();
      expect(bound).toEqual([]);
    } finally {
      await setOptions(root, { 'oidc.token_endpoint': '' });
    }
  });
});

describe.skipIf(databaseUnavailable())('third-party sign-in is limited per address', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ CRITICAL_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 with the spec message once the address is over the limit', async () => {
    const browser = new Browser(t.url);
    const paths = ['/api/oauth/state', '/api/oauth/github?code=a&state=b', '/api/oauth/wechat?code=c'];
    for (const path of paths) expect((await browser.get(path)).status).toBe(200);
    const over = await browser.get('/api/oauth/telegram/login?id=1');
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ success: false, message: 'too many requests, try again later' });
  });
});
