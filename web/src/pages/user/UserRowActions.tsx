import type { ManageAction, UserView } from '@relaygate/contract';
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { rowActions } from './user-labels.ts';

/** The buttons of one user row: edit opens the drawer, the others call POST /api/user/manage. */
export function UserRowActions({
  user,
  busy,
  onEdit,
  onManage,
}: {
  user: UserView;
  busy: boolean;
  onEdit: (id: number) => void;
  onManage: (user: UserView, action: ManageAction) => void;
}) {
  const { t } = useTranslation();
  const actions = rowActions(user);
  if (actions.length === 0) return null;
  return (
    <Space size={0} wrap>
      {actions.map((action) => {
        if (action === 'edit')
          return (
            <Button key={action} type="link" size="small" onClick={() => onEdit(user.id)}>
              {t('common.edit')}
            </Button>
          );
        if (action === 'delete')
          return (
            <Popconfirm
              key={action}
              title={t('user.actions.deleteConfirm', { name: user.username })}
              okButtonProps={{ danger: true }}
              okText={t('user.actions.delete')}
              cancelText={t('common.cancel')}
              onConfirm={() => onManage(user, action)}
            >
              <Button type="link" size="small" danger disabled={busy}>
                {t('user.actions.delete')}
              </Button>
            </Popconfirm>
          );
        return (
          <Button
            key={action}
            type="link"
            size="small"
            danger={action === 'disable'}
            disabled={busy}
            onClick={() => onManage(user, action)}
          >
            {t(`user.actions.${action}`)}
          </Button>
        );
      })}
    </Space>
  );
}
