import type { TopUpView } from '@relaygate/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePaging } from '../../components/use-paging.ts';
import { formatTimestamp } from '../../lib/time.ts';
import { WALLET_QUERY_KEY, fetchMyOrders } from './topup-api.ts';
import { formatMoney, methodLabel, orderStatusTag } from './wallet-rules.ts';

/** The user's own top-up orders, newest first. */
export function OrdersCard() {
  const { t } = useTranslation();
  const { page, pageSize, pagination } = usePaging();
  const orders = useQuery({
    queryKey: [...WALLET_QUERY_KEY, 'orders', page, pageSize],
    queryFn: () => fetchMyOrders(page, pageSize),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<TopUpView> = [
    { title: t('topup.orders.tradeNo'), dataIndex: 'trade_no', key: 'trade_no', ellipsis: true },
    { title: t('topup.online.amount'), dataIndex: 'amount', key: 'amount' },
    { title: t('topup.orders.money'), key: 'money', render: (_, order) => formatMoney(order.money) },
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
      render: (_, order) => formatTimestamp(order.create_time),
    },
    {
      title: t('topup.orders.completeTime'),
      key: 'complete_time',
      render: (_, order) => formatTimestamp(order.complete_time),
    },
  ];

  return (
    <Card title={t('topup.orders.title')}>
      <Table<TopUpView>
        rowKey="id"
        columns={columns}
        dataSource={orders.data?.items ?? []}
        loading={orders.isLoading}
        pagination={pagination(orders.data?.total ?? 0)}
        scroll={{ x: 'max-content' }}
        data-testid="topup-orders"
      />
    </Card>
  );
}
