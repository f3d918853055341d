import type { ManageAction, ManageAnswer, Page, QuotaAdjustMode, UserView } from '@relaygate/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { toAdjustRequest } from './quota-adjust.ts';
import type { CreateUserPayload, UpdateUserPayload } from './user-form.ts';

/** What the search form has applied; empty fields mean the plain list. */
export interface UserSearch {
  keyword: string;
  group: string;
}

export const userKeys = {
  all: ['users'] as const,
  lists: ['users', 'list'] as const,
  list: (search: UserSearch, page: number, pageSize: number) =>
    ['users', 'list', search.keyword, search.group, page, pageSize] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

/** GET /api/user/search when a keyword or group is set, the plain GET /api/user/ otherwise. */
export function fetchUsers(search: UserSearch, page: number, pageSize: number): Promise<Page<UserView>> {
  const keyword = search.keyword.trim();
  if (!keyword && !search.group) return api.get('/api/user/', { p: page, page_size: pageSize });
  return api.get('/api/user/search', { keyword, group: search.group, p: page, page_size: pageSize });
}

export function useUsers(search: UserSearch, page: number, pageSize: number) {
  return useQuery({
    queryKey: userKeys.list(search, page, pageSize),
    queryFn: () => fetchUsers(search, page, pageSize),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: number | null) {
  return useQuery({
    queryKey: userKeys.detail(id ?? 0),
    queryFn: () => api.get<UserView>(`/api/user/${id}`),
    enabled: id !== null,
    gcTime: 0,
  });
}

export const createUser = (payload: CreateUserPayload) => api.post<void>('/api/user/', payload);

export const updateUser = (payload: UpdateUserPayload) => api.put<void>('/api/user/', payload);

export const manageUser = (id: number, action: ManageAction) =>
  api.post<ManageAnswer>('/api/user/manage', { id, action });

/** Adds to, deducts from or sets a wallet, in whole units; answers the new balance in `quota`. */
export const adjustQuota = (id: number, mode: QuotaAdjustMode, value: number) =>
  api.post<ManageAnswer>('/api/user/manage', toAdjustRequest(id, mode, value));

/** Removes one of a user's bindings (admin; new-api's DELETE /api/user/{id}/bindings/{type}). */
export const clearBinding = (id: number, type: string) =>
  api.delete<void>(`/api/user/${id}/bindings/${type}`);
