import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';

export const GROUPS_KEY = ['groups'] as const;

/** Every group name (GET /api/group/): the user search filter, the user drawer, the group limits editor. */
export function useGroups() {
  return useQuery({
    queryKey: GROUPS_KEY,
    queryFn: () => api.get<string[]>('/api/group/'),
    staleTime: 60_000,
  });
}
