import { msg } from '../../../i18n/text.ts';
import { RefusedCall } from '../refused-call.ts';

/** Where Google exchanges a service account's signed assertion for an access token, when the key names none. */
export const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';

/** The fields of a service account's JSON key that calling Vertex needs. */
export interface ServiceAccount {
  projectId: string;
  clientEmail: string;
  /** PKCS#8 PEM. Never logged, never put in a message. */
  privateKey: string;
  privateKeyId?: string;
  tokenUri: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** One key object as a service account, or null when a field it needs is missing. */
function accountOf(value: unknown): ServiceAccount | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const key = value as Record<string, unknown>;
  const projectId = text(key.project_id);
  const clientEmail = text(key.client_email);
  // Keys pasted through some forms keep "\n" as two characters.
  const privateKey = text(key.private_key).replaceAll('\\n', '\n').trim();
  if (!projectId || !clientEmail || !privateKey.includes('PRIVATE KEY')) return null;
  const privateKeyId = text(key.private_key_id);
  return {
    projectId,
    clientEmail,
    privateKey,
    ...(privateKeyId ? { privateKeyId } : {}),
    tokenUri: text(key.token_uri) || GOOGLE_TOKEN_URI,
  };
}

/**
 * The service accounts in a channel key as new-api stores them: one JSON key object, or a JSON
 * array of them (a multi-key channel). Throws a RefusedCall naming the expected format, and
 * nothing of the key itself, when it is anything else.
 */
export function serviceAccounts(key: string): ServiceAccount[] {
  let value: unknown;
  try {
    value = JSON.parse(key);
  } catch {
    throw new RefusedCall(msg('relay.vertexKeyMalformed'));
  }
  const accounts = (Array.isArray(value) ? value : [value]).map(accountOf);
  if (accounts.length === 0 || accounts.some((account) => account === null))
    throw new RefusedCall(msg('relay.vertexKeyMalformed'));
  return accounts as ServiceAccount[];
}

/** One of the channel's service accounts, at random when it holds several. */
export function pickServiceAccount(key: string): ServiceAccount {
  const accounts = serviceAccounts(key);
  return accounts[Math.floor(Math.random() * accounts.length)]!;
}
