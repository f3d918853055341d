import type { ManageAction, Page, UserView } from '@relaygate/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { usePaging } from '../../components/use-paging.ts';
import { AddUserDrawer } from './AddUserDrawer.tsx';
import { EditUserDrawer } from './EditUserDrawer.tsx';
import { UserSearchForm } from './UserSearchForm.tsx';
import { UserTable } from './UserTable.tsx';
import { manageUser, useUsers, userKeys, type UserSearch } from './user-api.ts';
import { applyManageResult } from './user-labels.ts';
import { registerLocale } from '../../i18n/index.ts';
import { locale } from './locale.ts';

registerLocale(locale);

/** Which drawer the route asks for: /user/edit/:id edits that user, /user/edit adds one. */
function useDrawerRoute(): { editId: number | null; adding: boolean } {
  const { id } = useParams();
  const { pathname } = useLocation();
  const editId = id !== undefined && /^\d+$/.test(id) ? Number(id) : null;
  return { editId, adding: editId === null && /^\/user\/edit\/?$/.test(pathname) };
}

/** Admin user management (spec §2.4): search, paged table, row actions, add and edit drawers. */
export function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { editId, adding } = useDrawerRoute();
  const [search, setSearch] = useState<UserSearch>({ keyword: '', group: '' });
  const { page, pageSize, setPage, pagination } = usePaging();
  const users = useUsers(search, page, pageSize);

  const manage = useApiMutation(
    ({ user, action }: { user: UserView; action: ManageAction }) => manageUser(user.id, action),
    {
      successMessage: (_result, { user, action }) => t(`user.done.${action}`, { username: user.username }),
      onSuccess: (result, { user, action }) =>
        queryClient.setQueriesData<Page<UserView>>({ queryKey: userKeys.lists }, (current) =>
          current
            ? {
                ...current,
                items: current.items.map((row) =>
                  row.id === user.id ? applyManageResult(row, action, result) : row,
                ),
              }
            : current,
        ),
    },
  );

  const closeDrawer = () => navigate('/user');

  return (
    <Card title={t('user.title')}>
      <Flex vertical gap={16}>
        <UserSearchForm
          onSearch={(next) => {
            setSearch(next);
            setPage(1);
          }}
          onAdd={() => navigate('/user/edit')}
        />
        <UserTable
          query={users}
          pagination={pagination(users.data?.total ?? 0)}
          busyId={manage.isPending ? (manage.variables?.user.id ?? null) : null}
          onEdit={(id) => navigate(`/user/edit/${id}`)}
          onManage={(user, action) => manage.mutateAsync({ user, action })}
        />
      </Flex>
      <AddUserDrawer open={adding} onClose={closeDrawer} />
      <EditUserDrawer id={editId} onClose={closeDrawer} />
    </Card>
  );
}
