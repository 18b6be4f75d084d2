import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { FileListView } from '@atrium/contracts';
import { Button, Card, Input, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { api } from '../../../shared/api/api';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.hook';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { InfiniteScrollArea } from '../../../shared/ui/infinite-scroll-area.component';
import { PageHeader } from '../../../shared/ui/page-header';
import { RowActions } from '../../../shared/ui/row-actions.component';
import { useConfirmDelete } from '../../../shared/ui/use-confirm-delete.hook';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { socketEvents } from '../../realtime/realtime-events';
import { useSocketEvent } from '../../realtime/socket.context';
import { useDeleteFileListMutation, useFileListsPageInfiniteQuery } from '../api/files.api';
import { FileListFormModal } from './file-list-form.modal';

/** /files (spec 001 "Files"): the file lists (name, actions), live on `company-{id}-file`. */
export default function FilesPage() {
  const { t } = useTranslation('files');
  const { companyId } = useSessionUser();
  const dispatch = useAppDispatch();
  const confirm = useConfirmDelete();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const { data, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage, isError, error } = useFileListsPageInfiniteQuery(searchParam);
  const [deleteList] = useDeleteFileListMutation();
  const [editing, setEditing] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const records = (data?.pages ?? []).flatMap((page) => page.files);
  useErrorPopup(isError ? error : null);
  useSocketEvent(socketEvents.file(companyId), () => {
    dispatch(api.util.invalidateTags(['FileLists']));
  });

  const columns: TableColumnsType<FileListView> = [
    { title: t('columns.name'), dataIndex: 'name', ellipsis: true },
    {
      title: t('columns.actions'),
      key: 'actions',
      align: 'center',
      width: 110,
      render: (_, record) => (
        <RowActions
          onEdit={() => setEditing({ open: true, id: record.id })}
          onDelete={() => confirm({ title: t('delete.title', { name: record.name }), remove: () => deleteList(record.id).unwrap(), deletedText: t('toasts.deleted') })}
        />
      ),
    },
  ];

  return (
    <div className="page page-fill">
      <PageHeader
        title={t('title')}
        extra={
          <>
            <Input allowClear prefix={<SearchOutlined />} placeholder={t('search')} value={search} onChange={(event) => setSearch(event.target.value)} className="page-search" data-testid="files-search" />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true, id: null })} data-testid="add-file-list">
              {t('add')}
            </Button>
          </>
        }
      />
      <Card className="page-card" styles={{ body: { padding: 0 } }}>
        <InfiniteScrollArea testId="files-scroll" hasNextPage={hasNextPage} isFetchingNextPage={isFetchingNextPage} fetchNextPage={fetchNextPage}>
          <Table<FileListView> rowKey="id" size="middle" columns={columns} dataSource={records} loading={isFetching && records.length === 0} pagination={false} data-testid="files-table" />
        </InfiniteScrollArea>
      </Card>
      <FileListFormModal open={editing.open} id={editing.id} onClose={() => setEditing({ open: false, id: null })} />
    </div>
  );
}
