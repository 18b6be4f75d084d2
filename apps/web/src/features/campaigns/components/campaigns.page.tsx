import { BarChartOutlined, PauseCircleOutlined, PlayCircleOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { CampaignView } from '@atrium/contracts';
import { Button, Card, Input, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../../shared/dates/dates';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.hook';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { InfiniteScrollArea } from '../../../shared/ui/infinite-scroll-area.component';
import { PageHeader } from '../../../shared/ui/page-header';
import { RowActions } from '../../../shared/ui/row-actions.component';
import { useConfirmDelete } from '../../../shared/ui/use-confirm-delete.hook';
import { useCampaignsPageInfiniteQuery, useDeleteCampaignMutation } from '../api/campaigns.api';
import { STATUS_COLORS } from '../campaign-form';
import { useCampaignCommands } from '../hooks/use-campaign-commands.hook';
import { useCampaignsLive } from '../hooks/use-campaigns-live.hook';
import { CampaignFormModal } from './campaign-form.modal';

/** /campaigns (spec 001 "Campaigns" list): name, status, contact list, connection, schedule, completion, confirmation, actions by status. */
export default function CampaignsPage() {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const confirm = useConfirmDelete();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const { data, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage, isError } = useCampaignsPageInfiniteQuery(searchParam);
  const [deleteCampaign] = useDeleteCampaignMutation();
  const { cancel, restart, busy } = useCampaignCommands();
  const [editing, setEditing] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const records = (data?.pages ?? []).flatMap((page) => page.records);
  useErrorPopup(isError, t('loadFailed'));
  useCampaignsLive(searchParam);

  const columns: TableColumnsType<CampaignView> = [
    { title: t('columns.name'), dataIndex: 'name', ellipsis: true },
    {
      title: t('columns.status'),
      dataIndex: 'status',
      align: 'center',
      render: (_, record) => (
        <Tag color={STATUS_COLORS[record.status]} data-testid={`campaign-status-${record.id}`}>
          {t(`status.${record.status}`)}
        </Tag>
      ),
    },
    { title: t('columns.contactList'), key: 'contactList', align: 'center', render: (_, record) => record.contactList?.name ?? t('fallback.contactList') },
    { title: t('columns.whatsapp'), key: 'whatsapp', align: 'center', render: (_, record) => record.whatsapp?.name || t('fallback.whatsapp') },
    { title: t('columns.scheduledAt'), dataIndex: 'scheduledAt', align: 'center', render: (value: string | null) => (value ? formatDateTime(value) : t('fallback.scheduledAt')) },
    { title: t('columns.completedAt'), dataIndex: 'completedAt', align: 'center', render: (value: string | null) => (value ? formatDateTime(value) : t('fallback.completedAt')) },
    { title: t('columns.confirmation'), dataIndex: 'confirmation', align: 'center', render: (value: boolean) => (value ? t('confirmation.enabled') : t('confirmation.disabled')) },
    {
      title: t('columns.actions'),
      key: 'actions',
      align: 'center',
      width: 220,
      render: (_, record) => (
        <Space size={0}>
          {record.status === 'EM_ANDAMENTO' ? (
            <Tooltip title={t('actions.cancel')}>
              <Button type="text" icon={<PauseCircleOutlined />} disabled={busy} onClick={() => void cancel(record.id)} aria-label={t('actions.cancel')} data-testid={`cancel-campaign-${record.id}`} />
            </Tooltip>
          ) : null}
          {record.status === 'CANCELADA' ? (
            <Tooltip title={t('actions.restart')}>
              <Button type="text" icon={<PlayCircleOutlined />} disabled={busy} onClick={() => void restart(record.id)} aria-label={t('actions.restart')} data-testid={`restart-campaign-${record.id}`} />
            </Tooltip>
          ) : null}
          <Tooltip title={t('actions.report')}>
            <Button type="text" icon={<BarChartOutlined />} onClick={() => navigate(`/campaign/${record.id}/report`)} aria-label={t('actions.report')} data-testid={`campaign-report-${record.id}`} />
          </Tooltip>
          <RowActions
            onEdit={() => setEditing({ open: true, id: record.id })}
            onDelete={() => confirm({ title: t('delete.title', { name: record.name }), remove: () => deleteCampaign(record.id).unwrap(), deletedText: t('toasts.deleted') })}
          />
        </Space>
      ),
    },
  ];

  return (
    <div className="page page-fill">
      <PageHeader
        title={t('title')}
        extra={
          <>
            <Input allowClear prefix={<SearchOutlined />} placeholder={t('search')} value={search} onChange={(event) => setSearch(event.target.value)} className="page-search" data-testid="campaigns-search" />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true, id: null })} data-testid="add-campaign">
              {t('add')}
            </Button>
          </>
        }
      />
      <Card className="page-card" styles={{ body: { padding: 0 } }}>
        <InfiniteScrollArea testId="campaigns-scroll" hasNextPage={hasNextPage} isFetchingNextPage={isFetchingNextPage} fetchNextPage={fetchNextPage}>
          <Table<CampaignView> rowKey="id" size="middle" columns={columns} dataSource={records} loading={isFetching && records.length === 0} pagination={false} data-testid="campaigns-table" scroll={{ x: 900 }} />
        </InfiniteScrollArea>
      </Card>
      <CampaignFormModal open={editing.open} id={editing.id} onClose={() => setEditing({ open: false, id: null })} />
    </div>
  );
}
