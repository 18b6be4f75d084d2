import { PaperClipOutlined } from '@ant-design/icons';
import type { QuickMessageView } from '@atrium/contracts';
import { Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRecordEditor } from '../../../shared/hooks/use-record-editor.hook';
import { useSearchedPages } from '../../../shared/hooks/use-searched-pages.hook';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { actionsColumn } from '../../../shared/ui/actions-column';
import { InfiniteRecordTable, ListPageHeader } from '../../../shared/ui/record-list.component';
import { RowActions } from '../../../shared/ui/row-actions.component';
import { useConfirmDelete } from '../../../shared/ui/use-confirm-delete.hook';
import { displayFileName } from '../../../shared/ui/display-file-name';
import { useDeleteQuickMessageMutation, useQuickMessagesPageInfiniteQuery } from '../api/quick-messages.api';
import { QuickMessageFormModal } from './quick-message-form.modal';

/** /quick-messages (spec 001 "Quick messages"): search, add; shortcode, attachment name or 'Sem anexo', edit and delete. */
export default function QuickMessagesPage() {
  const { t } = useTranslation('quickMessages');
  const confirm = useConfirmDelete();
  const list = useSearchedPages(useQuickMessagesPageInfiniteQuery, (page) => page.records);
  const [deleteQuickMessage] = useDeleteQuickMessageMutation();
  const editor = useRecordEditor();
  useErrorPopup(list.isError ? list.error : null);

  const columns: TableColumnsType<QuickMessageView> = [
    {
      title: t('columns.shortcode'),
      dataIndex: 'shortcode',
      ellipsis: true,
      render: (shortcode: string) => <Typography.Text code>/{shortcode}</Typography.Text>,
    },
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
    actionsColumn(t('columns.actions'), 110, (record) => (
      <RowActions
        onEdit={() => editor.edit(record.id)}
        onDelete={() =>
          confirm({
            title: t('delete.title', { name: record.shortcode }),
            remove: () => deleteQuickMessage(record.id).unwrap(),
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
        searchTestId="quick-messages-search"
        addText={t('add')}
        onAdd={editor.add}
        addTestId="add-quick-message"
      />
      <InfiniteRecordTable<QuickMessageView>
        list={list}
        columns={columns}
        scrollTestId="quick-messages-scroll"
        tableTestId="quick-messages-table"
      />
      <QuickMessageFormModal open={editor.open} id={editor.id} onClose={editor.close} />
    </div>
  );
}
