import { BarChartOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { CampaignView } from '@atrium/contracts';
import { Button, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../../shared/dates/dates';
import { useRecordEditor } from '../../../shared/hooks/use-record-editor.hook';
import { useSearchedPages } from '../../../shared/hooks/use-searched-pages.hook';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { actionsColumn } from '../../../shared/ui/actions-column';
import { InfiniteRecordTable, ListPageHeader } from '../../../shared/ui/record-list.component';
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
  const list = useSearchedPages(useCampaignsPageInfiniteQuery, (page) => page.records);
  const [deleteCampaign] = useDeleteCampaignMutation();
  const { cancel, restart, busy } = useCampaignCommands();
  const editor = useRecordEditor();
  useErrorPopup(list.isError, t('loadFailed'));
  useCampaignsLive(list.searchParam);

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
    {
      title: t('columns.contactList'),
      key: 'contactList',
      align: 'center',
      render: (_, record) => record.contactList?.name ?? t('fallback.contactList'),
    },
    {
      title: t('columns.whatsapp'),
      key: 'whatsapp',
      align: 'center',
      render: (_, record) => record.whatsapp?.name || t('fallback.whatsapp'),
    },
    {
      title: t('columns.scheduledAt'),
      dataIndex: 'scheduledAt',
      align: 'center',
      render: (value: string | null) => (value ? formatDateTime(value) : t('fallback.scheduledAt')),
    },
    {
      title: t('columns.completedAt'),
      dataIndex: 'completedAt',
      align: 'center',
      render: (value: string | null) => (value ? formatDateTime(value) : t('fallback.completedAt')),
    },
    {
      title: t('columns.confirmation'),
      dataIndex: 'confirmation',
      align: 'center',
      render: (value: boolean) => (value ? t('confirmation.enabled') : t('confirmation.disabled')),
    },
    actionsColumn(t('columns.actions'), 220, (record) => (
      <Space size={0}>
        {record.status === 'EM_ANDAMENTO' ? (
          <Tooltip title={t('actions.cancel')}>
            <Button
              type="text"
              icon={<PauseCircleOutlined />}
              disabled={busy}
              onClick={() => void cancel(record.id)}
              aria-label={t('actions.cancel')}
              data-testid={`cancel-campaign-${record.id}`}
            />
          </Tooltip>
        ) : null}
        {record.status === 'CANCELADA' ? (
          <Tooltip title={t('actions.restart')}>
            <Button
              type="text"
              icon={<PlayCircleOutlined />}
              disabled={busy}
              onClick={() => void restart(record.id)}
              aria-label={t('actions.restart')}
              data-testid={`restart-campaign-${record.id}`}
            />
          </Tooltip>
        ) : null}
        <Tooltip title={t('actions.report')}>
          <Button
            type="text"
            icon={<BarChartOutlined />}
            onClick={() => navigate(`/campaign/${record.id}/report`)}
            aria-label={t('actions.report')}
            data-testid={`campaign-report-${record.id}`}
          />
        </Tooltip>
        <RowActions
          onEdit={() => editor.edit(record.id)}
          onDelete={() =>
            confirm({
              title: t('delete.title', { name: record.name }),
              remove: () => deleteCampaign(record.id).unwrap(),
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
        searchTestId="campaigns-search"
        addText={t('add')}
        onAdd={editor.add}
        addTestId="add-campaign"
      />
      <InfiniteRecordTable<CampaignView>
        list={list}
        columns={columns}
        scrollTestId="campaigns-scroll"
        tableTestId="campaigns-table"
        scroll={{ x: 900 }}
      />
      <CampaignFormModal open={editor.open} id={editor.id} onClose={editor.close} />
    </div>
  );
}
