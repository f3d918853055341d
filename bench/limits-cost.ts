import { consoleApi, type Gateway } from './gateway.ts';

/** How many sensitive words the limits-on run checks every prompt against. */
export const SENSITIVE_WORDS = 10_000;
const NEVER_REACHED = 1_000_000_000;

/**
 * Turns every relay limit on for the bench key, each far above what the run reaches, so the run
 * measures what counting costs, not refusals: the model request rate limit, the key's RPM, TPM,
 * concurrency and daily budget, and the sensitive-word check against 10,000 words.
 */
export async function enableLimits(gw: Gateway): Promise<void> {
  const words = Array.from({ length: SENSITIVE_WORDS }, (_, i) => `benchword${i}zq`).join('\n');
  const options: Array<[string, string]> = [
    ['ModelRequestRateLimitCount', String(NEVER_REACHED)],
    ['ModelRequestRateLimitSuccessCount', String(NEVER_REACHED)],
    ['ModelRequestRateLimitDurationMinutes', '1'],
    ['ModelRequestRateLimitEnabled', 'true'],
    ['SensitiveWords', words],
    ['CheckSensitiveOnPromptEnabled', 'true'],
    ['CheckSensitiveEnabled', 'true'],
  ];
  for (const [key, value] of options) await consoleApi(gw, 'PUT', '/api/option/', { key, value });
  const listed = await consoleApi<
    Array<{ id: number; key: string }> | { items: Array<{ id: number; key: string }> }
  >(gw, 'GET', '/api/token/');
  const tokens = Array.isArray(listed) ? listed : listed.items;
  const token = tokens.find((row) => `sk-${row.key}` === gw.key || row.key === gw.key);
  if (!token) throw new Error('the bench key is not in GET /api/token/');
  await consoleApi(gw, 'PUT', '/api/token/', {
    id: token.id,
    rpm_limit: NEVER_REACHED,
    tpm_limit: NEVER_REACHED,
    concurrency_limit: NEVER_REACHED,
    period_quota: Number.MAX_SAFE_INTEGER,
    quota_period: 'daily',
  });
}
