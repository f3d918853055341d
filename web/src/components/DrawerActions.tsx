import { Button, Space, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Cancel and a primary submit button for a drawer's header (`extra`). Everything but
 * `onCancel` and `label` (default: Submit) goes to the primary button.
 */
export function DrawerActions({
  onCancel,
  label,
  ...submit
}: ButtonProps & { onCancel: () => void; label?: string }) {
  const { t } = useTranslation();
  return (
    <Space>
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
      <Button type="primary" {...submit}>
        {label ?? t('common.submit')}
      </Button>
    </Space>
  );
}
