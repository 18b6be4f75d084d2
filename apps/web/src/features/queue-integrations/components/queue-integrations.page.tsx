import type { QueueIntegrationView } from '@atrium/contracts';
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
import { useDeleteQueueIntegrationMutation, useQueueIntegrationsPageInfiniteQuery } from '../api/queue-integrations.api';
import { IntegrationTypeLogo } from './integration-type-logo.component';
import { QueueIntegrationFormModal } from './queue-integration-form.modal';

/** /queue-integration (spec 001 "Queue integrations", plan useIntegrations): type logo, id, name, actions; live list. */
export default function QueueIntegrationsPage() {
  const { t } = useTranslation('queueIntegrations');
  const user = useSessionUser();
  const dispatch = useAppDispatch();
  const confirm = useConfirmDelete();
  const list = useSearchedPages(useQueueIntegrationsPageInfiniteQuery, (page) => page.queueIntegrations);
  const [remove] = useDeleteQueueIntegrationMutation();
  const editor = useRecordEditor();
  useErrorPopup(list.isError ? list.error : null);
  useSocketEvent(socketEvents.queueIntegration(user.companyId), () => dispatch(api.util.invalidateTags(['QueueIntegrations'])));

  const columns: TableColumnsType<QueueIntegrationView> = [
    {
      title: t('columns.type'),
      dataIndex: 'type',
      width: 90,
      align: 'center',
      render: (_, integration) => <IntegrationTypeLogo type={integration.type} />,
    },
    { title: t('columns.id'), dataIndex: 'id', width: 80, align: 'center' },
    { title: t('columns.name'), dataIndex: 'name' },
    actionsColumn(t('columns.actions'), 110, (integration) => (
      <RowActions
        onEdit={() => editor.edit(integration.id)}
        onDelete={() =>
          confirm({
            title: t('delete.title', { name: integration.name }),
            remove: () => remove(integration.id).unwrap(),
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
        searchTestId="integrations-search"
        addText={t('add')}
        onAdd={editor.add}
        addTestId="add-integration"
      />
      <InfiniteRecordTable<QueueIntegrationView>
        list={list}
        columns={columns}
        scrollTestId="integrations-scroll"
        tableTestId="integrations-table"
        emptyText={t('empty')}
      />
      <QueueIntegrationFormModal open={editor.open} integrationId={editor.id} onClose={editor.close} />
    </div>
  );
}
