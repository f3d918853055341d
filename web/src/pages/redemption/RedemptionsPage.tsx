import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { RedemptionView } from '@relaygate/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchForm } from '../../components/SearchForm.tsx';
import { ListTable } from '../../components/LoadError.tsx';
import { showSuccess } from '../../api/feedback.ts';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { usePaging } from '../../components/use-paging.ts';
import { CreatedCodesModal } from './CreatedCodesModal.tsx';
import { RedemptionDrawer } from './RedemptionDrawer.tsx';
import { REDEMPTIONS_QUERY_KEY, deleteInvalidRedemptions, fetchRedemptions } from './redemption-api.ts';
import { useRedemptionColumns } from './use-redemption-columns.tsx';
import { registerLocale } from '../../i18n/index.ts';
import { locale } from './locale.ts';

registerLocale(locale);

/** /redemption (admin): search, list, create (showing every new code), edit, toggle, delete. */
export function RedemptionsPage() {
  const { t } = useTranslation();
  const { page, pageSize, setPage, pagination } = usePaging();
  const [keyword, setKeyword] = useState('');
  const [drawer, setDrawer] = useState<{ open: boolean; code?: RedemptionView }>({ open: false });
  const [created, setCreated] = useState<{ codes: string[]; name: string }>({ codes: [], name: '' });

  const codes = useQuery({
    queryKey: [...REDEMPTIONS_QUERY_KEY, page, pageSize, keyword],
    queryFn: () => fetchRedemptions(page, pageSize, keyword),
    placeholderData: keepPreviousData,
  });

  const removeInvalid = useApiMutation(deleteInvalidRedemptions, {
    invalidate: [REDEMPTIONS_QUERY_KEY],
    successMessage: false,
    onSuccess: (count) => showSuccess(t('redemption.deletedInvalid', { count })),
  });

  const columns = useRedemptionColumns((code) => setDrawer({ open: true, code }));

  return (
    <Card title={t('redemption.title')}>
      <SearchForm
        name="redemptionSearch"
        initialValues={{ keyword: '' }}
        onSearch={(values) => {
          setKeyword(values.keyword);
          setPage(1);
        }}
      >
        <Form.Item name="keyword" label={t('redemption.keyword')}>
          <Input placeholder={t('redemption.keywordPlaceholder')} allowClear />
        </Form.Item>
      </SearchForm>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDrawer({ open: true })}
          data-testid="redemption-add"
        >
          {t('redemption.add')}
        </Button>
        <Popconfirm
          title={t('redemption.deleteInvalidConfirm')}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => removeInvalid.mutateAsync(undefined)}
        >
          <Button danger icon={<DeleteOutlined />}>
            {t('redemption.deleteInvalid')}
          </Button>
        </Popconfirm>
        <Button icon={<ReloadOutlined />} loading={codes.isFetching} onClick={() => void codes.refetch()}>
          {t('common.refresh')}
        </Button>
      </Space>
      <ListTable<RedemptionView>
        query={codes}
        rowKey="id"
        columns={columns}
        dataSource={codes.data?.items ?? []}
        pagination={pagination(codes.data?.total ?? 0)}
        scroll={{ x: 'max-content' }}
      />
      <RedemptionDrawer
        open={drawer.open}
        code={drawer.code}
        onClose={() => setDrawer((current) => ({ ...current, open: false }))}
        onCreated={(keys, name) => setCreated({ codes: keys, name })}
      />
      <CreatedCodesModal
        codes={created.codes}
        name={created.name}
        onClose={() => setCreated({ codes: [], name: '' })}
      />
    </Card>
  );
}
