import { PlusOutlined } from '@ant-design/icons';
import type { QueueView } from '@atrium/contracts';
import { Button, Card, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { PageHeader } from '../../../shared/ui/page-header';
import { RowActions } from '../../../shared/ui/row-actions.component';
import { useConfirmDelete } from '../../../shared/ui/use-confirm-delete.hook';
import { useDeleteQueueMutation, useQueuesQuery } from '../api/queues.api';
import { QueueFormModal } from './queue-form.modal';
import { QueueMenuToFlow } from './queue-menu-to-flow.component';
import { useSessionUser } from '../../auth/hooks/use-session.hook';

/**
 * /queues (spec 001 "Queues"): id, name, colour, order, greeting and actions; the queue modal
 * with its data, business hours and option tree. Live `queue` events refresh the list.
 */
export default function QueuesPage() {
  const { t } = useTranslation('queues');
  const confirm = useConfirmDelete();
  const { data: queues, isFetching, isError, error } = useQueuesQuery();
  const [deleteQueue] = useDeleteQueueMutation();
  const [editing, setEditing] = useState<{ open: boolean; queueId: number | null }>({ open: false, queueId: null });
  // Flows come with the plan's integrations (issue 27).
  const mayUseFlows = useSessionUser().company.plan.useIntegrations === true;
  useErrorPopup(isError ? error : null);

  const columns: TableColumnsType<QueueView> = [
    { title: t('columns.id'), dataIndex: 'id', align: 'center', width: 70 },
    { title: t('columns.name'), dataIndex: 'name', ellipsis: true },
    {
      title: t('columns.color'),
      dataIndex: 'color',
      align: 'center',
      width: 90,
      render: (color: string) => (
        <span className="queue-color-swatch" style={{ backgroundColor: color }} title={color} aria-label={color} />
      ),
    },
    { title: t('columns.orderQueue'), dataIndex: 'orderQueue', align: 'center', width: 90, responsive: ['sm'] },
    {
      title: t('columns.greetingMessage'),
      dataIndex: 'greetingMessage',
      responsive: ['md'],
      render: (greeting: string) => (
        <Typography.Text ellipsis style={{ maxWidth: 320 }}>
          {greeting}
        </Typography.Text>
      ),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      align: 'center',
      width: 110,
      render: (_, queue) => (
        <RowActions
          onEdit={() => setEditing({ open: true, queueId: queue.id })}
          onDelete={() =>
            confirm({
              title: t('delete.title', { name: queue.name }),
              content: t('delete.content'),
              remove: () => deleteQueue(queue.id).unwrap(),
              deletedText: t('toasts.deleted'),
            })
          }
        />
      ),
    },
  ];

  return (
    <div className="page">
      <PageHeader
        title={t('title')}
        extra={
          <>
            {mayUseFlows ? <QueueMenuToFlow /> : null}
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ open: true, queueId: null })}
              data-testid="add-queue"
            >
              {t('add')}
            </Button>
          </>
        }
      />
      <Card styles={{ body: { padding: 0 } }}>
        <Table<QueueView>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={queues ?? []}
          loading={isFetching && !queues}
          pagination={false}
          locale={{ emptyText: t('empty') }}
          data-testid="queues-table"
        />
      </Card>
      <QueueFormModal
        open={editing.open}
        queueId={editing.queueId}
        onCreated={(queueId) => setEditing({ open: true, queueId })}
        onClose={() => setEditing({ open: false, queueId: null })}
      />
    </div>
  );
}
