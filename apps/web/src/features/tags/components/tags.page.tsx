import type { TagView } from '@atrium/contracts';
import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRecordEditor } from '../../../shared/hooks/use-record-editor.hook';
import { useSearchedPages } from '../../../shared/hooks/use-searched-pages.hook';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { actionsColumn } from '../../../shared/ui/actions-column';
import { InfiniteRecordTable, ListPageHeader } from '../../../shared/ui/record-list.component';
import { RowActions } from '../../../shared/ui/row-actions.component';
import { useConfirmDelete } from '../../../shared/ui/use-confirm-delete.hook';
import { useDeleteTagMutation, useTagsPageInfiniteQuery } from '../api/tags.api';
import { TagFormModal } from './tag-form.modal';

/** /tags (spec 001 "Tags"): searchable list with infinite scroll and each tag's ticket count; add/edit with a colour picker. */
export default function TagsPage() {
  const { t } = useTranslation('tags');
  const confirm = useConfirmDelete();
  const list = useSearchedPages(useTagsPageInfiniteQuery, (page) => page.tags);
  const [deleteTag] = useDeleteTagMutation();
  const editor = useRecordEditor();
  useErrorPopup(list.isError ? list.error : null);

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
    {
      title: t('columns.tickets'),
      dataIndex: 'ticketsCount',
      align: 'center',
      width: 110,
      render: (count: number) => <span data-testid="tag-tickets">{count}</span>,
    },
    {
      title: t('columns.kanban'),
      dataIndex: 'kanban',
      align: 'center',
      width: 90,
      responsive: ['sm'],
      render: (kanban: number) => (kanban === 1 ? '✓' : ''),
    },
    actionsColumn(t('columns.actions'), 110, (tag) => (
      <RowActions
        onEdit={() => editor.edit(tag.id)}
        onDelete={() =>
          confirm({
            title: t('delete.title', { name: tag.name }),
            remove: () => deleteTag(tag.id).unwrap(),
            deletedText: t('toasts.deleted'),
          })
        }
      />
    )),
  ];

  return (
    <div className="page page-fill">
      <ListPageHeader
        title={t('title')}
        list={list}
        searchPlaceholder={t('search')}
        searchTestId="tags-search"
        addText={t('add')}
        onAdd={editor.add}
        addTestId="add-tag"
      />
      <InfiniteRecordTable<TagView>
        list={list}
        columns={columns}
        scrollTestId="tags-scroll"
        tableTestId="tags-table"
        emptyText={t('empty')}
      />
      <TagFormModal open={editor.open} tagId={editor.id} onClose={editor.close} />
    </div>
  );
}
