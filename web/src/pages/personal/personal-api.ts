import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { NotifyPayload } from './notify-settings.ts';

export const personalKeys = {
  aff: ['personal', 'aff'] as const,
  models: ['personal', 'models'] as const,
};

/** The invite code (GET /api/user/aff makes one on first use). */
export function useAffCode() {
  return useQuery({
    queryKey: personalKeys.aff,
    queryFn: () => api.get<string>('/api/user/aff'),
    staleTime: Infinity,
  });
}

/** The models the user's groups can call. */
export function useUserModels() {
  return useQuery({ queryKey: personalKeys.models, queryFn: () => api.get<string[]>('/api/user/models') });
}

export const transferAffQuota = (quota: number) => api.post<void>('/api/user/aff_transfer', { quota });

/** Makes a new system access token, replacing the old one. */
export const generateAccessToken = () => api.get<string>('/api/user/token');

/** The server asks for the current password too, so a stolen session cannot take the account. */
export const changePassword = ({ password, original }: { password: string; original: string }) =>
  api.put<void>('/api/user/self', { password, original_password: original });

export const deleteSelf = () => api.delete<void>('/api/user/self');

export const saveNotifySettings = (payload: NotifyPayload) => api.put<void>('/api/user/setting', payload);

export const sendVerificationCode = (email: string) => api.get<void>('/api/verification', { email });

export const bindEmail = ({ email, code }: { email: string; code: string }) =>
  api.get<void>('/api/oauth/email/bind', { email, code });

/** A state value for binding a third-party account (the provider sends the browser back to /oauth/{type}). */
export const oauthState = () => api.get<string>('/api/oauth/state');

export const bindWeChat = (code: string) => api.get<void>('/api/oauth/wechat/bind', { code });

export const bindTelegram = (fields: Record<string, string>) =>
  api.get<void>('/api/oauth/telegram/bind', fields);
