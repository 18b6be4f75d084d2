import { ArrowLeftOutlined, CheckCircleFilled, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { ContactListImportProgress, ContactListItemView } from '@atrium/contracts';
import { Button, Card, Input, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.hook';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { can } from '../../../shared/permissions/permissions';
import { InfiniteScrollArea } from '../../../shared/ui/infinite-scroll-area.component';
import { PageHeader } from '../../../shared/ui/page-header';
import { RowActions } from '../../../shared/ui/row-actions.component';
import { useConfirmDelete } from '../../../shared/ui/use-confirm-delete.hook';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import {
  useContactListItemsPageInfiniteQuery,
  useContactListQuery,
  useDeleteContactListItemMutation,
  useLatestImportQuery,
} from '../api/contact-lists.api';
import { useContactListsLive } from '../hooks/use-contact-lists-live.hook';
import { ContactListImport, ContactListImportProgressPanel } from './contact-list-import.component';
import { ContactListItemFormModal } from './contact-list-item-form.modal';

/**
 * /contact-lists/:contactListId/contacts (spec 001 "Contact list items"): the list's name as title,
 * search, back to the lists, import and add; validity icon, name, number, email, edit and delete
 * (delete only for contacts-page:deleteContact).
 */
export default function ContactListItemsPage() {
  const { t } = useTranslation('contactLists');
  const navigate = useNavigate();
  const user = useSessionUser();
  const confirm = useConfirmDelete();
  const contactListId = Number(useParams<{ contactListId: string }>().contactListId);
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const { data: list } = useContactListQuery(contactListId);
  const { data, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage, isError, error } = useContactListItemsPageInfiniteQuery({
    contactListId,
    searchParam,
  });
  const { data: latest } = useLatestImportQuery(contactListId, { refetchOnMountOrArgChange: true });
  const [deleteItem] = useDeleteContactListItemMutation();
  const [editing, setEditing] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const live = useContactListsLive(contactListId);
  const contacts = (data?.pages ?? []).flatMap((page) => page.contacts);
  const mayDelete = can(user, 'contacts-page:deleteContact');
  useErrorPopup(isError ? error : null);
  const [started, setStarted] = useState<ContactListImportProgress | null>(null);
  const [hidden, setHidden] = useState<string | null>(null);
  const unfinished = latest && latest.state !== 'done' && latest.state !== 'failed' ? latest : null;
  // the newest word on the import: live progress, else what the upload answered, else an import still running
  const progress = [live, started, unfinished].find((p) => p && (!started || p.importId === started.importId)) ?? null;

  const columns: TableColumnsType<ContactListItemView> = [
    {
      key: 'valid',
      width: 56,
      align: 'center',
      render: (_, record) => (
        <Tooltip title={record.isWhatsappValid ? t('items.valid') : t('items.notValid')}>
          <CheckCircleFilled
            style={{ color: record.isWhatsappValid ? '#52c41a' : '#bfbfbf' }}
            data-testid={record.isWhatsappValid ? 'item-valid' : 'item-not-valid'}
          />
        </Tooltip>
      ),
    },
    { title: t('columns.name'), dataIndex: 'name', ellipsis: true },
    { title: t('columns.number'), dataIndex: 'number', ellipsis: true },
    { title: t('columns.email'), dataIndex: 'email', ellipsis: true, responsive: ['md'] },
    {
      title: t('columns.actions'),
      key: 'actions',
      align: 'center',
      width: 110,
      render: (_, record) =>
        mayDelete ? (
          <RowActions
            onEdit={() => setEditing({ open: true, id: record.id })}
            onDelete={() =>
              confirm({
                title: t('delete.itemTitle', { name: record.name }),
                remove: () => deleteItem(record.id).unwrap(),
                deletedText: t('toasts.deleted'),
              })
            }
          />
        ) : (
          <Button type="text" onClick={() => setEditing({ open: true, id: record.id })}>
            {t('items.edit')}
          </Button>
        ),
    },
  ];

  return (
    <div className="page page-fill">
      <PageHeader
        title={list ? `${list.name} (${list.contactsCount})` : t('items.title')}
        extra={
          <Space wrap>
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder={t('search')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="page-search"
              data-testid="contact-list-items-search"
            />
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/contact-lists')}>
              {t('items.lists')}
            </Button>
            <ContactListImport contactListId={contactListId} onStarted={setStarted} />
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ open: true, id: null })}
              data-testid="add-contact-list-item"
            >
              {t('add')}
            </Button>
          </Space>
        }
      />
      {progress && progress.importId !== hidden ? (
        <ContactListImportProgressPanel progress={progress} onClose={() => setHidden(progress.importId)} />
      ) : null}
      <Card className="page-card" styles={{ body: { padding: 0 } }}>
        <InfiniteScrollArea
          testId="contact-list-items-scroll"
          hasNextPage={hasNextPage}
          isFetchingNextPage={isFetchingNextPage}
          fetchNextPage={fetchNextPage}
        >
          <Table<ContactListItemView>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={contacts}
            loading={isFetching && contacts.length === 0}
            pagination={false}
            data-testid="contact-list-items-table"
          />
        </InfiniteScrollArea>
      </Card>
      <ContactListItemFormModal
        open={editing.open}
        id={editing.id}
        contactListId={contactListId}
        onClose={() => setEditing({ open: false, id: null })}
      />
    </div>
  );
}
