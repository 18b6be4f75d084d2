import {
  ArrowLeftOutlined,
  CalendarOutlined,
  CheckCircleOutlined,
  CheckSquareOutlined,
  CloseCircleOutlined,
  DownloadOutlined,
  FieldTimeOutlined,
  GroupOutlined,
  MailOutlined,
  ReloadOutlined,
  WhatsAppOutlined,
} from '@ant-design/icons';
import type { CampaignShippingView } from '@atrium/contracts';
import { Button, Card, Col, Empty, Flex, Progress, Row, Skeleton, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { formatDateTime } from '../../../shared/dates/dates';
import { toastError } from '../../../shared/notify/error-popup';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { PageHeader } from '../../../shared/ui/page-header';
import { saveBlob } from '../../../shared/files/save-blob';
import { useCampaignQuery, useCampaignShippingsQuery, useLazyCampaignShippingsCsvQuery } from '../api/campaigns.api';
import { progressPercent, STATUS_COLORS } from '../campaign-form';
import { useCampaignsLive } from '../hooks/use-campaigns-live.hook';

/** Spec 001 section 9: the report reloads the campaign this long after a live update showing FINALIZADA. */
export const REPORT_REFRESH_MS = 5000;
/** The shipping list's page reloads at most this often while progress events arrive. */
const SHIPPINGS_REFRESH_MS = 2000;
/** Shippings a page of the list shows (one page read from the server at a time). */
const SHIPPINGS_PAGE_SIZE = 20;

function InfoCard({ title, value, icon, testId }: { title: string; value: ReactNode; icon: ReactNode; testId: string }) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Flex gap={12} align="center">
        <span className="campaign-report-icon">{icon}</span>
        <div>
          <Typography.Text type="secondary">{title}</Typography.Text>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid={testId}>
            {value}
          </Typography.Title>
        </div>
      </Flex>
    </Card>
  );
}

/**
 * /campaign/:campaignId/report (spec 001 "Campaigns" report): status with delivered out of valid
 * contacts, progress bar, cards for valid contacts, confirmations requested and confirmations (when
 * confirmation is on), delivered, failed, connection, contact list, schedule and completion; the
 * shipping list and its CSV export. Live over `company-{id}-campaign`; reloads 5 s after FINALIZADA.
 */
export default function CampaignReportPage() {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const campaignId = Number(useParams().campaignId);
  const valid = Number.isInteger(campaignId) && campaignId > 0;
  const { data: campaign, isError, error, refetch } = useCampaignQuery(campaignId, { skip: !valid, refetchOnMountOrArgChange: true });
  const [shippingsPage, setShippingsPage] = useState(1);
  const shippings = useCampaignShippingsQuery(
    { id: campaignId, pageNumber: shippingsPage, limit: SHIPPINGS_PAGE_SIZE },
    { skip: !valid, refetchOnMountOrArgChange: true },
  );
  const [fetchCsv, { isFetching: exporting }] = useLazyCampaignShippingsCsvQuery();
  const timers = useRef<{ finish?: number; shippings?: number }>({});
  useErrorPopup(isError ? error : null);

  useEffect(() => {
    const current = timers.current;
    return () => {
      window.clearTimeout(current.finish);
      window.clearTimeout(current.shippings);
    };
  }, []);

  useCampaignsLive(null, (event) => {
    if (event.action !== 'update' || event.record.id !== campaignId) return;
    if (event.record.status === 'FINALIZADA') {
      window.clearTimeout(timers.current.finish);
      timers.current.finish = window.setTimeout(() => {
        void refetch();
        void shippings.refetch();
      }, REPORT_REFRESH_MS);
    }
    if (timers.current.shippings === undefined) {
      timers.current.shippings = window.setTimeout(() => {
        timers.current.shippings = undefined;
        void shippings.refetch();
      }, SHIPPINGS_REFRESH_MS);
    }
  });

  const exportCsv = async () => {
    try {
      saveBlob(new Blob([await fetchCsv(campaignId).unwrap()], { type: 'text/csv;charset=utf-8' }), `campanha-${campaignId}.csv`);
    } catch (failure) {
      toastError(failure);
    }
  };

  if (!valid || (isError && !campaign)) {
    return (
      <div className="page">
        <PageHeader title={t('report.title')} />
        <Card>
          <Empty />
        </Card>
      </div>
    );
  }
  if (!campaign) {
    return (
      <div className="page">
        <Skeleton active />
      </div>
    );
  }

  const { report } = campaign;
  const columns: TableColumnsType<CampaignShippingView> = [
    { title: t('report.columns.number'), dataIndex: 'number' },
    { title: t('report.columns.name'), dataIndex: 'name', ellipsis: true },
    {
      title: t('report.columns.variant'),
      dataIndex: 'variant',
      align: 'center',
      render: (variant: number) => t('modal.messageTab', { n: variant }),
    },
    { title: t('report.columns.deliveredAt'), dataIndex: 'deliveredAt', render: (value: string | null) => formatDateTime(value) },
    ...(campaign.confirmation
      ? [
          {
            title: t('report.columns.confirmationRequestedAt'),
            dataIndex: 'confirmationRequestedAt',
            render: (value: string | null) => formatDateTime(value),
          },
          { title: t('report.columns.confirmedAt'), dataIndex: 'confirmedAt', render: (value: string | null) => formatDateTime(value) },
        ]
      : []),
    {
      title: t('report.columns.failedReason'),
      dataIndex: 'failedReason',
      render: (value: string | null) => (value ? <Typography.Text type="danger">{value}</Typography.Text> : ''),
    },
  ];

  return (
    <div className="page">
      <PageHeader
        title={t('report.heading', { name: campaign.name })}
        extra={
          <>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/campaigns')}>
              {t('report.back')}
            </Button>
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()} data-testid="campaign-report-csv">
              {t('report.csv')}
            </Button>
          </>
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <Flex align="center" gap={12} wrap>
          <Typography.Text strong>{t('report.status')}</Typography.Text>
          <Tag color={STATUS_COLORS[campaign.status]} data-testid="campaign-report-status">
            {t(`status.${campaign.status}`)}
          </Tag>
          <Typography.Text data-testid="campaign-report-progress-text">
            {t('report.deliveredOf', { delivered: report.delivered, valid: report.valid })}
          </Typography.Text>
        </Flex>
        <Progress
          percent={progressPercent(report.delivered, report.valid)}
          status={campaign.status === 'EM_ANDAMENTO' ? 'active' : undefined}
          data-testid="campaign-report-progress"
        />
      </Card>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} sm={12} lg={6}>
          <InfoCard title={t('report.valid')} value={report.valid} icon={<GroupOutlined />} testId="campaign-report-valid" />
        </Col>
        {campaign.confirmation ? (
          <>
            <Col xs={24} sm={12} lg={6}>
              <InfoCard
                title={t('report.confirmationRequested')}
                value={report.confirmationRequested}
                icon={<MailOutlined />}
                testId="campaign-report-confirmation-requested"
              />
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <InfoCard
                title={t('report.confirmed')}
                value={report.confirmed}
                icon={<CheckSquareOutlined />}
                testId="campaign-report-confirmed"
              />
            </Col>
          </>
        ) : null}
        <Col xs={24} sm={12} lg={6}>
          <InfoCard
            title={t('report.delivered')}
            value={report.delivered}
            icon={<CheckCircleOutlined />}
            testId="campaign-report-delivered"
          />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <InfoCard title={t('report.failed')} value={report.failed} icon={<CloseCircleOutlined />} testId="campaign-report-failed" />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <InfoCard
            title={t('report.whatsapp')}
            value={campaign.whatsapp?.name || t('fallback.whatsapp')}
            icon={<WhatsAppOutlined />}
            testId="campaign-report-whatsapp"
          />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <InfoCard
            title={t('report.contactList')}
            value={campaign.contactList?.name ?? t('fallback.contactList')}
            icon={<GroupOutlined />}
            testId="campaign-report-contact-list"
          />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <InfoCard
            title={t('report.scheduledAt')}
            value={campaign.scheduledAt ? formatDateTime(campaign.scheduledAt) : t('fallback.scheduledAt')}
            icon={<CalendarOutlined />}
            testId="campaign-report-scheduled-at"
          />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <InfoCard
            title={t('report.completedAt')}
            value={campaign.completedAt ? formatDateTime(campaign.completedAt) : t('fallback.completedAt')}
            icon={<FieldTimeOutlined />}
            testId="campaign-report-completed-at"
          />
        </Col>
      </Row>
      <Card
        title={t('report.shippings')}
        extra={
          <Button
            type="text"
            icon={<ReloadOutlined />}
            loading={shippings.isFetching}
            onClick={() => void shippings.refetch()}
            aria-label={t('report.reload')}
            data-testid="campaign-report-reload"
          />
        }
        styles={{ body: { padding: 0 } }}
      >
        <Table<CampaignShippingView>
          rowKey="number"
          size="small"
          columns={columns}
          dataSource={shippings.data?.shippings ?? []}
          loading={shippings.isFetching && !shippings.data}
          pagination={{
            current: shippingsPage,
            pageSize: SHIPPINGS_PAGE_SIZE,
            total: shippings.data?.count ?? 0,
            onChange: setShippingsPage,
            hideOnSinglePage: true,
            showSizeChanger: false,
          }}
          data-testid="campaign-report-shippings"
          scroll={{ x: 800 }}
        />
      </Card>
    </div>
  );
}
