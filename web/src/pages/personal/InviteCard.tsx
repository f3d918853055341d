import { CopyOutlined } from '@ant-design/icons';
import type { UserView } from '@relaygate/contract';
import { Button, Card, Descriptions, Input, Space } from 'antd';
import { LoadError } from '../../components/LoadError.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuotaText } from '../../components/QuotaText.tsx';
import { useCopy } from '../../components/use-copy.tsx';
import { useStatus } from '../../status/status.ts';
import { inviteLink } from './invite.ts';
import { useAffCode } from './personal-api.ts';
import { TransferModal } from './TransferModal.tsx';

/** The invite link, what invites earned and what is pending, and moving it to the balance. */
export function InviteCard({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const status = useStatus();
  const aff = useAffCode();
  const copy = useCopy();
  const [transferring, setTransferring] = useState(false);
  const link = aff.data ? inviteLink(aff.data, status?.server_address, window.location.origin) : '';

  return (
    <Card title={t('personal.invite.title')}>
      <LoadError query={aff} />
      <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
        <Input id="inviteLink" readOnly value={link} placeholder={t('common.loading')} />
        <Button icon={<CopyOutlined />} disabled={!link} onClick={() => void copy(link)}>
          {t('common.copy')}
        </Button>
      </Space.Compact>
      <Descriptions
        column={{ xs: 1, sm: 2 }}
        size="small"
        items={[
          { key: 'code', label: t('personal.invite.code'), children: aff.data ?? '-' },
          { key: 'count', label: t('personal.invite.count'), children: user.aff_count },
          {
            key: 'earned',
            label: t('personal.invite.earned'),
            children: <QuotaText quota={user.aff_history_quota} />,
          },
          {
            key: 'pending',
            label: t('personal.invite.pending'),
            children: <QuotaText quota={user.aff_quota} />,
          },
        ]}
      />
      <Button type="primary" style={{ marginTop: 12 }} onClick={() => setTransferring(true)}>
        {t('personal.invite.transfer')}
      </Button>
      <TransferModal open={transferring} pending={user.aff_quota} onClose={() => setTransferring(false)} />
    </Card>
  );
}
