import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { OptionsCache } from '../cache/options-cache.ts';
import { LocalizedError, msg } from '../i18n/text.ts';

const VERIFY_TIMEOUT_MS = 10_000;

/** What Cloudflare's siteverify answers (only the field we use). */
interface SiteVerifyAnswer {
  success?: unknown;
}

/**
 * Asks the provider whether a widget's token is good. Any trouble reaching it counts as a failed
 * check (the caller retries with a fresh token), never as a pass.
 */
export async function turnstilePasses(
  verifyUrl: string,
  secret: string,
  token: string,
  remoteIp: string,
): Promise<boolean> {
  try {
    const answer = await fetch(verifyUrl, {
      method: 'POST',
      body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!answer.ok) return false;
    const body = (await answer.json()) as SiteVerifyAnswer;
    return body.success === true;
  } catch {
    return false;
  }
}

/**
 * With TurnstileCheckEnabled, the request must carry the widget's token in the `turnstile` query
 * parameter and the provider must accept it (login, register, verification, password reset);
 * otherwise the answer is new-api's refusal (HTTP 200, success false).
 */
export function turnstileCheck(
  settings: OptionsCache,
  verifyUrl: string,
  /** Requests that need no check (a signed-in user asking for a binding code passed it at login). */
  exempt: (request: FastifyRequest) => Promise<boolean> = async () => false,
): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest) => {
    if (!settings.bool('TurnstileCheckEnabled') || (await exempt(request))) return;
    const token = (request.query as Record<string, unknown> | undefined)?.turnstile;
    if (typeof token !== 'string' || token.trim() === '') {
      throw new LocalizedError(msg('turnstile.empty'), 200);
    }
    const secret = settings.get('TurnstileSecretKey');
    if (!(await turnstilePasses(verifyUrl, secret, token, request.ip))) {
      throw new LocalizedError(msg('turnstile.failed'), 200);
    }
  };
}
