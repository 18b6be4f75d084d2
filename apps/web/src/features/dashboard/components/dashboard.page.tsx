import type { DashboardAttendantView, DashboardQueueView } from '@atrium/contracts';
import { DownloadOutlined } from '@ant-design/icons';
import {
  Alert,
  Badge,
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Rate,
  Row,
  Select,
  Spin,
  Statistic,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/page-header';
import { OnboardingChecklist } from '../../onboarding/components/onboarding-checklist.component';
import { useDashboardQuery } from '../api/dashboard.api';
import { attendantsCsv, chartRangeOf, defaultRange, filterOf, formatDuration, PERIOD_OPTIONS } from '../dashboard-figures';
import { saveBlob } from '../../../shared/files/save-blob';

const DAY = 'YYYY-MM-DD';

/** The chart library is big: the cards and tables show while it loads. */
const DashboardCharts = lazy(() => import('./dashboard-charts.component'));

/**
 * / (admin): six cards, the period (3 to 90 days) or a date range (default: the first of the month
 * to today), the attendants table (ratings as stars, online dots, CSV export), first-response,
 * median and 90th-percentile times per agent and per queue, and the two bar charts; above them,
 * a new company's first-run checklist until it is done or dismissed.
 */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const today = dayjs().format(DAY);
  const initial = defaultRange(today);
  const [days, setDays] = useState<number | null>(null);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>([dayjs(initial.from), dayjs(initial.to)]);
  const filter = filterOf(days, range?.[0]?.format(DAY) ?? null, range?.[1]?.format(DAY) ?? null);
  const { data, isFetching, isError } = useDashboardQuery(filter ?? { days: 1 }, { skip: filter === null });

  const attendantColumns: TableColumnsType<DashboardAttendantView> = useMemo(
    () => [
      { title: t('name'), dataIndex: 'name', key: 'name' },
      { title: t('tickets'), dataIndex: 'tickets', key: 'tickets', align: 'right' },
      {
        title: t('rating'),
        key: 'rating',
        render: (_, a) =>
          a.rating === null ? (
            '-'
          ) : (
            <Rate disabled allowHalf count={3} value={Math.round(a.rating * 2) / 2} aria-label={String(a.rating)} />
          ),
      },
      { title: t('avgSupportTime'), key: 'support', render: (_, a) => formatDuration(a.avgSupportTime) },
      { title: t('firstResponse'), key: 'first', render: (_, a) => formatDuration(a.avgFirstResponseTime) },
      { title: t('median'), key: 'median', render: (_, a) => formatDuration(a.medianResolutionTime) },
      { title: t('p90'), key: 'p90', render: (_, a) => formatDuration(a.p90ResolutionTime) },
      {
        title: t('status'),
        key: 'online',
        render: (_, a) => <Badge status={a.online ? 'success' : 'default'} text={a.online ? t('online') : t('offline')} />,
      },
    ],
    [t],
  );
  const queueColumns: TableColumnsType<DashboardQueueView> = useMemo(
    () => [
      {
        title: t('queue'),
        key: 'name',
        render: (_, q) => (q.id === null ? t('noQueue') : <Badge color={q.color ?? undefined} text={q.name} />),
      },
      { title: t('tickets'), dataIndex: 'tickets', key: 'tickets', align: 'right' },
      { title: t('firstResponse'), key: 'first', render: (_, q) => formatDuration(q.avgFirstResponseTime) },
      { title: t('median'), key: 'median', render: (_, q) => formatDuration(q.medianResolutionTime) },
      { title: t('p90'), key: 'p90', render: (_, q) => formatDuration(q.p90ResolutionTime) },
    ],
    [t],
  );

  function exportCsv(): void {
    if (!data) return;
    const headers = [t('name'), t('tickets'), t('rating'), t('avgSupportTime'), t('firstResponse'), t('median'), t('p90'), t('status')];
    const csv = attendantsCsv(data.attendants, headers, (online) => (online ? t('online') : t('offline')));
    // with a byte order mark, so that spreadsheets read the accents as UTF-8
    saveBlob(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), `atendentes-${data.period.from}-${data.period.to}.csv`);
  }

  const counters = data?.counters;
  const cards = [
    { key: 'supportHappening', value: counters?.supportHappening ?? 0 },
    { key: 'supportPending', value: counters?.supportPending ?? 0 },
    { key: 'supportFinished', value: counters?.supportFinished ?? 0 },
    { key: 'leads', value: counters?.leads ?? 0 },
    { key: 'avgSupportTime', value: formatDuration(counters?.avgSupportTime ?? null) },
    { key: 'avgWaitTime', value: formatDuration(counters?.avgWaitTime ?? null) },
  ];

  return (
    <Flex vertical gap={16} className="dashboard-page">
      <PageHeader
        title={t('title')}
        extra={
          <>
            <Select
              aria-label={t('period')}
              placeholder={t('period')}
              allowClear
              style={{ minWidth: 160 }}
              value={days}
              onChange={(value: number | undefined) => setDays(value ?? null)}
              options={PERIOD_OPTIONS.map((n) => ({ value: n, label: t('lastDays', { count: n }) }))}
            />
            <DatePicker.RangePicker
              aria-label={t('dateRange')}
              format="DD/MM/YYYY"
              value={range}
              disabled={days !== null}
              onChange={(value) => setRange(value)}
              allowEmpty={[true, true]}
            />
          </>
        }
      />
      <OnboardingChecklist />
      {filter === null ? (
        <Alert type="info" showIcon message={t('setFilter')} data-testid="dashboard-set-filter" />
      ) : isError ? (
        <Alert type="error" showIcon message={t('loadError')} />
      ) : (
        <Spin spinning={isFetching}>
          <Flex vertical gap={16}>
            <Row gutter={[16, 16]}>
              {cards.map((card) => (
                <Col key={card.key} xs={12} md={8} xl={4}>
                  <Card data-testid={`card-${card.key}`}>
                    <Statistic title={t(card.key)} value={card.value} />
                  </Card>
                </Col>
              ))}
            </Row>
            <Typography.Text type="secondary" data-testid="first-response">
              {t('firstResponseAverage', { time: formatDuration(counters?.avgFirstResponseTime ?? null) })}
            </Typography.Text>
            <Card
              title={t('attendants')}
              extra={
                <Button icon={<DownloadOutlined />} onClick={exportCsv} disabled={!data}>
                  {t('exportCsv')}
                </Button>
              }
            >
              <Table
                rowKey="id"
                size="small"
                columns={attendantColumns}
                dataSource={data?.attendants ?? []}
                pagination={false}
                scroll={{ x: true }}
                data-testid="attendants"
              />
            </Card>
            <Card title={t('queues')}>
              <Table
                rowKey={(q) => q.id ?? 0}
                size="small"
                columns={queueColumns}
                dataSource={data?.queues ?? []}
                pagination={false}
                scroll={{ x: true }}
                data-testid="queues"
              />
            </Card>
            <Alert.ErrorBoundary message={t('chartsError')} description="">
              <Suspense fallback={<Spin />}>
                <DashboardCharts range={chartRangeOf(filter, today)} />
              </Suspense>
            </Alert.ErrorBoundary>
          </Flex>
        </Spin>
      )}
    </Flex>
  );
}
