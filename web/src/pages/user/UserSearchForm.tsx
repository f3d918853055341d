import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterForm } from '../../components/FilterForm.tsx';
import { SearchActions } from '../../components/SearchActions.tsx';
import { GroupSelect } from './GroupSelect.tsx';
import type { UserSearch } from './user-api.ts';

/** Keyword (id, username, e-mail or display name) and group filters, and the add-user button. */
export function UserSearchForm({
  onSearch,
  onAdd,
}: {
  onSearch: (search: UserSearch) => void;
  onAdd: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Partial<UserSearch>>();
  const submit = (values: Partial<UserSearch>) =>
    onSearch({ keyword: values.keyword?.trim() ?? '', group: values.group ?? '' });

  return (
    <Flex wrap gap={8} justify="space-between" align="flex-start">
      <FilterForm<Partial<UserSearch>> form={form} name="searchUser" onFinish={submit}>
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('user.search.keyword')} style={{ width: 260, maxWidth: '100%' }} />
        </Form.Item>
        <Form.Item name="group">
          <GroupSelect
            allowClear
            placeholder={t('user.search.group')}
            style={{ width: 180, maxWidth: '100%' }}
          />
        </Form.Item>
        <SearchActions
          onReset={() => {
            form.resetFields();
            onSearch({ keyword: '', group: '' });
          }}
        />
      </FilterForm>
      <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
        {t('user.add.button')}
      </Button>
    </Flex>
  );
}
