import { useQuery } from '@tanstack/react-query';
import { Descriptions, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatQuota } from '../../components/QuotaText.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { fetchUser } from './log-api.ts';

/** Admin look-up of the user behind a log row: username, quota, used quota, request count. */
export function UserInfoModal({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const formatQuota = useFormatQuota();
  const user = useQuery({
    queryKey: ['user', userId],
    queryFn: () => fetchUser(userId ?? 0),
    enabled: userId !== null,
    retry: false,
  });

  return (
    <Modal open={userId !== null} title={t('log.userInfo.title')} onCancel={onClose} footer={null}>
      <LoadError query={user} />
      {user.isLoading ? (
        <Spin />
      ) : (
        user.data && (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('log.userInfo.username')}>{user.data.username}</Descriptions.Item>
            <Descriptions.Item label={t('log.userInfo.quota')}>
              {formatQuota(user.data.quota)}
            </Descriptions.Item>
            <Descriptions.Item label={t('log.userInfo.usedQuota')}>
              {formatQuota(user.data.used_quota)}
            </Descriptions.Item>
            <Descriptions.Item label={t('log.userInfo.requestCount')}>
              {user.data.request_count}
            </Descriptions.Item>
          </Descriptions>
        )
      )}
    </Modal>
  );
}
