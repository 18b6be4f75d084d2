import { DownloadOutlined, FolderOpenOutlined } from '@ant-design/icons';
import type { ContactListView } from '@atrium/contracts';
import { Button, Space, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useRecordEditor } from '../../../shared/hooks/use-record-editor.hook';
import { useSearchedPages } from '../../../shared/hooks/use-searched-pages.hook';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { actionsColumn } from '../../../shared/ui/actions-column';
import { InfiniteRecordTable, ListPageHeader } from '../../../shared/ui/record-list.component';
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
  const list = useSearchedPages(useContactListsPageInfiniteQuery, (page) => page.records);
  const [deleteList] = useDeleteContactListMutation();
  const editor = useRecordEditor();
  useErrorPopup(list.isError ? list.error : null);
  useContactListsLive();

  const columns: TableColumnsType<ContactListView> = [
    { title: t('columns.name'), dataIndex: 'name', ellipsis: true },
    { title: t('columns.contacts'), dataIndex: 'contactsCount', align: 'center', width: 140 },
    actionsColumn(t('columns.actions'), 200, (record) => (
      <Space size={0}>
        <Tooltip title={t('sample')}>
          <Button type="text" icon={<DownloadOutlined />} href={SAMPLE_SPREADSHEET} download="planilha.xlsx" aria-label={t('sample')} />
        </Tooltip>
        <Tooltip title={t('open')}>
          <Button
            type="text"
            icon={<FolderOpenOutlined />}
            onClick={() => navigate(`/contact-lists/${record.id}/contacts`)}
            aria-label={t('open')}
            data-testid={`open-contact-list-${record.id}`}
          />
        </Tooltip>
        <RowActions
          onEdit={() => editor.edit(record.id)}
          onDelete={() =>
            confirm({
              title: t('delete.title', { name: record.name }),
              remove: () => deleteList(record.id).unwrap(),
              deletedText: t('toasts.deleted'),
            })
          }
        />
      </Space>
    )),
  ];

  return (
    <div className="page page-fill">
      <ListPageHeader
        title={t('title')}
        list={list}
        searchPlaceholder={t('search')}
        searchTestId="contact-lists-search"
        addText={t('add')}
        onAdd={editor.add}
        addTestId="add-contact-list"
      />
      <InfiniteRecordTable<ContactListView>
        list={list}
        columns={columns}
        scrollTestId="contact-lists-scroll"
        tableTestId="contact-lists-table"
      />
      <ContactListFormModal open={editor.open} id={editor.id} onClose={editor.close} />
    </div>
  );
}
