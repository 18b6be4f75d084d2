import { DownloadOutlined } from '@ant-design/icons';
import type { ReconciliationRow } from '@atrium/contracts';
import { Button, Card, DatePicker, Flex, InputNumber, Select, Table, Tag, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, isoDate } from '../../../shared/dates/dates';
import { toastError } from '../../../shared/notify/error-popup';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { formatMoney } from '../../../shared/ui/money';
import { PageHeader } from '../../../shared/ui/page-header';
import { useLazyReconciliationCsvQuery, useReconciliationQuery, type ReconciliationFilters } from '../api/billing.api';
import { moneyValue } from '../invoice-status';
import '../billing.css';
import { saveBlob } from '../../../shared/files/save-blob';

const PAYMENT_STATUSES = ['succeeded', 'requires_action', 'processing', 'requires_payment_method', 'canceled'] as const;

function money(value: string | null): string {
  return value === null ? '—' : formatMoney(moneyValue(value));
}

/**
 * /reconciliation (billing staff, super users): every payment with its invoice, company, amount,
 * Stripe fee and net, refunds, status and date, exceptions first (the server orders them);
 * filters by period, company and state; CSV export of the same filter.
 */
export default function ReconciliationPage() {
  const { t } = useTranslation('billing');
  const [period, setPeriod] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [status, setStatus] = useState<string>('');
  const filters: ReconciliationFilters = {
    from: period?.[0] ? isoDate(period[0]) : undefined,
    to: period?.[1] ? isoDate(period[1]) : undefined,
    companyId: companyId ?? undefined,
    status: status || undefined,
  };
  const { data = [], isFetching, isError } = useReconciliationQuery(filters);
  const [fetchCsv, { isFetching: exporting }] = useLazyReconciliationCsvQuery();
  useErrorPopup(isError, t('invoices.loadFailed'));

  const exportCsv = async () => {
    try {
      saveBlob(new Blob([await fetchCsv(filters).unwrap()], { type: 'text/csv;charset=utf-8' }), 'reconciliation.csv');
    } catch (error) {
      toastError(error);
    }
  };

  const columns: TableColumnsType<ReconciliationRow> = [
    { title: t('reconciliation.columns.date'), dataIndex: 'date', render: (date: string) => formatDateTime(date) },
    { title: t('reconciliation.columns.paymentIntent'), dataIndex: 'paymentIntentId', render: (id: string) => <code>{id}</code> },
    { title: t('reconciliation.columns.invoice'), dataIndex: 'invoiceId', align: 'center', render: (id: number | null) => id ?? '—' },
    {
      title: t('reconciliation.columns.company'),
      dataIndex: 'companyName',
      render: (name: string | null, row) => name ?? row.companyId ?? '—',
    },
    { title: t('reconciliation.columns.amount'), dataIndex: 'amount', align: 'right', render: (value: string) => money(value) },
    { title: t('reconciliation.columns.invoiceValue'), dataIndex: 'invoiceValue', align: 'right', render: money },
    {
      title: t('reconciliation.columns.fee'),
      dataIndex: 'fee',
      align: 'right',
      render: (value: string | null) => <span data-testid="reconciliation-fee">{money(value)}</span>,
    },
    {
      title: t('reconciliation.columns.net'),
      dataIndex: 'net',
      align: 'right',
      render: (value: string | null) => <span data-testid="reconciliation-net">{money(value)}</span>,
    },
    { title: t('reconciliation.columns.refunded'), dataIndex: 'refundedAmount', align: 'right', render: (value: string) => money(value) },
    {
      title: t('reconciliation.columns.status'),
      dataIndex: 'status',
      render: (value: string) =>
        PAYMENT_STATUSES.includes(value as (typeof PAYMENT_STATUSES)[number]) ? t(`reconciliation.statuses.${value}`) : value,
    },
    {
      title: t('reconciliation.columns.exceptions'),
      dataIndex: 'exceptions',
      render: (exceptions: ReconciliationRow['exceptions']) =>
        exceptions.map((exception) => (
          <Tag color="orange" key={exception}>
            {t(`reconciliation.exceptions.${exception}`)}
          </Tag>
        )),
    },
  ];

  return (
    <div className="page page-fill">
      <PageHeader
        title={t('reconciliation.title')}
        extra={
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()} data-testid="reconciliation-csv">
            {t('reconciliation.csv')}
          </Button>
        }
      />
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker
          aria-label={t('reconciliation.period')}
          value={period}
          onChange={(value) => setPeriod(value)}
          format="DD/MM/YYYY"
        />
        <InputNumber
          min={1}
          precision={0}
          placeholder={t('reconciliation.company')}
          value={companyId}
          onChange={(value) => setCompanyId(value ?? null)}
          style={{ width: 160 }}
        />
        <Select
          value={status}
          onChange={setStatus}
          style={{ width: 240 }}
          aria-label={t('reconciliation.status')}
          options={[
            { value: '', label: t('reconciliation.allStatuses') },
            { value: 'exception', label: t('reconciliation.exceptionsOnly') },
            ...PAYMENT_STATUSES.map((value) => ({ value, label: t(`reconciliation.statuses.${value}`) })),
          ]}
        />
      </Flex>
      <Card className="page-card" styles={{ body: { padding: 0 } }}>
        <Table<ReconciliationRow>
          rowKey="paymentIntentId"
          size="middle"
          columns={columns}
          dataSource={data}
          loading={isFetching}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: true }}
          rowClassName={(row) => (row.exceptions.length > 0 ? 'reconciliation-row-exception' : '')}
          locale={{ emptyText: t('reconciliation.empty') }}
          data-testid="reconciliation-table"
        />
      </Card>
    </div>
  );
}
