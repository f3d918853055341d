import { request, type Dispatcher } from 'undici';
import { OUTBOUND_REFUSED, type OutboundRefusedError } from './outbound-guard.ts';
import { LocalizedError, msg, type Text } from '../i18n/text.ts';

export const UPSTREAM_TIMEOUT_MS = 10_000;
const MAX_BODY_CHARS = 8 * 1024 * 1024;

/**
 * An upstream query that did not give an answer (refused address, network, timeout, HTTP error, a
 * body that is not what was asked for), as a catalogue message with the key redacted. The console
 * shows it as a business refusal (HTTP 200, success:false), like its own ApiError.
 */
export class UpstreamQueryError extends LocalizedError {
  constructor(text: Text) {
    super(text, 200);
    this.name = 'UpstreamQueryError';
  }
}

/** Never let a key reach the console inside an upstream's error text. */
export function redact(text: string, secret: string): string {
  return secret.length >= 4 ? text.split(secret).join('***') : text;
}

/** The error message an upstream put in its JSON body, if any. */
function upstreamMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof body.error === 'string' ? body.error : (body.error?.message ?? body.message);
    if (typeof message === 'string' && message !== '') return message;
  } catch {
    // Not JSON: the text itself.
  }
  return text;
}

/** An upstream account to ask: its key, and the guarded agent its address may be reached through. */
export interface UpstreamAccess {
  key: string;
  dispatcher: Dispatcher;
}

function networkReason(error: unknown, secret: string): Text {
  if ((error as { code?: unknown })?.code === OUTBOUND_REFUSED) return (error as OutboundRefusedError).text;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return msg('upstream.timeout', { seconds: UPSTREAM_TIMEOUT_MS / 1000 });
  }
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const reason = cause?.code ?? cause?.message ?? (error as Error)?.message ?? 'unknown error';
  return msg('upstream.unreachable', { cause: redact(reason, secret) });
}

/**
 * GET a JSON document from an upstream, with a 10 s limit on the whole exchange. Redirects are not
 * followed (a 3xx is an error), so the guarded agent checks the only address reached. Any failure
 * (refused address, network, timeout, HTTP error, a body that is not JSON) becomes an
 * UpstreamQueryError with the key redacted.
 */
export async function getUpstreamJson(
  url: string,
  headers: Record<string, string>,
  access: UpstreamAccess,
): Promise<unknown> {
  const secret = access.key;
  let text: string;
  let status: number;
  try {
    const response = await request(url, {
      headers: { accept: 'application/json', ...headers },
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      dispatcher: access.dispatcher,
    });
    status = response.statusCode;
    text = await response.body.text();
  } catch (error) {
    throw new UpstreamQueryError(networkReason(error, secret));
  }
  if (text.length > MAX_BODY_CHARS) throw new UpstreamQueryError(msg('upstream.tooLarge'));
  if (status < 200 || status >= 300) {
    const detail = upstreamMessage(text).slice(0, 300);
    throw new UpstreamQueryError(
      msg('upstream.httpStatus', { status, detail: detail ? `: ${redact(detail, secret)}` : '' }),
    );
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new UpstreamQueryError(msg('upstream.notJson'));
  }
}

/** A number at a dotted path of an upstream answer; numeric strings count. */
export function numberAt(body: unknown, path: string): number {
  let value: unknown = body;
  for (const part of path.split('.')) {
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  }
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) {
    throw new UpstreamQueryError(msg('upstream.noNumberAt', { path }));
  }
  return n;
}
