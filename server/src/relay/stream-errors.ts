import type { ClientFormat } from './wire-format.ts';
import { formatSseData } from './sse.ts';

/** The event that tells a client, in its own format, that the stream failed before its end. */
export function streamErrorEvent(format: ClientFormat, message: string): string {
  if (format === 'responses') {
    const error = { type: 'error', code: 'upstream_error', message, param: null };
    return formatSseData(JSON.stringify(error), 'error');
  }
  if (format === 'anthropic') {
    return formatSseData(JSON.stringify({ type: 'error', error: { type: 'api_error', message } }), 'error');
  }
  if (format === 'gemini') {
    return formatSseData(JSON.stringify({ error: { code: 502, message, status: 'UNAVAILABLE' } }));
  }
  return formatSseData(JSON.stringify({ error: { message, type: 'upstream_error' } }));
}
