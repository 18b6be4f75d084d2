import { DownloadOutlined, FolderOpenOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { ContactListView } from '@atrium/contracts';
import { Button, Card, Input, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.hook';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { InfiniteScrollArea } from '../../../shared/ui/infinite-scroll-area.component';
import { PageHeader } from '../../../shared/ui/page-header';
import { RowActions } from '../../../shared/ui/row-actions.component';
import { useConfirmDelete } from '../../../shared/ui/use-confirm-delete.hook';
import { useContactListsPageInfiniteQuery, useDeleteContactListMutation } from '../api/contact-lists.api';
import { useContactListsLive } from '../hooks/use-contact-lists-live.hook';
import { ContactListFormModal } from './contact-list-form.modal';

/** The example spreadsheet (columns nome, numero, email), served beside the app. */
export const SAMPLE_SPREADSHEET = '/planilha.xlsx';

/** /contact-lists (spec 001 "Contact lists"): search; name, contact count, example spreadsheet, open, edit, delete. */
export default function ContactListsPage() {
  const { t } = useTranslation('contactLists');
  const navigate = useNavigate();
  const confirm = useConfirmDelete();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const { data, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage, isError, error } = useContactListsPageInfiniteQuery(searchParam);
  const [deleteList] = useDeleteContactListMutation();
  const [editing, setEditing] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const records = (data?.pages ?? []).flatMap((page) => page.records);
  useErrorPopup(isError ? error : null);
  useContactListsLive();

  const columns: TableColumnsType<ContactListView> = [
    { title: t('columns.name'), dataIndex: 'name', ellipsis: true },
    { title: t('columns.contacts'), dataIndex: 'contactsCount', align: 'center', width: 140 },
    {
      title: t('columns.actions'),
      key: 'actions',
      align: 'center',
      width: 200,
      render: (_, record) => (
        <Space size={0}>
          <Tooltip title={t('sample')}>
            <Button type="text" icon={<DownloadOutlined />} href={SAMPLE_SPREADSHEET} download="planilha.xlsx" aria-label={t('sample')} />
          </Tooltip>
          <Tooltip title={t('open')}>
            <Button type="text" icon={<FolderOpenOutlined />} onClick={() => navigate(`/contact-lists/${record.id}/contacts`)} aria-label={t('open')} data-testid={`open-contact-list-${record.id}`} />
          </Tooltip>
          <RowActions
            onEdit={() => setEditing({ open: true, id: record.id })}
            onDelete={() => confirm({ title: t('delete.title', { name: record.name }), remove: () => deleteList(record.id).unwrap(), deletedText: t('toasts.deleted') })}
          />
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
            <Input allowClear prefix={<SearchOutlined />} placeholder={t('search')} value={search} onChange={(event) => setSearch(event.target.value)} className="page-search" data-testid="contact-lists-search" />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true, id: null })} data-testid="add-contact-list">
              {t('add')}
            </Button>
          </>
        }
      />
      <Card className="page-card" styles={{ body: { padding: 0 } }}>
        <InfiniteScrollArea testId="contact-lists-scroll" hasNextPage={hasNextPage} isFetchingNextPage={isFetchingNextPage} fetchNextPage={fetchNextPage}>
          <Table<ContactListView> rowKey="id" size="middle" columns={columns} dataSource={records} loading={isFetching && records.length === 0} pagination={false} data-testid="contact-lists-table" />
        </InfiniteScrollArea>
      </Card>
      <ContactListFormModal open={editing.open} id={editing.id} onClose={() => setEditing({ open: false, id: null })} />
    </div>
  );
}
