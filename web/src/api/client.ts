import type { ApiEnvelope } from '@relaygate/contract';
import { i18n } from '../i18n/index.ts';
import { getSessionUser, setSessionUser } from '../session/session-store.ts';
import { BusinessError, HttpError, httpErrorKey } from './http-errors.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Query = Record<string, string | number | boolean | undefined | null>;

/** Where the browser goes when the session is gone; set by the router so the redirect keeps the app state. */
let navigateToLogin = (url: string) => window.location.assign(url);
export function onSessionExpired(navigate: (url: string) => void): void {
  navigateToLogin = navigate;
}

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

/** The `message` of an error answer's envelope, when it has one. */
async function serverMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as Partial<ApiEnvelope>;
    return typeof body.message === 'string' ? body.message : '';
  } catch {
    return '';
  }
}

/**
 * One /api call: sends New-Api-User and no-store, maps HTTP errors to the catalogue's messages,
 * sends a 401 to /login?expired=true, and answers the envelope (success:false is not thrown here).
 */
export async function request<T>(method: Method, path: string, body?: unknown): Promise<ApiEnvelope<T>> {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  const user = getSessionUser();
  if (user) headers['New-Api-User'] = String(user.id);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new HttpError(0, i18n.t('error.network'));
  }
  if (response.status === 401) {
    const onLoginPage = window.location.pathname.startsWith('/login');
    setSessionUser(null, { expired: true });
    if (!onLoginPage) navigateToLogin('/login?expired=true');
    throw new HttpError(401, i18n.t('error.expired'));
  }
  if (!response.ok) {
    const key = httpErrorKey(response.status);
    const message = key === 'error.http' ? await serverMessage(response) : '';
    throw new HttpError(response.status, i18n.t(key, { status: response.status, message }));
  }
  return (await response.json()) as ApiEnvelope<T>;
}

/** The data of a successful answer; `success:false` becomes a BusinessError carrying the server's message. */
export async function call<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const envelope = await request<T>(method, path, body);
  if (!envelope.success) throw new BusinessError(envelope.message || i18n.t('error.unknown'));
  return envelope.data as T;
}

export const api = {
  get: <T>(path: string, query?: Query) => call<T>('GET', withQuery(path, query)),
  post: <T>(path: string, body?: unknown) => call<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => call<T>('PUT', path, body ?? {}),
  delete: <T>(path: string) => call<T>('DELETE', path),
};
