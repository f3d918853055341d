import { useQuery } from '@tanstack/react-query';
import { api, sessionHeaders } from '../../api/client.ts';
import { streamChat, type StreamRequest } from './chat-stream.ts';

/** A group the user may pick (GET /api/user/self/groups answers name → {desc, ratio}). */
export interface GroupChoice {
  name: string;
  desc: string;
  ratio: number;
}

type GroupMap = Record<string, { desc?: string; ratio?: number }>;

export function useGroups() {
  return useQuery({
    queryKey: ['playground', 'groups'],
    queryFn: () => api.get<GroupMap>('/api/user/self/groups'),
    select: (groups): GroupChoice[] =>
      Object.entries(groups ?? {}).map(([name, info]) => ({
        name,
        desc: info?.desc || name,
        ratio: Number(info?.ratio ?? 1),
      })),
  });
}

/** The models the user's groups are served (GET /api/user/models). */
export function useModels() {
  return useQuery({
    queryKey: ['playground', 'models'],
    queryFn: () => api.get<string[]>('/api/user/models'),
    select: (models) => [...new Set(models ?? [])].sort(),
  });
}

/** POST /pg/chat/completions as the signed-in user (session cookie and New-Api-User), streamed. */
export const streamPlayground = (request: Omit<StreamRequest, 'url' | 'headers'>) =>
  streamChat({ ...request, url: '/pg/chat/completions', headers: sessionHeaders() });
