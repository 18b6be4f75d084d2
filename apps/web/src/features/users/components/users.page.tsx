import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { UserView } from '@atrium/contracts';
import { Button, Card, Input, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.hook';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { InfiniteScrollArea } from '../../../shared/ui/infinite-scroll-area.component';
import { PageHeader } from '../../../shared/ui/page-header';
import { RowActions } from '../../../shared/ui/row-actions.component';
import { useConfirmDelete } from '../../../shared/ui/use-confirm-delete.hook';
import { useDeleteUserMutation, useUsersInfiniteQuery } from '../api/users.api';
import { UserFormModal } from './user-form.modal';

const PROFILE_COLORS: Record<string, string> = { admin: 'blue', supervisor: 'purple', user: 'default' };

/** /users: searchable list with infinite scroll, add/edit modal, delete with confirmation. */
export default function UsersPage() {
  const { t } = useTranslation('users');
  const confirm = useConfirmDelete();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase());
  const { data, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage, isError, error } = useUsersInfiniteQuery(searchParam);
  const [deleteUser] = useDeleteUserMutation();
  const [editing, setEditing] = useState<{ open: boolean; userId: number | null }>({ open: false, userId: null });
  const users = (data?.pages ?? []).flatMap((page) => page.users);

  useErrorPopup(isError ? error : null);

  const confirmDelete = (user: UserView) =>
    confirm({
      title: t('delete.title', { name: user.name }),
      content: t('delete.message'),
      remove: () => deleteUser(user.id).unwrap(),
      deletedText: t('deleted'),
    });

  const columns: TableColumnsType<UserView> = [
    { title: t('columns.id'), dataIndex: 'id', width: 70, responsive: ['md'] },
    { title: t('columns.name'), dataIndex: 'name', ellipsis: true },
    { title: t('columns.email'), dataIndex: 'email', ellipsis: true, responsive: ['sm'] },
    {
      title: t('columns.profile'),
      dataIndex: 'profile',
      width: 130,
      render: (profile: string, user) => (
        <Space size={4} wrap>
          <Tag color={PROFILE_COLORS[profile]}>{t(`profiles.${profile}`)}</Tag>
          {user.super ? <Tag color="gold">{t('profiles.super')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 110,
      align: 'center',
      render: (_, user) => <RowActions onEdit={() => setEditing({ open: true, userId: user.id })} onDelete={() => confirmDelete(user)} />,
    },
  ];

  return (
    <div className="page page-fill">
      <PageHeader
        title={t('title')}
        extra={
          <>
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder={t('search')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="page-search"
              data-testid="users-search"
            />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true, userId: null })} data-testid="add-user">
              {t('add')}
            </Button>
          </>
        }
      />
      <Card className="page-card" styles={{ body: { padding: 0 } }}>
        <InfiniteScrollArea
          testId="users-scroll"
          hasNextPage={hasNextPage}
          isFetchingNextPage={isFetchingNextPage}
          fetchNextPage={fetchNextPage}
        >
          <Table<UserView>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={users}
            loading={isFetching && users.length === 0}
            pagination={false}
            sticky
            footer={isFetchingNextPage ? () => t('loadingMore', { ns: 'common' }) : undefined}
          />
        </InfiniteScrollArea>
      </Card>
      <UserFormModal open={editing.open} userId={editing.userId} onClose={() => setEditing({ open: false, userId: null })} />
    </div>
  );
}
