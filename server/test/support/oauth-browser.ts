import type { LoginResult, UserView } from '@relaygate/contract';
import { ConsoleClient, type Answer } from './console-client.ts';
import type { MockOAuth, MockProviderName, ProviderUser } from './mock-oauth.ts';

/**
 * A console client that keeps every cookie, as a browser does: a third-party sign-in holds the state
 * cookie beside the session cookie.
 */
export class Browser extends ConsoleClient {
  private readonly jar = new Map<string, string>();

  override async request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<Answer<T>> {
    this.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const answer = await super.request<T>(method, path, body, extraHeaders);
    for (const line of answer.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return answer;
  }

  /** The whole third-party round trip: a state, the provider's consent (a code), the callback. */
  async oauth(mock: MockOAuth, provider: MockProviderName, user: ProviderUser, aff = '') {
    const state = await this.get<string>(`/api/oauth/state?aff=${encodeURIComponent(aff)}`);
    if (!state.body.success) throw new Error(`state refused: ${state.body.message}`);
    return this.callback(provider, mock.codeFor(provider, user), state.body.data!);
  }

  async callback(provider: string, code: string, state: string): Promise<Answer<LoginResult>> {
    const query = new URLSearchParams({ code, state });
    const answer = await this.get<LoginResult>(`/api/oauth/${provider}?${query.toString()}`);
    if (answer.body.success && answer.body.data) this.userId = answer.body.data.id;
    return answer;
  }

  async self(): Promise<UserView> {
    const answer = await this.get<UserView>('/api/user/self');
    if (!answer.body.success) throw new Error(`self refused: ${answer.body.message}`);
    return answer.body.data!;
  }
}

/** Sets site options as root, failing the test on any refusal. */
export async function setOptions(root: ConsoleClient, options: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(options)) {
    const answer = await root.put('/api/option/', { key, value });
    if (!answer.body.success) throw new Error(`PUT ${key}=${value}: ${answer.body.message}`);
  }
}

/** Registers a user with a password through the public API and signs them in, in a new Browser. */
export async function registeredBrowser(baseUrl: string, username: string): Promise<Browser> {
  const browser = new Browser(baseUrl);
  const answer = await browser.post('/api/user/register', { username, password: 'password123' });
  if (!answer.body.success) throw new Error(`register ${username} refused: ${answer.body.message}`);
  await browser.login(username, 'password123');
  return browser;
}
