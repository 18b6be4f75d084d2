import { CheckCircleFilled, DeleteOutlined, EditOutlined, FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import type { WhatsappView } from '@atrium/contracts';
import { App, Button, Card, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../shared/notify/notifier';
import { toastError } from '../../../shared/notify/error-popup';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { can } from '../../../shared/permissions/permissions';
import { PageHeader } from '../../../shared/ui/page-header';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import {
  useConnectionsQuery,
  useDeleteConnectionMutation,
  useDisconnectSessionMutation,
  useRequestNewQrMutation,
  useStartSessionMutation,
} from '../api/connections.api';
import { ConnectionStatus } from './connection-status.component';
import { QrCodeModal } from './qrcode.modal';
import { SessionActions } from './session-actions.component';
import { WhatsappFormModal } from './whatsapp-form.modal';

/** Last update as the table shows it (spec 001 "Connections"). */
export function formatLastUpdate(updatedAt: string): string {
  const value = dayjs(updatedAt);
  return value.isValid() ? value.format('DD/MM/YY HH:mm') : '';
}

const QUALITY_COLOR: Record<string, string> = { GREEN: 'green', YELLOW: 'gold', RED: 'red' };

/** A Cloud API number's quality rating and messaging-limit tier as Meta reports them (issue 26); nothing for other channels. */
function CloudQuality({ connection }: { connection: WhatsappView }) {
  const { t } = useTranslation('connections');
  const cloud = connection.cloud;
  if (!cloud) return null;
  return (
    <Space size={4} wrap data-testid={`quality-${connection.id}`}>
      {cloud.qualityRating ? (
        <Tag color={QUALITY_COLOR[cloud.qualityRating] ?? 'default'}>
          {t(`quality.${cloud.qualityRating}`, { defaultValue: cloud.qualityRating })}
        </Tag>
      ) : null}
      {cloud.messagingLimitTier ? <Tag>{t(`tiers.${cloud.messagingLimitTier}`, { defaultValue: cloud.messagingLimitTier })}</Tag> : null}
    </Space>
  );
}

/**
 * /connections: the company's WhatsApp sessions — name, status, session actions, last update,
 * default flag, edit and delete — with the add/edit, QR code and confirmation dialogs. Live
 * updates refresh the list (features/realtime) and drive the QR dialog.
 */
export default function ConnectionsPage() {
  const { t } = useTranslation('connections');
  const me = useSessionUser();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { data: connections, isFetching, isError, error } = useConnectionsQuery();
  const [startSession] = useStartSessionMutation();
  const [requestNewQr] = useRequestNewQrMutation();
  const [disconnectSession] = useDisconnectSessionMutation();
  const [deleteConnection] = useDeleteConnectionMutation();
  const [editing, setEditing] = useState<{ open: boolean; whatsappId: number | null }>({ open: false, whatsappId: null });
  const [qrFor, setQrFor] = useState<WhatsappView | null>(null);
  const mayAct = can(me, 'connections-page:actionButtons');
  const mayAdd = can(me, 'connections-page:addConnection');
  const mayEditOrDelete = can(me, 'connections-page:editOrDeleteConnection');

  useErrorPopup(isError ? error : null);

  const attempt = async (work: () => Promise<unknown>, success?: string) => {
    try {
      await work();
      if (success) toast.success(success);
    } catch (failure) {
      toastError(failure);
    }
  };

  const confirmDisconnect = (connection: WhatsappView) =>
    modal.confirm({
      title: t('confirm.disconnectTitle'),
      content: t('confirm.disconnectMessage'),
      okText: t('confirm.ok'),
      cancelText: t('cancel', { ns: 'common' }),
      onOk: () => attempt(() => disconnectSession(connection.id).unwrap(), t('toasts.disconnected')),
    });

  const confirmDelete = (connection: WhatsappView) =>
    modal.confirm({
      title: `${t('confirm.deleteTitle')} ${connection.name}?`,
      content: t('confirm.deleteMessage'),
      okText: t('confirm.ok'),
      okButtonProps: { danger: true },
      cancelText: t('cancel', { ns: 'common' }),
      onOk: () => attempt(() => deleteConnection(connection.id).unwrap(), t('toasts.deleted')),
    });

  const columns: TableColumnsType<WhatsappView> = [
    { title: t('columns.name'), dataIndex: 'name', ellipsis: true },
    {
      title: t('columns.status'),
      dataIndex: 'status',
      align: 'center',
      render: (_, connection) => <ConnectionStatus status={connection.status} reason={connection.statusReason} id={connection.id} />,
    },
    {
      title: t('columns.quality'),
      key: 'quality',
      align: 'center',
      responsive: ['md'],
      render: (_, connection) => <CloudQuality connection={connection} />,
    },
    ...(mayAct
      ? [
          {
            title: t('columns.session'),
            key: 'session',
            align: 'center' as const,
            render: (_: unknown, connection: WhatsappView) => (
              <SessionActions
                connection={connection}
                onShowQr={setQrFor}
                onTryAgain={(c) => void attempt(() => startSession({ id: c.id }).unwrap())}
                onNewQr={(c) => void attempt(() => requestNewQr(c.id).unwrap())}
                onDisconnect={confirmDisconnect}
              />
            ),
          },
        ]
      : []),
    {
      title: t('columns.lastUpdate'),
      dataIndex: 'updatedAt',
      align: 'center',
      responsive: ['md'],
      render: (updatedAt: string) => formatLastUpdate(updatedAt),
    },
    {
      title: t('columns.default'),
      dataIndex: 'isDefault',
      align: 'center',
      width: 90,
      render: (isDefault: boolean) =>
        isDefault ? <CheckCircleFilled style={{ color: '#52c41a' }} aria-label={t('columns.default')} /> : null,
    },
    ...(mayEditOrDelete
      ? [
          {
            title: t('columns.actions'),
            key: 'actions',
            align: 'center' as const,
            width: 150,
            render: (_: unknown, connection: WhatsappView) => (
              <Space>
                {connection.provider === 'cloud' ? (
                  <Tooltip title={t('buttons.templates')}>
                    <Button
                      type="text"
                      icon={<FileTextOutlined />}
                      aria-label={t('buttons.templates')}
                      onClick={() => navigate(`/connections/${connection.id}/templates`)}
                      data-testid={`templates-${connection.id}`}
                    />
                  </Tooltip>
                ) : null}
                <Tooltip title={t('buttons.edit')}>
                  <Button
                    type="text"
                    icon={<EditOutlined />}
                    aria-label={t('buttons.edit')}
                    onClick={() => setEditing({ open: true, whatsappId: connection.id })}
                    data-testid={`edit-${connection.id}`}
                  />
                </Tooltip>
                <Tooltip title={t('buttons.delete')}>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('buttons.delete')}
                    onClick={() => confirmDelete(connection)}
                    data-testid={`delete-${connection.id}`}
                  />
                </Tooltip>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="page page-fill">
      <PageHeader
        title={t('title')}
        extra={
          mayAdd ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ open: true, whatsappId: null })}
              data-testid="add-connection"
            >
              {t('add')}
            </Button>
          ) : null
        }
      />
      <Card className="page-card" styles={{ body: { padding: 0 } }}>
        <Table<WhatsappView>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={connections ?? []}
          loading={isFetching && !connections}
          pagination={false}
          data-testid="connections-table"
        />
      </Card>
      <WhatsappFormModal
        open={editing.open}
        whatsappId={editing.whatsappId}
        onClose={() => setEditing({ open: false, whatsappId: null })}
      />
      <QrCodeModal companyId={me.companyId} connection={qrFor} onClose={() => setQrFor(null)} />
    </div>
  );
}
