import type { FileListView } from '@atrium/contracts';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { api } from '../../../shared/api/api';
import { useRecordEditor } from '../../../shared/hooks/use-record-editor.hook';
import { useSearchedPages } from '../../../shared/hooks/use-searched-pages.hook';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { actionsColumn } from '../../../shared/ui/actions-column';
import { InfiniteRecordTable, ListPageHeader } from '../../../shared/ui/record-list.component';
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
  const list = useSearchedPages(useFileListsPageInfiniteQuery, (page) => page.files);
  const [deleteList] = useDeleteFileListMutation();
  const editor = useRecordEditor();
  useErrorPopup(list.isError ? list.error : null);
  useSocketEvent(socketEvents.file(companyId), () => {
    dispatch(api.util.invalidateTags(['FileLists']));
  });

  const columns: TableColumnsType<FileListView> = [
    { title: t('columns.name'), dataIndex: 'name', ellipsis: true },
    actionsColumn(t('columns.actions'), 110, (record) => (
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
    )),
  ];

  return (
    <div className="page page-fill">
      <ListPageHeader
        title={t('title')}
        list={list}
        searchPlaceholder={t('search')}
        searchTestId="files-search"
        addText={t('add')}
        onAdd={editor.add}
        addTestId="add-file-list"
      />
      <InfiniteRecordTable<FileListView> list={list} columns={columns} scrollTestId="files-scroll" tableTestId="files-table" />
      <FileListFormModal open={editor.open} id={editor.id} onClose={editor.close} />
    </div>
  );
}
