import type { Page } from '@relaygate/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { usePaging } from '../../components/use-paging.ts';
import { isAdmin, useSessionUser } from '../../session/session-store.ts';
import type { TaskQuery } from './task-api.ts';
import { defaultTaskFilter, taskFilterQuery, type TaskFilterValues } from './task-rules.ts';

/** The filter, paging and query of a task list (drawings or tasks). */
export function useTaskList<Row>(options: {
  key: string;
  idParam: 'mj_id' | 'task_id';
  unitMs: number;
  fetch: (admin: boolean, page: number, pageSize: number, query: TaskQuery) => Promise<Page<Row>>;
}) {
  const admin = isAdmin(useSessionUser());
  const { page, pageSize, setPage, pagination } = usePaging();
  const [initialFilter] = useState(() => defaultTaskFilter());
  const [filter, setFilter] = useState<TaskFilterValues>(initialFilter);
  const query = useMemo(
    () => taskFilterQuery(filter, { admin, idParam: options.idParam, unitMs: options.unitMs }),
    [filter, admin, options.idParam, options.unitMs],
  );
  const list = useQuery({
    queryKey: [options.key, admin, page, pageSize, query],
    queryFn: () => options.fetch(admin, page, pageSize, query),
    placeholderData: keepPreviousData,
  });
  const search = (values: TaskFilterValues) => {
    setFilter(values);
    setPage(1);
    void list.refetch();
  };
  return { admin, list, initialFilter, search, pagination };
}
