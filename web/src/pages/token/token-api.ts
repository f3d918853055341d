import type { ListedPage, TokenView } from '@relaygate/contract';
import { api } from '../../api/client.ts';
import type { TokenPayload } from './token-form.ts';
import { tokenListQuery, type TokenSearch } from './token-query.ts';

export type { TokenSearch };

export const TOKENS_QUERY_KEY = ['tokens'] as const;

/** A group the user may pick: its description and price ratio. */
export interface GroupInfo {
  desc: string;
  ratio: number;
}

export function fetchTokens(
  page: number,
  pageSize: number,
  search: TokenSearch,
): Promise<ListedPage<TokenView>> {
  const { path, query } = tokenListQuery(page, pageSize, search);
  return api.list<TokenView>(path, query);
}

export const createTokens = (payload: TokenPayload) => api.post<TokenView[]>('/api/token/', payload);

export const updateToken = (payload: TokenPayload) => api.put<TokenView>('/api/token/', payload);

export const setTokenStatus = (input: { id: number; status: number }) =>
  api.put<TokenView>('/api/token/?status_only=true', input);

export const deleteToken = (id: number) => api.delete<unknown>(`/api/token/${id}/`);

export const fetchUserGroups = () => api.get<Record<string, GroupInfo>>('/api/user/self/groups');

/** The models the signed-in user may call (the token form's choices, the call examples' model). */
export const USER_MODELS_QUERY_KEY = ['user', 'models'] as const;

export const fetchUserModels = () => api.get<string[]>('/api/user/models');
