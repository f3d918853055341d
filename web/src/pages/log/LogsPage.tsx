import { ReloadOutlined } from '@ant-design/icons';
import type { LogView } from '@relaygate/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable, LoadError } from '../../components/LoadError.tsx';
import { useIsMobile } from '../../components/use-is-mobile.ts';
import { usePaging } from '../../components/use-paging.ts';
import { StorageKey, readJson, writeJson } from '../../lib/storage.ts';
import { isAdmin, useSessionUser } from '../../session/session-store.ts';
import { ColumnSettings } from './ColumnSettings.tsx';
import { LogFilterForm } from './LogFilterForm.tsx';
import { LogStatsCard } from './LogStatsCard.tsx';
import { UserInfoModal } from './UserInfoModal.tsx';
import { LOGS_QUERY_KEY, fetchLogStat, fetchLogs } from './log-api.ts';
import { columnsInOrder, parseColumnChoice, visibleColumns, type ColumnChoice } from './log-columns.ts';
import { defaultLogFilter, filterToQuery, type LogFilterValues } from './log-filter.ts';
import { useLogColumns } from './use-log-columns.tsx';
import { registerLocale } from '../../i18n/index.ts';
import { locale } from './locale.ts';

registerLocale(locale);

/** /log: usage logs (all users for admins, one's own otherwise) with filters and statistics. */
export function LogsPage() {
  const { t, i18n } = useTranslation();
  const admin = isAdmin(useSessionUser());
  const phone = useIsMobile();
  const queryClient = useQueryClient();
  const { page, pageSize, setPage, pagination } = usePaging();
  const [initialFilter] = useState(() => defaultLogFilter());
  const [filter, setFilter] = useState<LogFilterValues>(initialFilter);
  const [choice, setChoice] = useState<ColumnChoice>(() =>
    parseColumnChoice(readJson<unknown>(StorageKey.logColumns)),
  );
  const [userId, setUserId] = useState<number | null>(null);
  const query = useMemo(() => filterToQuery(filter, admin), [filter, admin]);

  const logs = useQuery({
    // The server words the rows' content in the console's language: another language, another list.
    queryKey: [...LOGS_QUERY_KEY, 'list', admin, page, pageSize, query, i18n.language],
    queryFn: () => fetchLogs(admin, page, pageSize, query),
    placeholderData: keepPreviousData,
  });
  const stat = useQuery({
    queryKey: [...LOGS_QUERY_KEY, 'stat', admin, query],
    queryFn: () => fetchLogStat(admin, query),
  });

  const columns = useLogColumns(columnsInOrder(visibleColumns(choice, admin), phone), admin, setUserId);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: LOGS_QUERY_KEY });

  /** A new filter loads by itself; searching again with the same one reloads the list and statistics. */
  const search = (values: LogFilterValues) => {
    const same = JSON.stringify(filterToQuery(values, admin)) === JSON.stringify(query) && page === 1;
    setFilter(values);
    setPage(1);
    if (same) refresh();
  };

  const changeChoice = (next: ColumnChoice) => {
    setChoice(next);
    writeJson(StorageKey.logColumns, next);
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('log.title')}>
        <LogFilterForm
          admin={admin}
          initialValues={initialFilter}
          loading={logs.isFetching}
          onSearch={search}
        />
      </Card>
      {stat.isError ? <LoadError query={stat} /> : <LogStatsCard stat={stat.data} loading={stat.isLoading} />}
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Button icon={<ReloadOutlined />} loading={logs.isFetching} onClick={refresh}>
            {t('common.refresh')}
          </Button>
          <ColumnSettings admin={admin} choice={choice} onChange={changeChoice} />
        </Space>
        <ListTable<LogView>
          query={logs}
          rowKey="id"
          columns={columns}
          dataSource={logs.data?.items ?? []}
          pagination={pagination(logs.data?.total ?? 0)}
          scroll={{ x: 'max-content' }}
          size="middle"
        />
      </Card>
      {admin && <UserInfoModal userId={userId} onClose={() => setUserId(null)} />}
    </Space>
  );
}
