import type { Page, RedemptionView } from '@relaygate/contract';
import { api } from '../../api/client.ts';
import type { RedemptionPayload } from './redemption-form.ts';

export const REDEMPTIONS_QUERY_KEY = ['redemptions'] as const;

export function fetchRedemptions(
  page: number,
  pageSize: number,
  keyword: string,
): Promise<Page<RedemptionView>> {
  const paging = { p: page, page_size: pageSize };
  const text = keyword.trim();
  if (!text) return api.get<Page<RedemptionView>>('/api/redemption/', paging);
  return api.get<Page<RedemptionView>>('/api/redemption/search', { ...paging, keyword: text });
}

export const createRedemptions = (payload: RedemptionPayload) =>
  api.post<string[]>('/api/redemption/', payload);

export const updateRedemption = (payload: RedemptionPayload) =>
  api.put<RedemptionView>('/api/redemption/', payload);

export const setRedemptionStatus = (input: { id: number; status: number }) =>
  api.put<RedemptionView>('/api/redemption/?status_only=true', input);

export const deleteRedemption = (id: number) => api.delete<unknown>(`/api/redemption/${id}/`);

export const deleteInvalidRedemptions = () => api.delete<number>('/api/redemption/invalid');
