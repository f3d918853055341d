import { CopyOutlined } from '@ant-design/icons';
import { Button, Card, Input, Modal, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { useCopy } from '../../components/use-copy.tsx';
import { generateAccessToken } from './personal-api.ts';

/**
 * Generates a new system access token (GET /api/user/token) and shows it once, with a copy button.
 * Destructive (the old token stops working at once), so it asks first.
 */
export function AccessTokenCard() {
  const { t } = useTranslation();
  const copy = useCopy();
  const [token, setToken] = useState<string | null>(null);
  const generate = useApiMutation(generateAccessToken, {
    successMessage: t('personal.token.generated'),
    onSuccess: (value) => setToken(value),
  });

  return (
    <Card title={t('personal.token.title')}>
      <Typography.Paragraph type="secondary">{t('personal.token.description')}</Typography.Paragraph>
      <Popconfirm
        title={t('personal.token.confirmTitle')}
        description={t('personal.token.confirmText')}
        okText={t('personal.token.confirmOk')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={() => generate.mutateAsync().catch(() => undefined)}
      >
        <Button type="primary" loading={generate.isPending}>
          {t('personal.token.generate')}
        </Button>
      </Popconfirm>
      <Modal
        title={t('personal.token.modalTitle')}
        open={token !== null}
        onCancel={() => setToken(null)}
        footer={<Button onClick={() => setToken(null)}>{t('common.close')}</Button>}
      >
        <Typography.Paragraph>{t('personal.token.keepSafe')}</Typography.Paragraph>
        <Space.Compact style={{ width: '100%' }}>
          <Input id="accessToken" readOnly value={token ?? ''} onFocus={(e) => e.target.select()} />
          <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy(token ?? '')}>
            {t('common.copy')}
          </Button>
        </Space.Compact>
      </Modal>
    </Card>
  );
}
