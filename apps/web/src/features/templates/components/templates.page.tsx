import { ArrowLeftOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import type { WhatsappTemplateView } from '@atrium/contracts';
import { Button, Card, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from '../../../shared/notify/notifier';
import { toastError } from '../../../shared/notify/error-popup';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { PageHeader } from '../../../shared/ui/page-header';
import { useConnectionQuery } from '../../connections/api/connections.api';
import { useSyncTemplatesMutation, useTemplatesQuery } from '../api/templates.api';
import { TemplateFormModal } from './template-form.modal';

const STATUS_COLOR: Record<string, string> = { APPROVED: 'green', PENDING: 'gold', REJECTED: 'red', PAUSED: 'orange', DISABLED: 'default' };
const QUALITY_COLOR: Record<string, string> = { GREEN: 'green', YELLOW: 'gold', RED: 'red' };

/**
 * /connections/:whatsappId/templates (issue 26): a Cloud API connection's message templates with
 * their status and quality as Meta reports them; synced again on demand, and new ones submitted
 * to Meta for approval.
 */
export default function TemplatesPage() {
  const { t } = useTranslation('connections');
  const navigate = useNavigate();
  const whatsappId = Number(useParams<{ whatsappId: string }>().whatsappId);
  const { data: connection } = useConnectionQuery(whatsappId);
  const { data: templates, isFetching, isError, error } = useTemplatesQuery(whatsappId);
  const [sync, syncing] = useSyncTemplatesMutation();
  const [creating, setCreating] = useState(false);
  useErrorPopup(isError ? error : null);

  const syncNow = async () => {
    try {
      await sync(whatsappId).unwrap();
      toast.success(t('templates.synced'));
    } catch (failure) {
      toastError(failure);
    }
  };

  const columns: TableColumnsType<WhatsappTemplateView> = [
    { title: t('templates.columns.name'), dataIndex: 'name', ellipsis: true },
    { title: t('templates.columns.language'), dataIndex: 'language', width: 110 },
    { title: t('templates.columns.category'), dataIndex: 'category', width: 150, responsive: ['md'] },
    {
      title: t('templates.columns.status'),
      dataIndex: 'status',
      width: 140,
      render: (status: string, template) => (
        <Space direction="vertical" size={0}>
          <Tag color={STATUS_COLOR[status] ?? 'default'} data-testid={`template-status-${template.name}`}>
            {t(`templates.status.${status}`, { defaultValue: status })}
          </Tag>
          {template.reason ? <Typography.Text type="secondary">{template.reason}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      title: t('templates.columns.quality'),
      dataIndex: 'quality',
      width: 120,
      render: (quality: string | null) =>
        quality ? <Tag color={QUALITY_COLOR[quality] ?? 'default'}>{t(`quality.${quality}`, { defaultValue: quality })}</Tag> : null,
    },
    {
      title: t('templates.columns.body'),
      key: 'body',
      ellipsis: true,
      responsive: ['lg'],
      render: (_, template) => template.components.find((component) => component.type === 'BODY')?.text ?? '',
    },
  ];

  return (
    <div className="page page-fill">
      <PageHeader
        title={
          <Space>
            <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('templates.back')} onClick={() => navigate('/connections')} />
            {t('templates.title', { name: connection?.name ?? '' })}
          </Space>
        }
        extra={
          <>
            <Button icon={<SyncOutlined />} loading={syncing.isLoading} onClick={() => void syncNow()} data-testid="templates-sync">
              {t('templates.sync')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="templates-add">
              {t('templates.add')}
            </Button>
          </>
        }
      />
      <Card className="page-card" styles={{ body: { padding: 0 } }}>
        <Table<WhatsappTemplateView>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={templates ?? []}
          loading={isFetching && !templates}
          pagination={false}
          locale={{ emptyText: t('templates.empty') }}
          data-testid="templates-table"
        />
      </Card>
      <TemplateFormModal open={creating} whatsappId={whatsappId} onClose={() => setCreating(false)} />
    </div>
  );
}
