/**
 * How long an upstream asked to wait before calling again, in seconds: its Retry-After header
 * (seconds or an HTTP date), OpenAI's retry-after-ms, or a Gemini error's RetryInfo detail
 * (`"retryDelay": "34.4s"`). Undefined when it said nothing.
 */
export function upstreamRetryDelay(
  headers: Record<string, string | string[] | undefined>,
  errorText: string,
  now = Date.now(),
): number | undefined {
  const header = (name: string): string | undefined => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const ms = Number(header('retry-after-ms'));
  if (Number.isFinite(ms) && ms > 0) return ms / 1000;
  const retryAfter = header('retry-after')?.trim();
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds;
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, (date - now) / 1000);
  }
  return geminiRetryDelay(errorText);
}

function geminiRetryDelay(text: string): number | undefined {
  if (!text.includes('RetryInfo')) return undefined;
  try {
    const body = JSON.parse(text) as { error?: { details?: Array<Record<string, unknown>> } };
    for (const detail of body.error?.details ?? []) {
      if (!String(detail['@type']).endsWith('google.rpc.RetryInfo')) continue;
      const match = /^(\d+(?:\.\d+)?)s$/.exec(String(detail.retryDelay));
      if (match) return Number(match[1]);
    }
  } catch {
    // Not JSON: no delay.
  }
  return undefined;
}
