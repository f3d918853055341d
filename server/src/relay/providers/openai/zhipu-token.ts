import { SignJWT } from 'jose';

/** How long a token lives (new-api's 24 hours); one is made again a minute before it ends. */
const LIFETIME_MS = 24 * 3600 * 1000;
const RENEW_BEFORE_MS = 60 * 1000;
/** Tokens kept at most: one per key, so a few hundred channels fit; past that the oldest go. */
const MAX_KEPT = 500;

const kept = new Map<string, { token: string; expiresAt: number }>();

/**
 * A key in Zhipu's id.secret form, split; null for any other key (a plain API key, sent as it is);
 * 'malformed' for one dot with nothing on one side of it.
 */
export function zhipuKeyParts(key: string): { id: string; secret: string } | null | 'malformed' {
  const parts = key.split('.');
  if (parts.length !== 2) return null;
  const [id, secret] = parts as [string, string];
  return id === '' || secret === '' ? 'malformed' : { id, secret };
}

/**
 * The JWT Zhipu takes for an id.secret key, as new-api makes it: HS256 signed with the secret,
 * header sign_type SIGN, claims api_key (the id), exp and timestamp in milliseconds. Kept until
 * shortly before it expires.
 */
export async function zhipuToken(id: string, secret: string, now = Date.now()): Promise<string> {
  const cacheKey = `${id}.${secret}`;
  const held = kept.get(cacheKey);
  if (held && held.expiresAt - RENEW_BEFORE_MS > now) return held.token;
  const expiresAt = now + LIFETIME_MS;
  const token = await new SignJWT({ api_key: id, exp: expiresAt, timestamp: now })
    .setProtectedHeader({ alg: 'HS256', sign_type: 'SIGN' })
    .sign(new TextEncoder().encode(secret));
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(cacheKey, { token, expiresAt });
  return token;
}
