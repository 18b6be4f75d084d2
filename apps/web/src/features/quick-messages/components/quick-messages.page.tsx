import { PaperClipOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { QuickMessageView } from '@atrium/contracts';
import { Button, Card, Input, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.hook';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { InfiniteScrollArea } from '../../../shared/ui/infinite-scroll-area.component';
import { PageHeader } from '../../../shared/ui/page-header';
import { RowActions } from '../../../shared/ui/row-actions.component';
import { useConfirmDelete } from '../../../shared/ui/use-confirm-delete.hook';
import { displayFileName } from '../../../shared/ui/display-file-name';
import { useDeleteQuickMessageMutation, useQuickMessagesPageInfiniteQuery } from '../api/quick-messages.api';
import { QuickMessageFormModal } from './quick-message-form.modal';

/** /quick-messages (spec 001 "Quick messages"): search, add; shortcode, attachment name or 'Sem anexo', edit and delete. */
export default function QuickMessagesPage() {
  const { t } = useTranslation('quickMessages');
  const confirm = useConfirmDelete();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const { data, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage, isError, error } = useQuickMessagesPageInfiniteQuery(searchParam);
  const [deleteQuickMessage] = useDeleteQuickMessageMutation();
  const [editing, setEditing] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const records = (data?.pages ?? []).flatMap((page) => page.records);
  useErrorPopup(isError ? error : null);

  const columns: TableColumnsType<QuickMessageView> = [
    { title: t('columns.shortcode'), dataIndex: 'shortcode', ellipsis: true, render: (shortcode: string) => <Typography.Text code>/{shortcode}</Typography.Text> },
    { title: t('columns.message'), dataIndex: 'message', ellipsis: true, responsive: ['md'] },
    {
      title: t('columns.attachment'),
      dataIndex: 'mediaName',
      ellipsis: true,
      responsive: ['sm'],
      render: (name: string | null) =>
        name ? (
          <span>
            <PaperClipOutlined /> {displayFileName(name)}
          </span>
        ) : (
          <Typography.Text type="secondary">{t('noAttachment')}</Typography.Text>
        ),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      align: 'center',
      width: 110,
      render: (_, record) => (
        <RowActions
          onEdit={() => setEditing({ open: true, id: record.id })}
          onDelete={() => confirm({ title: t('delete.title', { name: record.shortcode }), remove: () => deleteQuickMessage(record.id).unwrap(), deletedText: t('toasts.deleted') })}
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
            <Input allowClear prefix={<SearchOutlined />} placeholder={t('search')} value={search} onChange={(event) => setSearch(event.target.value)} className="page-search" data-testid="quick-messages-search" />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true, id: null })} data-testid="add-quick-message">
              {t('add')}
            </Button>
          </>
        }
      />
      <Card className="page-card" styles={{ body: { padding: 0 } }}>
        <InfiniteScrollArea testId="quick-messages-scroll" hasNextPage={hasNextPage} isFetchingNextPage={isFetchingNextPage} fetchNextPage={fetchNextPage}>
          <Table<QuickMessageView> rowKey="id" size="middle" columns={columns} dataSource={records} loading={isFetching && records.length === 0} pagination={false} data-testid="quick-messages-table" />
        </InfiniteScrollArea>
      </Card>
      <QuickMessageFormModal open={editing.open} id={editing.id} onClose={() => setEditing({ open: false, id: null })} />
    </div>
  );
}
