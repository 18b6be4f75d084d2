import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { TagView } from '@atrium/contracts';
import { Button, Card, Input, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.hook';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { InfiniteScrollArea } from '../../../shared/ui/infinite-scroll-area.component';
import { PageHeader } from '../../../shared/ui/page-header';
import { RowActions } from '../../../shared/ui/row-actions.component';
import { useConfirmDelete } from '../../../shared/ui/use-confirm-delete.hook';
import { useDeleteTagMutation, useTagsPageInfiniteQuery } from '../api/tags.api';
import { TagFormModal } from './tag-form.modal';

/** /tags (spec 001 "Tags"): searchable list with infinite scroll and each tag's ticket count; add/edit with a colour picker. */
export default function TagsPage() {
  const { t } = useTranslation('tags');
  const confirm = useConfirmDelete();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const { data, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage, isError, error } = useTagsPageInfiniteQuery(searchParam);
  const [deleteTag] = useDeleteTagMutation();
  const [editing, setEditing] = useState<{ open: boolean; tagId: number | null }>({ open: false, tagId: null });
  const tags = (data?.pages ?? []).flatMap((page) => page.tags);
  useErrorPopup(isError ? error : null);

  const columns: TableColumnsType<TagView> = [
    {
      title: t('columns.name'),
      dataIndex: 'name',
      render: (_, tag) => (
        <Tag color={tag.color} variant="solid" className="tag-chip">
          {tag.name}
        </Tag>
      ),
    },
    { title: t('columns.tickets'), dataIndex: 'ticketsCount', align: 'center', width: 110, render: (count: number) => <span data-testid="tag-tickets">{count}</span> },
    { title: t('columns.kanban'), dataIndex: 'kanban', align: 'center', width: 90, responsive: ['sm'], render: (kanban: number) => (kanban === 1 ? '✓' : '') },
    {
      title: t('columns.actions'),
      key: 'actions',
      align: 'center',
      width: 110,
      render: (_, tag) => (
        <RowActions
          onEdit={() => setEditing({ open: true, tagId: tag.id })}
          onDelete={() => confirm({ title: t('delete.title', { name: tag.name }), remove: () => deleteTag(tag.id).unwrap(), deletedText: t('toasts.deleted') })}
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
            <Input allowClear prefix={<SearchOutlined />} placeholder={t('search')} value={search} onChange={(event) => setSearch(event.target.value)} className="page-search" data-testid="tags-search" />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true, tagId: null })} data-testid="add-tag">
              {t('add')}
            </Button>
          </>
        }
      />
      <Card className="page-card" styles={{ body: { padding: 0 } }}>
        <InfiniteScrollArea testId="tags-scroll" hasNextPage={hasNextPage} isFetchingNextPage={isFetchingNextPage} fetchNextPage={fetchNextPage}>
          <Table<TagView> rowKey="id" size="middle" columns={columns} dataSource={tags} loading={isFetching && tags.length === 0} pagination={false} locale={{ emptyText: t('empty') }} data-testid="tags-table" />
        </InfiniteScrollArea>
      </Card>
      <TagFormModal open={editing.open} tagId={editing.tagId} onClose={() => setEditing({ open: false, tagId: null })} />
    </div>
  );
}
