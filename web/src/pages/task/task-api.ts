import { PAGED_QUERY_FLAG, type MidjourneyView, type Page, type TaskView } from '@relaygate/contract';
import { api } from '../../api/client.ts';

export type TaskQuery = Record<string, string | number | undefined>;

/** The logs are asked for as pages (`p` from 1); new-api's classic console gets the plain array. */
const pageQuery = (page: number, pageSize: number, query: TaskQuery): TaskQuery => ({
  ...query,
  [PAGED_QUERY_FLAG]: 'true',
  p: page,
  page_size: pageSize,
});

export const fetchDrawings = (admin: boolean, page: number, pageSize: number, query: TaskQuery) =>
  api.get<Page<MidjourneyView>>(admin ? '/api/mj/' : '/api/mj/self/', pageQuery(page, pageSize, query));

export const fetchTasks = (admin: boolean, page: number, pageSize: number, query: TaskQuery) =>
  api.get<Page<TaskView>>(admin ? '/api/task/' : '/api/task/self', pageQuery(page, pageSize, query));
