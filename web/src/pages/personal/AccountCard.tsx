import type { UserView } from '@relaygate/contract';
import { Card, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BalanceText, QuotaText } from '../../components/QuotaText.tsx';
import { roleLabel } from '../../components/role-label.ts';
import { ModelTags } from './ModelTags.tsx';

/** Who the user is, what they have left and used, and the models they can call. */
export function AccountCard({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const role = roleLabel(user.role);
  return (
    <Card title={t('personal.account.title')}>
      <Descriptions
        column={{ xs: 1, sm: 2 }}
        size="small"
        items={[
          { key: 'username', label: t('personal.account.username'), children: user.username },
          {
            key: 'display_name',
            label: t('personal.account.displayName'),
            children: user.display_name || '-',
          },
          {
            key: 'role',
            label: t('personal.account.role'),
            children: <Tag color={role.color}>{t(role.key)}</Tag>,
          },
          { key: 'group', label: t('common.group'), children: <Tag>{user.group}</Tag> },
          {
            key: 'quota',
            label: t('personal.account.balance'),
            children: <BalanceText quota={user.quota} />,
          },
          { key: 'used', label: t('personal.account.used'), children: <QuotaText quota={user.used_quota} /> },
          { key: 'requests', label: t('personal.account.requests'), children: user.request_count },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('personal.account.models')}
      </Typography.Title>
      <ModelTags />
    </Card>
  );
}
