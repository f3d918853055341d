import type { MidjourneyView, Page, TaskView } from '@relaygate/contract';
import { api } from '../../api/client.ts';

export type TaskQuery = Record<string, string | number | undefined>;

export const fetchDrawings = (admin: boolean, page: number, pageSize: number, query: TaskQuery) =>
  api.get<Page<MidjourneyView>>(admin ? '/api/mj/' : '/api/mj/self/', {
    ...query,
    p: page,
    page_size: pageSize,
  });

export const fetchTasks = (admin: boolean, page: number, pageSize: number, query: TaskQuery) =>
  api.get<Page<TaskView>>(admin ? '/api/task/' : '/api/task/self', {
    ...query,
    p: page,
    page_size: pageSize,
  });
