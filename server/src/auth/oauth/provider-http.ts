import { msg } from '../../i18n/text.ts';
import { OAuthRefusal } from './provider.ts';

const TIMEOUT_MS = 10_000;

/** What a provider's error answer says, in OAuth's or the provider's own words. */
function errorDetail(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const o = body as Record<string, unknown>;
    for (const key of ['error_description', 'message', 'error']) {
      if (typeof o[key] === 'string' && o[key] !== '') return o[key];
    }
  }
  return `HTTP ${status}`;
}

/**
 * Calls a provider and answers its JSON object. An unreachable provider, an error status, an OAuth
 * `error` field or an answer that is not a JSON object is refused with a message naming the provider.
 */
export async function providerJson(
  label: string,
  url: string,
  init: RequestInit = {},
): Promise<Record<string, unknown>> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    text = await response.text();
  } catch {
    throw new OAuthRefusal(msg('oauth.providerUnreachable', { provider: label }));
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const isObject = body !== null && typeof body === 'object' && !Array.isArray(body);
  if (!response.ok || !isObject || typeof (body as { error?: unknown }).error === 'string') {
    const detail = isObject || !response.ok ? errorDetail(body, response.status) : 'not JSON';
    throw new OAuthRefusal(msg('oauth.providerRefused', { provider: label, detail }));
  }
  return body as Record<string, unknown>;
}

/** A form-encoded POST body with its content type. */
export function formPost(fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  };
}

/** The access token of a token endpoint's answer, or a refusal. */
export function accessTokenOf(label: string, answer: Record<string, unknown>): string {
  const token = answer.access_token;
  if (typeof token !== 'string' || token === '') {
    throw new OAuthRefusal(msg('oauth.providerRefused', { provider: label, detail: 'no access_token' }));
  }
  return token;
}

/** A provider's id field (a number or a string) as text, or a refusal when absent. */
export function idOf(label: string, value: unknown): string {
  if ((typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value !== '')) {
    return String(value);
  }
  throw new OAuthRefusal(msg('oauth.providerRefused', { provider: label, detail: 'no user id' }));
}

export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The client id and secret a provider needs, or a refusal when the admin has not set them. */
export function clientCredentials(
  label: string,
  id: string,
  secret: string,
): { clientId: string; clientSecret: string } {
  if (!id || !secret) throw new OAuthRefusal(msg('oauth.notConfigured', { provider: label }));
  return { clientId: id, clientSecret: secret };
}
