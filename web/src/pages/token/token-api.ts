import type { Page, TokenView } from '@relaygate/contract';
import { api } from '../../api/client.ts';
import type { TokenPayload } from './token-form.ts';

export const TOKENS_QUERY_KEY = ['tokens'] as const;

/** The search form: both empty lists every token. */
export interface TokenSearch {
  keyword: string;
  token: string;
}

/** A group the user may pick: its description and price ratio. */
export interface GroupInfo {
  desc: string;
  ratio: number;
}

/** One page of the user's tokens; the server reads page_size (size is sent too, as new-api's console does). */
export function fetchTokens(page: number, pageSize: number, search: TokenSearch): Promise<Page<TokenView>> {
  const paging = { p: page, page_size: pageSize, size: pageSize };
  const keyword = search.keyword.trim();
  const token = search.token.trim();
  if (!keyword && !token) return api.get<Page<TokenView>>('/api/token/', paging);
  return api.get<Page<TokenView>>('/api/token/search', { ...paging, keyword, token });
}

export const createTokens = (payload: TokenPayload) => api.post<TokenView[]>('/api/token/', payload);

export const updateToken = (payload: TokenPayload) => api.put<TokenView>('/api/token/', payload);

export const setTokenStatus = (input: { id: number; status: number }) =>
  api.put<TokenView>('/api/token/?status_only=true', input);

export const deleteToken = (id: number) => api.delete<unknown>(`/api/token/${id}/`);

export const fetchUserGroups = () => api.get<Record<string, GroupInfo>>('/api/user/self/groups');

export const fetchUserModels = () => api.get<string[]>('/api/user/models');
