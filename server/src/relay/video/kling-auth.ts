import { createHmac } from 'node:crypto';

/** A key of another new-api-style gateway (sk-…): sent as it is, to that gateway's /kling/ routes. */
export const isRelayKey = (key: string): boolean => key.startsWith('sk-');

const base64url = (value: string | Buffer): string => Buffer.from(value).toString('base64url');

/**
 * Kling's Authorization for a channel key, as new-api signs it: `access_key|secret_key` becomes a
 * JWT (HS256; iss the access key, valid from 5 s ago for 30 minutes) signed with the secret key;
 * a relay key goes as it is. Undefined for a key in neither form.
 */
export function klingAuthorization(
  key: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): string | undefined {
  const trimmed = key.trim();
  if (isRelayKey(trimmed)) return `Bearer ${trimmed}`;
  const parts = trimmed.split('|').map((part) => part.trim());
  if (parts.length !== 2 || parts[0] === '' || parts[1] === '') return undefined;
  const [accessKey, secretKey] = parts as [string, string];
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const claims = base64url(JSON.stringify({ iss: accessKey, exp: nowSeconds + 1800, nbf: nowSeconds - 5 }));
  const signature = createHmac('sha256', secretKey).update(`${header}.${claims}`).digest('base64url');
  return `Bearer ${header}.${claims}.${signature}`;
}
