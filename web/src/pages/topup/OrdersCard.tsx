import { TopUpStatus, type TopUpView } from '@relaygate/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Input, Segmented, Space, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SELF_KEY } from '../../api/self.ts';
import { DateTime } from '../../components/DateTime.tsx';
import { ListTable } from '../../components/LoadError.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { usePaging } from '../../components/use-paging.ts';
import { isAdmin, useSessionUser } from '../../session/session-store.ts';
import { WALLET_QUERY_KEY, completeOrder, fetchAllOrders, fetchMyOrders } from './topup-api.ts';
import { formatAmount, formatPayable, methodLabel, orderStatusTag } from './wallet-rules.ts';

/** The user's own top-up orders, newest first; an admin may switch to everyone's and complete a pending one. */
export function OrdersCard() {
  const { t, i18n } = useTranslation();
  const admin = isAdmin(useSessionUser());
  const { page, pageSize, setPage, pagination } = usePaging();
  const [everyone, setEveryone] = useState(false);
  const [keyword, setKeyword] = useState('');
  const showAll = admin && everyone;
  const orders = useQuery({
    queryKey: [...WALLET_QUERY_KEY, 'orders', showAll, keyword, page, pageSize],
    queryFn: () => (showAll ? fetchAllOrders(page, pageSize, keyword) : fetchMyOrders(page, pageSize)),
    placeholderData: keepPreviousData,
  });
  const complete = useApiMutation(completeOrder, {
    invalidate: [WALLET_QUERY_KEY, SELF_KEY],
    successMessage: t('topup.orders.completed'),
  });

  const columns: TableColumnsType<TopUpView> = [
    { title: t('topup.orders.tradeNo'), dataIndex: 'trade_no', key: 'trade_no', ellipsis: true },
    ...(showAll ? [{ title: t('topup.orders.user'), dataIndex: 'user_id', key: 'user_id' }] : []),
    { title: t('topup.orders.amount'), key: 'amount', render: (_, order) => formatAmount(order.amount) },
    {
      title: t('topup.orders.money'),
      key: 'money',
      render: (_, order) => formatPayable(order.money, i18n.language),
    },
    {
      title: t('topup.orders.method'),
      key: 'method',
      render: (_, order) => t(methodLabel(order.payment_method)),
    },
    {
      title: t('common.status'),
      key: 'status',
      render: (_, order) => {
        const tag = orderStatusTag(order.status);
        return <Tag color={tag.color}>{t(`topup.orderStatus.${tag.label}`)}</Tag>;
      },
    },
    {
      title: t('common.createdTime'),
      key: 'create_time',
      render: (_, order) => <DateTime seconds={order.create_time} />,
    },
    {
      title: t('topup.orders.completeTime'),
      key: 'complete_time',
      render: (_, order) => <DateTime seconds={order.complete_time} />,
    },
    ...(showAll
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, order: TopUpView) => (
              <RowActions
                actions={[
                  order.status === TopUpStatus.Pending && {
                    key: 'complete',
                    label: t('topup.orders.complete'),
                    confirm: t('topup.orders.completeConfirm', { tradeNo: order.trade_no }),
                    confirmOk: t('common.confirm'),
                    onClick: () => complete.mutateAsync(order.trade_no),
                  },
                ]}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      title={t('topup.orders.title')}
      extra={
        admin && (
          <Segmented
            value={everyone ? 'all' : 'mine'}
            onChange={(value) => {
              setEveryone(value === 'all');
              setPage(1);
            }}
            options={[
              { value: 'mine', label: t('topup.orders.mine') },
              { value: 'all', label: t('topup.orders.everyone') },
            ]}
          />
        )
      }
    >
      {showAll && (
        <Space style={{ marginBottom: 16 }}>
          <Input.Search
            placeholder={t('topup.orders.search')}
            allowClear
            onSearch={(value) => {
              setKeyword(value.trim());
              setPage(1);
            }}
            style={{ width: 280, maxWidth: '100%' }}
          />
        </Space>
      )}
      <ListTable<TopUpView>
        query={orders}
        rowKey="id"
        columns={columns}
        dataSource={orders.data?.items ?? []}
        pagination={pagination(orders.data?.total ?? 0)}
        scroll={{ x: 'max-content' }}
        data-testid="topup-orders"
      />
    </Card>
  );
}
