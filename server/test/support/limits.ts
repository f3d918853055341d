import type { Store } from '../../src/store/db.ts';
import type { TokensTable } from '../../src/store/schema.ts';
import type { Updateable } from 'kysely';
import { CHAT_ANSWER } from './spawned-relay.ts';

export type TokenLimitColumns = Pick<
  Updateable<TokensTable>,
  'rpm_limit' | 'tpm_limit' | 'concurrency_limit' | 'period_quota' | 'quota_period'
>;

/** Sets a key's limits in the database (before its first call, or drop it from the key cache after). */
export async function setTokenLimits(store: Store, id: number, limits: TokenLimitColumns): Promise<void> {
  if (Object.keys(limits).length === 0) return;
  await store.db.updateTable('tokens').set(limits).where('id', '=', id).execute();
}

export const CHAT = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };

/** A plain-fetch chat call: status, Retry-After and the parsed body. */
export async function chat(
  url: string,
  key: string,
  path = '/v1/chat/completions',
  body: unknown = CHAT,
  headers: Record<string, string> = { authorization: `Bearer ${key}` },
): Promise<{ status: number; retryAfter: string | null; body: Record<string, unknown> | null }> {
  const response = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: Record<string, unknown> | null = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON.
  }
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: parsed };
}

/** Fires `count` calls at once; answers how many got each status. */
export async function burst(count: number, call: () => Promise<{ status: number }>) {
  const answers = await Promise.all(Array.from({ length: count }, call));
  const byStatus: Record<number, number> = {};
  for (const { status } of answers) byStatus[status] = (byStatus[status] ?? 0) + 1;
  return byStatus;
}

export { CHAT_ANSWER };
