import { AuditOutlined, SearchOutlined } from '@ant-design/icons';
import type { InvoiceView } from '@atrium/contracts';
import { Button, Card, Input, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDate } from '../../../shared/dates/dates';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.hook';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { InfiniteScrollArea } from '../../../shared/ui/infinite-scroll-area.component';
import { formatMoney } from '../../../shared/ui/money';
import { PageHeader } from '../../../shared/ui/page-header';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { useInvoicesPageInfiniteQuery } from '../api/billing.api';
import { canPay, invoiceState, moneyValue, type InvoiceState } from '../invoice-status';
import { CheckoutModal } from './checkout.modal';
import '../billing.css';

const STATE_COLOURS: Record<InvoiceState, string> = { paid: 'green', overdue: 'red', open: 'blue', cancelled: 'default' };

/**
 * /financeiro (spec 001 'Faturas'): id, details, value, due date, status and pay; overdue rows
 * shaded; pay (only on non-paid invoices) opens the checkout. Super users see every company's
 * invoices, with the company's name, and reach the reconciliation page from here.
 */
export default function FinanceiroPage() {
  const { t } = useTranslation('billing');
  const user = useSessionUser();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const { data, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage, isError } = useInvoicesPageInfiniteQuery({ searchParam });
  const [paying, setPaying] = useState<InvoiceView | null>(null);
  const invoices = (data?.pages ?? []).flatMap((page) => page.invoices);
  useErrorPopup(isError, t('invoices.loadFailed'));

  const columns: TableColumnsType<InvoiceView> = [
    { title: t('invoices.columns.id'), dataIndex: 'id', width: 80, align: 'center' },
    ...(user.super ? [{ title: t('invoices.columns.company'), dataIndex: 'companyName', key: 'company' }] : []),
    { title: t('invoices.columns.detail'), dataIndex: 'detail' },
    { title: t('invoices.columns.value'), dataIndex: 'value', align: 'center', render: (value: string) => formatMoney(moneyValue(value)) },
    { title: t('invoices.columns.dueDate'), dataIndex: 'dueDate', align: 'center', render: (dueDate: string) => formatDate(dueDate) },
    {
      title: t('invoices.columns.status'),
      key: 'status',
      align: 'center',
      render: (_, invoice) => {
        const state = invoiceState(invoice);
        return (
          <Tag color={STATE_COLOURS[state]} data-testid="invoice-status">
            {t(`invoices.status.${state}`)}
          </Tag>
        );
      },
    },
    {
      title: t('invoices.columns.action'),
      key: 'action',
      align: 'center',
      render: (_, invoice) =>
        canPay(invoiceState(invoice)) ? (
          <Button type="primary" size="small" onClick={() => setPaying(invoice)} data-testid="invoice-pay">
            {t('invoices.pay')}
          </Button>
        ) : invoice.status === 'paid' ? (
          <Button size="small" disabled>
            {t('invoices.paid')}
          </Button>
        ) : null,
    },
  ];

  return (
    <div className="page page-fill">
      <PageHeader
        title={t('invoices.title')}
        extra={
          <>
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder={t('invoices.search')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="page-search"
              data-testid="invoices-search"
            />
            {user.super ? (
              <Button icon={<AuditOutlined />} onClick={() => navigate('/reconciliation')} data-testid="open-reconciliation">
                {t('invoices.reconciliation')}
              </Button>
            ) : null}
          </>
        }
      />
      <Card className="page-card" styles={{ body: { padding: 0 } }}>
        <InfiniteScrollArea
          testId="invoices-scroll"
          hasNextPage={hasNextPage}
          isFetchingNextPage={isFetchingNextPage}
          fetchNextPage={fetchNextPage}
        >
          <Table<InvoiceView>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={invoices}
            loading={isFetching && invoices.length === 0}
            pagination={false}
            rowClassName={(invoice) => (invoiceState(invoice) === 'overdue' ? 'invoice-row-overdue' : '')}
            locale={{ emptyText: t('invoices.empty') }}
            data-testid="invoices-table"
          />
        </InfiniteScrollArea>
      </Card>
      {paying ? <CheckoutModal invoice={paying} onClose={() => setPaying(null)} /> : null}
    </div>
  );
}
