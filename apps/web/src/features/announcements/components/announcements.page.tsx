import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { AnnouncementView } from '@atrium/contracts';
import { Button, Card, Input, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.hook';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { InfiniteScrollArea } from '../../../shared/ui/infinite-scroll-area.component';
import { PageHeader } from '../../../shared/ui/page-header';
import { RowActions } from '../../../shared/ui/row-actions.component';
import { useConfirmDelete } from '../../../shared/ui/use-confirm-delete.hook';
import { displayFileName } from '../../../shared/ui/display-file-name';
import { useAnnouncementsInfiniteQuery, useDeleteAnnouncementMutation } from '../api/announcements.api';
import { priorityColor, priorityLabelKey } from '../announcement-priority';
import { AnnouncementFormModal } from './announcement-form.modal';

/** /announcements (super users): list, search, add/edit dialog, delete with confirmation. */
export default function AnnouncementsPage() {
  const { t } = useTranslation('announcements');
  const confirm = useConfirmDelete();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const { data, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage, error } = useAnnouncementsInfiniteQuery(searchParam);
  const [deleteAnnouncement] = useDeleteAnnouncementMutation();
  const [dialog, setDialog] = useState<{ open: boolean; announcement: AnnouncementView | null }>({ open: false, announcement: null });
  useErrorPopup(error);
  const records = (data?.pages ?? []).flatMap((page) => page.records);

  const confirmDelete = (announcement: AnnouncementView) =>
    confirm({ title: t('delete.title'), remove: () => deleteAnnouncement(announcement.id).unwrap(), deletedText: t('deleted') });

  const columns: TableColumnsType<AnnouncementView> = [
    { title: t('fields.title'), dataIndex: 'title', ellipsis: true },
    {
      title: t('fields.priority'),
      dataIndex: 'priority',
      width: 110,
      render: (priority: number) => <Tag color={priorityColor(priority)}>{t(priorityLabelKey(priority))}</Tag>,
    },
    {
      title: t('fields.media'),
      dataIndex: 'mediaName',
      ellipsis: true,
      responsive: ['md'],
      render: (name: string | null) => (name === null ? t('noMedia') : displayFileName(name)),
    },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      width: 100,
      responsive: ['sm'],
      render: (status: boolean) => <Tag color={status ? 'green' : 'default'}>{status ? t('status.active') : t('status.inactive')}</Tag>,
    },
    {
      title: t('actions', { ns: 'common' }),
      key: 'actions',
      width: 110,
      align: 'center',
      render: (_, announcement) => (
        <RowActions onEdit={() => setDialog({ open: true, announcement })} onDelete={() => confirmDelete(announcement)} />
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
              placeholder={t('search', { ns: 'common' })}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="page-search"
            />
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDialog({ open: true, announcement: null })}
              data-testid="add-announcement"
            >
              {t('add')}
            </Button>
          </>
        }
      />
      <Card className="page-card" styles={{ body: { padding: 0 } }}>
        <InfiniteScrollArea hasNextPage={hasNextPage} isFetchingNextPage={isFetchingNextPage} fetchNextPage={fetchNextPage}>
          <Table<AnnouncementView>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={records}
            loading={isFetching && records.length === 0}
            pagination={false}
            sticky
          />
        </InfiniteScrollArea>
      </Card>
      <AnnouncementFormModal
        open={dialog.open}
        announcement={dialog.announcement}
        onClose={() => setDialog({ open: false, announcement: null })}
      />
    </div>
  );
}
