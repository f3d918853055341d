import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterForm } from '../../components/FilterForm.tsx';
import { SearchActions } from '../../components/SearchActions.tsx';
import { useGroupNames } from './channel-api.ts';
import { EMPTY_FILTERS, type ChannelFilters } from './channel-query.ts';

/** Keyword (id, name, key or base URL), group and model (GET /api/channel/search). */
export function ChannelSearchForm({
  onSearch,
  loading,
}: {
  onSearch: (filters: ChannelFilters) => void;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChannelFilters>();
  const groups = useGroupNames();
  const submit = (values: Partial<ChannelFilters>) =>
    onSearch({
      ...EMPTY_FILTERS,
      ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? ''])),
    });

  return (
    <FilterForm<ChannelFilters> form={form} name="channelSearch" onFinish={submit}>
      <Form.Item name="keyword">
        <Input
          allowClear
          placeholder={t('channel.search.keyword')}
          style={{ width: 240, maxWidth: '100%' }}
        />
      </Form.Item>
      <Form.Item name="group">
        <Select
          allowClear
          placeholder={t('channel.search.group')}
          style={{ width: 160, maxWidth: '100%' }}
          options={(groups ?? []).map((group) => ({ value: group, label: group }))}
        />
      </Form.Item>
      <Form.Item name="model">
        <Input allowClear placeholder={t('channel.search.model')} style={{ width: 200, maxWidth: '100%' }} />
      </Form.Item>
      <SearchActions
        loading={loading}
        onReset={() => {
          form.resetFields();
          onSearch(EMPTY_FILTERS);
        }}
      />
    </FilterForm>
  );
}
