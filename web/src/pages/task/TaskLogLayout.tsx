import type { Page } from '@relaygate/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card, Space, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { ListTable } from '../../components/LoadError.tsx';
import { TaskFilterForm } from './TaskFilterForm.tsx';
import type { TaskFilterValues } from './task-rules.ts';

/** A task list screen: its title and filters above, the table below (scrolling inside its card). */
export function TaskLogLayout<Row extends { id: number }>({
  title,
  idLabel,
  admin,
  list,
  initialFilter,
  search,
  pagination,
  columns,
}: {
  title: string;
  idLabel: string;
  admin: boolean;
  list: UseQueryResult<Page<Row>>;
  initialFilter: TaskFilterValues;
  search: (values: TaskFilterValues) => void;
  pagination: (total: number) => TablePaginationConfig;
  columns: TableColumnsType<Row>;
}) {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={title}>
        <TaskFilterForm
          admin={admin}
          idLabel={idLabel}
          initialValues={initialFilter}
          loading={list.isFetching}
          onSearch={search}
        />
      </Card>
      <Card>
        <ListTable<Row>
          query={list}
          rowKey="id"
          columns={columns}
          dataSource={list.data?.items ?? []}
          pagination={pagination(list.data?.total ?? 0)}
          scroll={{ x: 'max-content' }}
          size="middle"
        />
      </Card>
    </Space>
  );
}
