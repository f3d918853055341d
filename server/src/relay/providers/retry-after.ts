/** An upstream answer's headers, as undici gives them. */
export type ResponseHeaders = Record<string, string | string[] | undefined>;

/**
 * How long an upstream asked to wait before calling again, in seconds, by HTTP headers: OpenAI's
 * retry-after-ms first, else Retry-After (seconds or an HTTP date). Undefined when it said nothing.
 * A family that says it in its error body too (Gemini's RetryInfo) reads that itself.
 */
export function retryAfterSeconds(headers: ResponseHeaders, now = Date.now()): number | undefined {
  const header = (name: string): string | undefined => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const ms = Number(header('retry-after-ms'));
  if (Number.isFinite(ms) && ms > 0) return ms / 1000;
  const retryAfter = header('retry-after')?.trim();
  if (!retryAfter) return undefined;
  const seconds = Number(retryAfter);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(retryAfter);
  return Number.isFinite(date) ? Math.max(0, (date - now) / 1000) : undefined;
}
