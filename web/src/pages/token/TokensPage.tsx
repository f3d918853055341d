import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { TokenView } from '@relaygate/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterForm } from '../../components/FilterForm.tsx';
import { ListTable } from '../../components/LoadError.tsx';
import { SearchActions } from '../../components/SearchActions.tsx';
import { showError } from '../../api/feedback.ts';
import { useCopy } from '../../components/use-copy.tsx';
import { usePaging } from '../../components/use-paging.ts';
import { CallGuideModal, type CallGuide } from './CallGuideModal.tsx';
import { TokenDrawer } from './TokenDrawer.tsx';
import { TOKENS_QUERY_KEY, fetchTokens, type TokenSearch } from './token-api.ts';
import { selectedKeysText } from './token-view.ts';
import { useTokenColumns } from './use-token-columns.tsx';
import { registerLocale } from '../../i18n/index.ts';
import { locale } from './locale.ts';

registerLocale(locale);

const NO_SEARCH: TokenSearch = { keyword: '', token: '' };

/** /token: the user's API keys — search, list, create/edit, enable/disable, delete, copy, how to call. */
export function TokensPage() {
  const { t } = useTranslation();
  const copy = useCopy();
  const { page, pageSize, setPage, pagination } = usePaging();
  const [search, setSearch] = useState<TokenSearch>(NO_SEARCH);
  const [selected, setSelected] = useState<TokenView[]>([]);
  const [drawer, setDrawer] = useState<{ open: boolean; token?: TokenView }>({ open: false });
  const [guide, setGuide] = useState<CallGuide | null>(null);
  const [searchForm] = Form.useForm<TokenSearch>();

  const tokens = useQuery({
    queryKey: [...TOKENS_QUERY_KEY, page, pageSize, search],
    queryFn: () => fetchTokens(page, pageSize, search),
    placeholderData: keepPreviousData,
  });

  const columns = useTokenColumns({
    onEdit: (token) => setDrawer({ open: true, token }),
    onGuide: (token) => setGuide({ token }),
  });

  const copySelected = () => {
    if (selected.length === 0) showError(new Error(t('token.selectAtLeastOne')));
    else void copy(selectedKeysText(selected));
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Alert type="warning" showIcon title={t('token.warning')} />
      <Card title={t('token.title')}>
        <FilterForm<TokenSearch>
          form={searchForm}
          name="tokenSearch"
          initialValues={NO_SEARCH}
          onFinish={(values) => {
            setSearch({ keyword: values.keyword ?? '', token: values.token ?? '' });
            setPage(1);
          }}
          style={{ marginBottom: 16 }}
        >
          <Form.Item name="keyword" label={t('token.keyword')}>
            <Input placeholder={t('token.keywordPlaceholder')} allowClear />
          </Form.Item>
          <Form.Item name="token" label={t('token.tokenKey')}>
            <Input placeholder={t('token.tokenKeyPlaceholder')} allowClear />
          </Form.Item>
          <SearchActions
            onReset={() => {
              searchForm.resetFields();
              setSearch(NO_SEARCH);
              setPage(1);
            }}
          />
        </FilterForm>
        <Space wrap style={{ marginBottom: 16 }}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDrawer({ open: true })}
            data-testid="token-add"
          >
            {t('token.add')}
          </Button>
          <Button onClick={copySelected}>{t('token.copySelected')}</Button>
          <Button icon={<ReloadOutlined />} loading={tokens.isFetching} onClick={() => void tokens.refetch()}>
            {t('common.refresh')}
          </Button>
        </Space>
        <ListTable<TokenView>
          query={tokens}
          rowKey="id"
          columns={columns}
          dataSource={tokens.data?.items ?? []}
          pagination={pagination(tokens.data?.total ?? 0)}
          // As wide as the card, columns folding their text to fit; a sideways scroll only where
          // even folded they cannot (a phone). 'max-content' kept every cell on one line and pushed
          // the last columns under the fixed actions at 1440 px.
          scroll={{ x: true }}
          tableLayout="auto"
          rowSelection={{
            selectedRowKeys: selected.map((token) => token.id),
            preserveSelectedRowKeys: true,
            onChange: (_, rows) => setSelected(rows.filter(Boolean)),
          }}
        />
      </Card>
      <TokenDrawer
        open={drawer.open}
        token={drawer.token}
        onClose={() => setDrawer((current) => ({ ...current, open: false }))}
        onCreated={(created) => created[0] && setGuide({ token: created[0], created: created.length })}
      />
      <CallGuideModal guide={guide} onClose={() => setGuide(null)} />
    </Space>
  );
}
