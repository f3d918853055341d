import { Button, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** The Search (submits the surrounding form) and Reset buttons of a filter form. */
export function SearchActions({ loading, onReset }: { loading?: boolean; onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={loading}>
          {t('common.search')}
        </Button>
        <Button onClick={onReset}>{t('common.reset')}</Button>
      </Space>
    </Form.Item>
  );
}
