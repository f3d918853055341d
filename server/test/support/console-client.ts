import type { ApiEnvelope } from '@relaygate/contract';

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: ApiEnvelope<T>;
}

/**
 * Talks to the console API as the browser console does: keeps the session cookie and sends the
 * New-Api-User header of the signed-in user.
 */
export class ConsoleClient {
  readonly baseUrl: string;
  cookie = '';
  userId: number | undefined;
  bearer: string | undefined;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...extraHeaders };
    if (this.cookie) headers.cookie = this.cookie;
    if (this.userId !== undefined && !('New-Api-User' in headers))
      headers['New-Api-User'] = String(this.userId);
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    let payload: string | undefined;
    if (body !== undefined) {
      headers['content-type'] ??= 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body: payload });
    const setCookie = response.headers.getSetCookie();
    for (const line of setCookie) {
      const pair = line.split(';')[0]!;
      this.cookie = pair.endsWith('=') ? '' : pair;
    }
    const text = await response.text();
    let parsed: ApiEnvelope<T>;
    try {
      parsed = JSON.parse(text) as ApiEnvelope<T>;
    } catch {
      parsed = { success: false, message: `(not JSON) ${text}` };
    }
    return { status: response.status, headers: response.headers, body: parsed };
  }

  get<T = unknown>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body ?? {}, headers);
  }
  put<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', path, body ?? {}, headers);
  }
  delete<T = unknown>(path: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, undefined, headers);
  }

  /** Logs in and remembers the user id for the New-Api-User header; fails the test if refused. */
  async login(username: string, password: string): Promise<{ id: number; role: number }> {
    const answer = await this.post<{ id: number; role: number }>('/api/user/login', { username, password });
    if (!answer.body.success || !answer.body.data) {
      throw new Error(`login as ${username} refused: ${answer.body.message}`);
    }
    this.userId = answer.body.data.id;
    return answer.body.data;
  }
}

/** Root as a fresh database starts: this password lets a session do nothing but change it. */
export const DEFAULT_ROOT = { username: 'root', password: '123456' };
/** Root once signInAsRoot has replaced the default password. */
export const ROOT = { username: 'root', password: 'root-test-password' };

/**
 * A console client signed in as root. On a fresh database root still has the default password,
 * which a session must change before it can do anything else: this does that first.
 */
export async function signInAsRoot(baseUrl: string): Promise<ConsoleClient> {
  const root = new ConsoleClient(baseUrl);
  const answer = await root.post<{ id: number }>('/api/user/login', ROOT);
  if (answer.body.success) {
    root.userId = answer.body.data!.id;
    return root;
  }
  await root.login(DEFAULT_ROOT.username, DEFAULT_ROOT.password);
  const changed = await root.put('/api/user/self', {
    password: ROOT.password,
    original_password: DEFAULT_ROOT.password,
  });
  if (!changed.body.success)
    throw new Error(`changing the default root password refused: ${changed.body.message}`);
  return root;
}

/** Registers a user through the public API (registration must be enabled) and logs in as them. */
export async function registerAndLogin(
  baseUrl: string,
  username: string,
  password = 'password123',
  extra: Record<string, unknown> = {},
): Promise<ConsoleClient> {
  const client = new ConsoleClient(baseUrl);
  const answer = await client.post('/api/user/register', { username, password, ...extra });
  if (!answer.body.success) throw new Error(`register ${username} refused: ${answer.body.message}`);
  await client.login(username, password);
  return client;
}

/** Root creates a user with the given role (promoting to admin when asked), then that user logs in. */
export async function userWithRole(
  root: ConsoleClient,
  username: string,
  role: 1 | 10,
  password = 'password123',
): Promise<ConsoleClient> {
  const created = await root.post('/api/user/', { username, password, display_name: username });
  if (!created.body.success) throw new Error(`create ${username} refused: ${created.body.message}`);
  const client = new ConsoleClient(root.baseUrl);
  const me = await client.login(username, password);
  if (role === 10) {
    const promoted = await root.post('/api/user/manage', { id: me.id, action: 'promote' });
    if (!promoted.body.success) throw new Error(`promote ${username} refused: ${promoted.body.message}`);
  }
  return client;
}
