import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { QueueIntegrationView } from '@atrium/contracts';
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
import { useDeleteQueueIntegrationMutation, useQueueIntegrationsPageInfiniteQuery } from '../api/queue-integrations.api';
import { IntegrationTypeLogo } from './integration-type-logo.component';
import { QueueIntegrationFormModal } from './queue-integration-form.modal';

/** /queue-integration (spec 001 "Queue integrations", plan useIntegrations): type logo, id, name, actions; live list. */
export default function QueueIntegrationsPage() {
  const { t } = useTranslation('queueIntegrations');
  const user = useSessionUser();
  const dispatch = useAppDispatch();
  const confirm = useConfirmDelete();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const { data, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage, isError, error } = useQueueIntegrationsPageInfiniteQuery(searchParam);
  const [remove] = useDeleteQueueIntegrationMutation();
  const [editing, setEditing] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const integrations = (data?.pages ?? []).flatMap((page) => page.queueIntegrations);
  useErrorPopup(isError ? error : null);
  useSocketEvent(socketEvents.queueIntegration(user.companyId), () => dispatch(api.util.invalidateTags(['QueueIntegrations'])));

  const columns: TableColumnsType<QueueIntegrationView> = [
    { title: t('columns.type'), dataIndex: 'type', width: 90, align: 'center', render: (_, integration) => <IntegrationTypeLogo type={integration.type} /> },
    { title: t('columns.id'), dataIndex: 'id', width: 80, align: 'center' },
    { title: t('columns.name'), dataIndex: 'name' },
    {
      title: t('columns.actions'),
      key: 'actions',
      align: 'center',
      width: 110,
      render: (_, integration) => (
        <RowActions
          onEdit={() => setEditing({ open: true, id: integration.id })}
          onDelete={() => confirm({ title: t('delete.title', { name: integration.name }), remove: () => remove(integration.id).unwrap(), deletedText: t('toasts.deleted') })}
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
            <Input allowClear prefix={<SearchOutlined />} placeholder={t('search')} value={search} onChange={(event) => setSearch(event.target.value)} className="page-search" data-testid="integrations-search" />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true, id: null })} data-testid="add-integration">
              {t('add')}
            </Button>
          </>
        }
      />
      <Card className="page-card" styles={{ body: { padding: 0 } }}>
        <InfiniteScrollArea testId="integrations-scroll" hasNextPage={hasNextPage} isFetchingNextPage={isFetchingNextPage} fetchNextPage={fetchNextPage}>
          <Table<QueueIntegrationView> rowKey="id" size="middle" columns={columns} dataSource={integrations} loading={isFetching && integrations.length === 0} pagination={false} locale={{ emptyText: t('empty') }} data-testid="integrations-table" />
        </InfiniteScrollArea>
      </Card>
      <QueueIntegrationFormModal open={editing.open} integrationId={editing.id} onClose={() => setEditing({ open: false, id: null })} />
    </div>
  );
}
