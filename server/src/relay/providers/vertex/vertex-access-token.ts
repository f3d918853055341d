import { createHash } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import { request, type Dispatcher } from 'undici';
import { msg } from '../../../i18n/text.ts';
import { RefusedCall } from '../refused-call.ts';
import type { ServiceAccount } from './vertex-credentials.ts';

/** The scope Vertex AI takes. */
export const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** How long an assertion is valid (Google's maximum). */
const ASSERTION_SECONDS = 3600;
/** A token is fetched again this long before Google says it expires. */
export const RENEW_BEFORE_MS = 5 * 60 * 1000;
const EXCHANGE_TIMEOUT_MS = 10_000;
/** Tokens kept at most, one per account; past that the oldest go. */
const MAX_KEPT = 500;

interface Held {
  token: Promise<string>;
  /** Unix ms; Infinity while the exchange is in flight. */
  expiresAt: number;
}

const held = new Map<string, Held>();

/** The cache key of an account: its token endpoint, its e-mail and a digest of its private key (never the key). */
const accountKey = (account: ServiceAccount): string =>
  [
    account.tokenUri,
    account.clientEmail,
    createHash('sha256').update(account.privateKey).digest('base64url'),
  ].join('\n');

const refused = (account: ServiceAccount, reason: string): RefusedCall =>
  new RefusedCall(msg('relay.vertexTokenFailed', { account: account.clientEmail, reason }));

/**
 * The signed assertion (RS256 JWT) Google exchanges for an access token: iss the account's
 * e-mail, scope cloud-platform, aud its token endpoint, iat now, exp an hour later.
 */
export async function signAssertion(account: ServiceAccount, nowSeconds: number): Promise<string> {
  let key;
  try {
    key = await importPKCS8(account.privateKey, 'RS256');
  } catch {
    throw refused(account, 'its private_key is not a PEM PKCS#8 RSA key');
  }
  return new SignJWT({ scope: CLOUD_PLATFORM_SCOPE })
    .setProtectedHeader({
      alg: 'RS256',
      typ: 'JWT',
      ...(account.privateKeyId ? { kid: account.privateKeyId } : {}),
    })
    .setIssuer(account.clientEmail)
    .setAudience(account.tokenUri)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + ASSERTION_SECONDS)
    .sign(key);
}

/** What the token endpoint said, read: the token and its lifetime, or why there is none. */
function readExchange(status: number, text: string): { token: string; seconds: number } | string {
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not JSON: only the status tells.
  }
  const token = body.access_token;
  if (status === 200 && typeof token === 'string' && token !== '') {
    const seconds = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
    return { token, seconds };
  }
  const said = [body.error, body.error_description].filter((v) => typeof v === 'string' && v !== '');
  return `the token endpoint answered HTTP ${status}${said.length > 0 ? `: ${said.join(': ')}` : ''}`;
}

/** Exchanges a freshly signed assertion at the account's token endpoint. */
async function exchange(
  account: ServiceAccount,
  dispatcher: Dispatcher | undefined,
  now: number,
): Promise<{ token: string; expiresAt: number }> {
  const assertion = await signAssertion(account, Math.floor(now / 1000));
  let status: number;
  let text: string;
  try {
    const response = await request(account.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion }).toString(),
      signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
      ...(dispatcher ? { dispatcher } : {}),
    });
    status = response.statusCode;
    text = (await response.body.text()).slice(0, 2000);
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw refused(account, `the token endpoint could not be reached (${cause})`);
  }
  const read = readExchange(status, text);
  if (typeof read === 'string') throw refused(account, read);
  return { token: read.token, expiresAt: now + read.seconds * 1000 };
}

/**
 * An OAuth access token for a service account: kept until five minutes before it expires, one
 * exchange shared by every call that asks meanwhile; a failed exchange is not kept, so the next
 * call tries again. Throws a RefusedCall saying why (never with the key or the assertion in it).
 */
export function vertexAccessToken(
  account: ServiceAccount,
  /** The guarded agent the channel's addresses are reached through. */
  dispatcher?: Dispatcher,
  now = Date.now(),
): Promise<string> {
  const cacheKey = accountKey(account);
  const kept = held.get(cacheKey);
  if (kept && kept.expiresAt - RENEW_BEFORE_MS > now) return kept.token;
  const entry: Held = { token: Promise.resolve(''), expiresAt: Infinity };
  entry.token = exchange(account, dispatcher, now).then(
    ({ token, expiresAt }) => {
      entry.expiresAt = expiresAt;
      return token;
    },
    (error: unknown) => {
      if (held.get(cacheKey) === entry) held.delete(cacheKey);
      throw error;
    },
  );
  if (held.size >= MAX_KEPT && !held.has(cacheKey)) held.delete(held.keys().next().value!);
  held.set(cacheKey, entry);
  return entry.token;
}

/** Test support: forget every kept token. */
export const forgetVertexTokens = (): void => held.clear();
