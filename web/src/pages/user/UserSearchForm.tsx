import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
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
    <Form form={form} name="searchUser" layout="inline" onFinish={submit} style={{ rowGap: 8 }}>
      <Form.Item name="keyword">
        <Input allowClear placeholder={t('user.search.keyword')} style={{ width: 260 }} />
      </Form.Item>
      <Form.Item name="group">
        <GroupSelect allowClear placeholder={t('user.search.group')} style={{ width: 180 }} />
      </Form.Item>
      <SearchActions
        onReset={() => {
          form.resetFields();
          onSearch({ keyword: '', group: '' });
        }}
      />
      <Form.Item style={{ marginLeft: 'auto', marginInlineEnd: 0 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          {t('user.add.button')}
        </Button>
      </Form.Item>
    </Form>
  );
}
