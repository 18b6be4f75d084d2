import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { UserView } from '@atrium/contracts';
import { App, Button, Card, Input, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nearBottom } from '../../../shared/api/paged';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.hook';
import { toast } from '../../../shared/notify/notifier';
import { toastError } from '../../../shared/notify/error-popup';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { PageHeader } from '../../../shared/ui/page-header';
import { useDeleteUserMutation, useUsersInfiniteQuery } from '../api/users.api';
import { UserFormModal } from './user-form.modal';

const PROFILE_COLORS: Record<string, string> = { admin: 'blue', supervisor: 'purple', user: 'default' };

/** /users: searchable list with infinite scroll, add/edit modal, delete with confirmation. */
export default function UsersPage() {
  const { t } = useTranslation('users');
  const { modal } = App.useApp();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase());
  const { data, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage, isError, error } = useUsersInfiniteQuery(searchParam);
  const [deleteUser] = useDeleteUserMutation();
  const [editing, setEditing] = useState<{ open: boolean; userId: number | null }>({ open: false, userId: null });
  const users = (data?.pages ?? []).flatMap((page) => page.users);

  useErrorPopup(isError ? error : null);

  const confirmDelete = (user: UserView) => {
    modal.confirm({
      title: t('delete.title', { name: user.name }),
      content: t('delete.message'),
      okText: t('delete.ok'),
      okButtonProps: { danger: true },
      cancelText: t('cancel', { ns: 'common' }),
      onOk: async () => {
        try {
          await deleteUser(user.id).unwrap();
          toast.success(t('deleted'));
        } catch (failure) {
          toastError(failure);
        }
      },
    });
  };

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
      render: (_, user) => (
        <Space>
          <Tooltip title={t('edit')}>
            <Button type="text" icon={<EditOutlined />} aria-label={t('edit')} onClick={() => setEditing({ open: true, userId: user.id })} />
          </Tooltip>
          <Tooltip title={t('delete.ok')}>
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('delete.ok')} onClick={() => confirmDelete(user)} />
          </Tooltip>
        </Space>
      ),
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
        <div
          className="list-scroll"
          data-testid="users-scroll"
          onScroll={(event) => {
            if (hasNextPage && !isFetchingNextPage && nearBottom(event.currentTarget)) void fetchNextPage();
          }}
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
        </div>
      </Card>
      <UserFormModal open={editing.open} userId={editing.userId} onClose={() => setEditing({ open: false, userId: null })} />
    </div>
  );
}
