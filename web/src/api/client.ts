import { TOTAL_COUNT_HEADER, type ApiEnvelope, type ListedPage } from '@relaygate/contract';
import { i18n } from '../i18n/index.ts';
import { loginPathFor } from '../session/landing.ts';
import { getSessionUser, setSessionUser } from '../session/session-store.ts';
import { BusinessError, HttpError, httpErrorKey } from './http-errors.ts';
import { listTotal } from './list-total.ts';

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

/**
 * The server refused the session (a 401): forget the user and go to /login?expired=true, keeping the
 * page to come back to once signed in again.
 */
export function expireSession(): void {
  const onLoginPage = window.location.pathname.startsWith('/login');
  setSessionUser(null, { expired: true });
  if (!onLoginPage)
    navigateToLogin(loginPathFor(window.location.pathname + window.location.search, { expired: true }));
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
 * The headers every console call carries: no-store, the console's language (the server answers its
 * messages in it), and New-Api-User when signed in (spec 001 §7).
 */
export function sessionHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store', 'Accept-Language': i18n.language };
  const user = getSessionUser();
  if (user) headers['New-Api-User'] = String(user.id);
  return headers;
}

/**
 * One /api call: sends the session headers, maps HTTP errors to the catalogue's messages, sends a
 * 401 to /login?expired=true, and answers the response (success:false is not thrown here).
 */
async function send(method: Method, path: string, body?: unknown): Promise<Response> {
  const headers = sessionHeaders();
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
    expireSession();
    throw new HttpError(401, i18n.t('error.expired'));
  }
  if (!response.ok) {
    const key = httpErrorKey(response.status);
    const message = key === 'error.http' ? await serverMessage(response) : '';
    throw new HttpError(response.status, i18n.t(key, { status: response.status, message }));
  }
  return response;
}

/** One /api call answering its envelope (success:false is not thrown here). */
export async function request<T>(method: Method, path: string, body?: unknown): Promise<ApiEnvelope<T>> {
  return (await (await send(method, path, body)).json()) as ApiEnvelope<T>;
}

const dataOf = <T>(envelope: ApiEnvelope<T>): T => {
  if (!envelope.success) throw new BusinessError(envelope.message || i18n.t('error.unknown'));
  return envelope.data as T;
};

/** The data of a successful answer; `success:false` becomes a BusinessError carrying the server's message. */
export async function call<T>(method: Method, path: string, body?: unknown): Promise<T> {
  return dataOf(await request<T>(method, path, body));
}

/**
 * A list in new-api's classic form (the token and channel lists): `data` is the plain array and
 * the total travels in the X-Total-Count header.
 */
export async function list<T>(path: string, query?: Query): Promise<ListedPage<T>> {
  const response = await send('GET', withQuery(path, query));
  const items = dataOf((await response.json()) as ApiEnvelope<T[]>) ?? [];
  return { items, total: listTotal(response.headers.get(TOTAL_COUNT_HEADER), items.length) };
}

export const api = {
  get: <T>(path: string, query?: Query) => call<T>('GET', withQuery(path, query)),
  list,
  post: <T>(path: string, body?: unknown) => call<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => call<T>('PUT', path, body ?? {}),
  delete: <T>(path: string) => call<T>('DELETE', path),
};
