import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { AnnouncementView } from '@atrium/contracts';
import { App, Button, Card, Input, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nearBottom } from '../../../shared/api/paged';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.hook';
import { toast } from '../../../shared/notify/notifier';
import { toastError } from '../../../shared/notify/error-popup';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { PageHeader } from '../../../shared/ui/page-header';
import { useAnnouncementsInfiniteQuery, useDeleteAnnouncementMutation } from '../api/announcements.api';
import { priorityColor, priorityLabelKey } from '../announcement-priority';
import { AnnouncementFormModal } from './announcement-form.modal';

/** /announcements (super users): list, search, add/edit dialog, delete with confirmation. */
export default function AnnouncementsPage() {
  const { t } = useTranslation('announcements');
  const { modal } = App.useApp();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const { data, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage, error } = useAnnouncementsInfiniteQuery(searchParam);
  const [deleteAnnouncement] = useDeleteAnnouncementMutation();
  const [dialog, setDialog] = useState<{ open: boolean; announcement: AnnouncementView | null }>({ open: false, announcement: null });
  useErrorPopup(error);
  const records = (data?.pages ?? []).flatMap((page) => page.records);

  const confirmDelete = (announcement: AnnouncementView) =>
    modal.confirm({
      title: t('delete.title'),
      content: t('manager.confirmDelete', { ns: 'common' }),
      okText: t('delete', { ns: 'common' }),
      okButtonProps: { danger: true },
      cancelText: t('cancel', { ns: 'common' }),
      onOk: async () => {
        try {
          await deleteAnnouncement(announcement.id).unwrap();
          toast.success(t('deleted'));
        } catch (failure) {
          toastError(failure);
        }
      },
    });

  const columns: TableColumnsType<AnnouncementView> = [
    { title: t('fields.title'), dataIndex: 'title', ellipsis: true },
    {
      title: t('fields.priority'),
      dataIndex: 'priority',
      width: 110,
      render: (priority: number) => <Tag color={priorityColor(priority)}>{t(priorityLabelKey(priority))}</Tag>,
    },
    { title: t('fields.media'), dataIndex: 'mediaName', ellipsis: true, responsive: ['md'], render: (name: string | null) => name ?? t('noMedia') },
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
        <Space>
          <Tooltip title={t('edit', { ns: 'common' })}>
            <Button type="text" icon={<EditOutlined />} aria-label={t('edit', { ns: 'common' })} onClick={() => setDialog({ open: true, announcement })} />
          </Tooltip>
          <Tooltip title={t('delete', { ns: 'common' })}>
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('delete', { ns: 'common' })} onClick={() => confirmDelete(announcement)} />
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
            <Input allowClear prefix={<SearchOutlined />} placeholder={t('search', { ns: 'common' })} value={search} onChange={(event) => setSearch(event.target.value)} className="page-search" />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, announcement: null })} data-testid="add-announcement">
              {t('add')}
            </Button>
          </>
        }
      />
      <Card className="page-card" styles={{ body: { padding: 0 } }}>
        <div
          className="list-scroll"
          onScroll={(event) => {
            if (hasNextPage && !isFetchingNextPage && nearBottom(event.currentTarget)) void fetchNextPage();
          }}
        >
          <Table<AnnouncementView> rowKey="id" size="middle" columns={columns} dataSource={records} loading={isFetching && records.length === 0} pagination={false} sticky />
        </div>
      </Card>
      <AnnouncementFormModal open={dialog.open} announcement={dialog.announcement} onClose={() => setDialog({ open: false, announcement: null })} />
    </div>
  );
}
