import type { ManageAction, Page, UserView } from '@relaygate/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Tag, Typography, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../components/LoadError.tsx';
import { BalanceText, QuotaText } from '../../components/QuotaText.tsx';
import { UserRowActions } from './UserRowActions.tsx';
import { roleLabel } from '../../components/role-label.ts';
import { statusLabel } from './user-labels.ts';

export function UserTable({
  query,
  pagination,
  busyId,
  onEdit,
  onManage,
}: {
  query: UseQueryResult<Page<UserView>>;
  pagination: TablePaginationConfig;
  busyId: number | null;
  onEdit: (id: number) => void;
  onManage: (user: UserView, action: ManageAction) => unknown;
}) {
  const { t } = useTranslation();
  const columns: TableColumnsType<UserView> = [
    { title: t('common.id'), dataIndex: 'id', width: 80 },
    {
      title: t('user.columns.username'),
      dataIndex: 'username',
      render: (_, user) => (
        <>
          <Typography.Text>{user.username}</Typography.Text>
          {user.display_name && user.display_name !== user.username && (
            <Typography.Text type="secondary"> ({user.display_name})</Typography.Text>
          )}
        </>
      ),
    },
    { title: t('common.group'), dataIndex: 'group', render: (group: string) => <Tag>{group}</Tag> },
    {
      title: t('user.columns.quota'),
      key: 'quota',
      render: (_, user) => (
        <span title={t('user.columns.quotaHint')}>
          {user.quota < 0 ? (
            <BalanceText quota={user.quota} />
          ) : (
            <Tag color="green">
              <QuotaText quota={user.quota} />
            </Tag>
          )}
          /{' '}
          <Tag color="blue">
            <QuotaText quota={user.used_quota} />
          </Tag>
        </span>
      ),
    },
    { title: t('user.columns.requests'), dataIndex: 'request_count' },
    {
      title: t('user.columns.role'),
      dataIndex: 'role',
      render: (role: number) => {
        const label = roleLabel(role);
        return <Tag color={label.color}>{t(label.key)}</Tag>;
      },
    },
    {
      title: t('common.status'),
      dataIndex: 'status',
      render: (_, user) => {
        const label = statusLabel(user);
        return <Tag color={label.color}>{t(label.key)}</Tag>;
      },
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, user) => (
        <UserRowActions user={user} busy={busyId === user.id} onEdit={onEdit} onManage={onManage} />
      ),
    },
  ];
  return (
    <ListTable<UserView>
      query={query}
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={query.data?.items ?? []}
      pagination={pagination}
      scroll={{ x: 'max-content' }}
    />
  );
}
