import type { ChannelBalance, ChannelTypeOption, ChannelView, KnownModel } from '@relaygate/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, request, withQuery } from '../../api/client.ts';
import type { ChannelPayload } from './channel-form-values.ts';
import type { ListRequest } from './channel-query.ts';
import type { TagEditPayload } from './tag-edit.ts';

/** A channel test's outcome; `model` is the one tested, once the server chose it. */
export interface ChannelTestAnswer {
  success: boolean;
  message: string;
  time: number;
  model?: string;
}

/** Every query of this screen starts with this key, so one invalidation refreshes them all. */
export const CHANNELS_KEY = ['channels'] as const;

/** The calls of the channel screen (server/src/api/channel/**). */
export const channelApi = {
  list: (request: ListRequest) => api.list<ChannelView>(request.path, request.query),
  get: (id: number) => api.get<ChannelView>(`/api/channel/${id}`),
  /** Root only: the stored key, for copying a channel with it. */
  revealKey: (id: number) => api.post<{ key: string }>(`/api/channel/${id}/key`),
  create: (body: unknown) => api.post<{ ids: number[] }>('/api/channel/', body),
  update: (body: Partial<ChannelPayload> & { id: number; status?: number }) =>
    api.put<ChannelView>('/api/channel/', body),
  remove: (id: number) => api.delete<void>(`/api/channel/${id}/`),
  removeDisabled: () => api.delete<number>('/api/channel/disabled'),
  removeMany: (ids: number[]) => api.post<number>('/api/channel/batch', { ids }),
  /** The number of channels whose abilities were rebuilt. */
  fix: () => api.post<number>('/api/channel/fix'),
  /** Answers failures too (not thrown): the message says why, `model` which model was refused. */
  test: async (id: number, model?: string): Promise<ChannelTestAnswer> => {
    const path = withQuery(`/api/channel/test/${id}`, { model: model || undefined });
    const answer = await request<{ time?: number; model?: string }>('GET', path);
    return {
      success: answer.success,
      message: answer.message,
      time: answer.data?.time ?? 0,
      model: answer.data?.model,
    };
  },
  testAll: () => api.get<void>('/api/channel/test'),
  updateBalance: (id: number) => api.get<ChannelBalance>(`/api/channel/update_balance/${id}/`),
  updateAllBalances: () => api.get<{ updated: number; failed: number }>('/api/channel/update_balance'),
  fetchModelsOf: (id: number) => api.get<string[]>(`/api/channel/fetch_models/${id}`),
  fetchModels: (body: { base_url: string; type: number; key: string }) =>
    api.post<string[]>('/api/channel/fetch_models', body),
  setTagStatus: (tag: string, enabled: boolean) =>
    api.post<number>(`/api/channel/tag/${enabled ? 'enabled' : 'disabled'}`, { tag }),
  editTag: (payload: TagEditPayload) => api.put<number>('/api/channel/tag', payload),
  tagModels: (tag: string) => api.get<string>('/api/channel/tag/models', { tag }),
  batchTag: (ids: number[], tag: string) => api.post<number>('/api/channel/batch/tag', { ids, tag }),
};

export function useChannelList(request: ListRequest) {
  return useQuery({
    queryKey: [...CHANNELS_KEY, 'list', request],
    queryFn: () => channelApi.list(request),
    placeholderData: keepPreviousData,
  });
}

export function useChannel(id: number | undefined) {
  return useQuery({
    queryKey: [...CHANNELS_KEY, 'one', id],
    queryFn: () => channelApi.get(id as number),
    enabled: id !== undefined,
    gcTime: 0,
  });
}

const LONG = 5 * 60_000;

/** Group names for the search form and the channel form (GET /api/group/). */
export function useGroupNames() {
  return useQuery({
    queryKey: ['groups'],
    queryFn: () => api.get<string[]>('/api/group/'),
    staleTime: LONG,
  }).data;
}

/** The channel types with what the form asks for each, in the console's language (the server writes the texts). */
export function useChannelTypes() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...CHANNELS_KEY, 'types', i18n.language],
    queryFn: () => api.get<ChannelTypeOption[]>('/api/channel/types'),
    staleTime: Infinity,
  }).data;
}

/** Every model name the gateway knows (GET /api/channel/models). */
export function useKnownModels() {
  return useQuery({
    queryKey: [...CHANNELS_KEY, 'models'],
    queryFn: () => api.get<KnownModel[]>('/api/channel/models'),
    staleTime: LONG,
  });
}
