import type { LogStat, LogView, Page, UserView } from '@relaygate/contract';
import { api } from '../../api/client.ts';
import { logEndpoints, type LogQuery } from './log-filter.ts';

export const LOGS_QUERY_KEY = ['logs'] as const;

export function fetchLogs(admin: boolean, page: number, pageSize: number, query: LogQuery) {
  return api.get<Page<LogView>>(logEndpoints(admin).list, { ...query, p: page, page_size: pageSize });
}

export function fetchLogStat(admin: boolean, query: LogQuery) {
  return api.get<LogStat>(logEndpoints(admin).stat, query);
}

export const fetchUser = (id: number) => api.get<UserView>(`/api/user/${id}`);
