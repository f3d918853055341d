import type { UserView } from '@relaygate/contract';
import { useQuery } from '@tanstack/react-query';
import { useSessionUser } from '../session/session-store.ts';
import { api } from './client.ts';

/**
 * The signed-in user as GET /api/user/self tells it (balance, usage, bindings, settings): one query
 * every view shares, so whatever changes the user (a redemption, a top-up, an affiliate transfer, a
 * profile edit) invalidates SELF_KEY and every view of it (wallet, personal page, dashboard) shows
 * the new value. The session's user id ends the key, so another sign-in never sees this one's data.
 */
export const SELF_KEY = ['user', 'self'] as const;

export const selfKey = (userId: number | undefined) => [...SELF_KEY, userId ?? 0] as const;

export const fetchSelf = () => api.get<UserView>('/api/user/self');

export function useSelf(options: { enabled?: boolean; staleTime?: number } = {}) {
  const user = useSessionUser();
  return useQuery({ queryKey: selfKey(user?.id), queryFn: fetchSelf, ...options });
}
