import type { ApiEnvelope, LoginResult } from '@relaygate/contract';

/** What the third-party callback page does with the server's answer (spec §4: third-party callback). */
export type CallbackOutcome =
  { kind: 'bind' } | { kind: 'login'; user: LoginResult } | { kind: 'failed'; message: string };

export function callbackOutcome(
  envelope: ApiEnvelope<LoginResult>,
  fallbackMessage: string,
): CallbackOutcome {
  if (!envelope.success) return { kind: 'failed', message: envelope.message || fallbackMessage };
  if (envelope.message === 'bind') return { kind: 'bind' };
  if (!envelope.data) return { kind: 'failed', message: envelope.message || fallbackMessage };
  return { kind: 'login', user: envelope.data };
}

/**
 * Where a failed callback sends the browser. The spec says /setting, which is admin-only here:
 * a signed-in user (a failed bind) goes back to personal settings, an anonymous one to the login page.
 */
export function failureTarget(signedIn: boolean): '/personal' | '/login' {
  return signedIn ? '/personal' : '/login';
}

/** Delay before leaving a failed callback page (spec: about 1.5 s). */
export const FAILURE_REDIRECT_MS = 1500;
