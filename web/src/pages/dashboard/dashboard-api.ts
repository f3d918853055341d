import type { LogStat, QuotaDataItem } from '@relaygate/contract';
import { api } from '../../api/client.ts';
import { LogType } from '@relaygate/contract';

export interface DataQuery {
  start_timestamp: number;
  end_timestamp: number;
  username?: string;
}

/** The hourly rows: everyone's or one username's for admins, one's own otherwise. */
export const fetchQuotaData = (admin: boolean, query: DataQuery) =>
  admin
    ? api.get<QuotaDataItem[]>('/api/data/', { ...query })
    : api.get<QuotaDataItem[]>('/api/data/self', { ...query, username: undefined });

/** Requests and tokens of the last minute (the log statistics ignore the time range for these). */
export const fetchLastMinute = (admin: boolean, username?: string) =>
  admin
    ? api.get<LogStat>('/api/log/stat', { type: LogType.Consume, username })
    : api.get<LogStat>('/api/log/self/stat', { type: LogType.Consume });
