import type { ManageAction, UserView } from '@relaygate/contract';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../components/RowActions.tsx';
import { rowActions } from './user-labels.ts';

/** The actions of one user row: edit opens the drawer, the others call POST /api/user/manage. */
export function UserRowActions({
  user,
  busy,
  onEdit,
  onManage,
}: {
  user: UserView;
  busy: boolean;
  onEdit: (id: number) => void;
  onManage: (user: UserView, action: ManageAction) => unknown;
}) {
  const { t } = useTranslation();
  return (
    <RowActions
      actions={rowActions(user).map((action) =>
        action === 'edit'
          ? { key: action, label: t('common.edit'), onClick: () => onEdit(user.id) }
          : {
              key: action,
              label: t(`user.actions.${action}`),
              danger: action === 'disable' || action === 'delete',
              disabled: busy,
              confirm:
                action === 'delete' ? t('user.actions.deleteConfirm', { name: user.username }) : undefined,
              onClick: () => onManage(user, action),
            },
      )}
    />
  );
}
