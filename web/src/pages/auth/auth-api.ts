import type { ApiEnvelope, LoginResult } from '@relaygate/contract';
import { api, request, withQuery } from '../../api/client.ts';
import type { OAuthProvider } from '../../lib/oauth-urls.ts';

/** The public accounts calls of spec §7 and the password reset calls of the operations spec. */
export const authApi = {
  login: (input: { username: string; password: string }, turnstile: string) =>
    api.post<LoginResult>(withQuery('/api/user/login', { turnstile }), input),

  register: (
    input: {
      username: string;
      password: string;
      password2: string;
      email?: string;
      verification_code?: string;
      aff_code?: string;
    },
    turnstile: string,
  ) => api.post<unknown>(withQuery('/api/user/register', { turnstile }), input),

  sendVerification: (email: string, turnstile: string) =>
    api.get<unknown>('/api/verification', { email, turnstile }),

  /** The state value a third-party login starts with; `aff` carries a stored invite code. */
  oauthState: (aff: string) => api.get<string>('/api/oauth/state', { aff }),

  wechatLogin: (code: string) => api.get<LoginResult>('/api/oauth/wechat', { code }),

  /** The Telegram widget's signed fields, checked by the server. */
  telegramLogin: (fields: Record<string, string>) =>
    api.get<LoginResult>('/api/oauth/telegram/login', fields),

  /** The whole envelope: its message ('bind') tells a binding from a login. */
  oauthCallback: (provider: OAuthProvider, code: string, state: string) =>
    request<LoginResult>('GET', withQuery(`/api/oauth/${provider}`, { code, state })) as Promise<
      ApiEnvelope<LoginResult>
    >,

  requestReset: (email: string, turnstile: string) =>
    api.get<unknown>('/api/reset_password', { email, turnstile }),

  /** Answers the new password. */
  confirmReset: (email: string, token: string) => api.post<string>('/api/user/reset', { email, token }),
};
