import { DownloadOutlined } from '@ant-design/icons';
import type { AuditLogView } from '@atrium/contracts';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, type AuditAction, type AuditEntityType } from '@atrium/contracts/audit/audit-actions.js';
import { Button, DatePicker, Flex, Select, Table, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserListQuery } from '../../../shared/api/user-list.api';
import { formatDateTime, isoDate } from '../../../shared/dates/dates';
import { toastError } from '../../../shared/notify/error-popup';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { PageHeader } from '../../../shared/ui/page-header';
import { useAuditLogsQuery, useLazyAuditLogsCsvQuery, type AuditLogFilters } from '../api/audit-logs.api';
import { saveBlob } from '../../../shared/files/save-blob';

const PAGE_SIZE = 20;

function shown(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** The entry's fields side by side: what each was and what it became. */
function ChangesTable({ entry }: { entry: AuditLogView }) {
  const { t } = useTranslation('auditLogs');
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  const rows: FieldChange[] = fields.map((field) => ({ field, before: entry.before?.[field], after: entry.after?.[field] }));
  const columns: TableColumnsType<FieldChange> = [
    { title: t('changes.field'), dataIndex: 'field', width: 200 },
    { title: t('changes.before'), dataIndex: 'before', render: (value: unknown) => <code className="audit-before">{shown(value)}</code> },
    { title: t('changes.after'), dataIndex: 'after', render: (value: unknown) => <code className="audit-after">{shown(value)}</code> },
  ];
  return (
    <Flex vertical gap={8} data-testid={`audit-changes-${entry.id}`}>
      {rows.length > 0 ? (
        <Table<FieldChange> size="small" rowKey="field" columns={columns} dataSource={rows} pagination={false} />
      ) : (
        <Typography.Text type="secondary">{t('changes.none')}</Typography.Text>
      )}
      <Typography.Text type="secondary">
        {t('changes.client', { ip: entry.ip ?? '—', userAgent: entry.userAgent ?? '—' })}
        {entry.detail ? ` · ${entry.detail}` : ''}
      </Typography.Text>
    </Flex>
  );
}

/**
 * /audit-logs (admins: their company's; super users: every company's): who changed what, when
 * and from where, newest first; filters by user, action, entity and period; each row expands to
 * the fields before and after (secrets masked by the server); CSV export of the same filter.
 */
export default function AuditLogsPage() {
  const { t } = useTranslation('auditLogs');
  const [userId, setUserId] = useState<number | undefined>();
  const [action, setAction] = useState<AuditAction | undefined>();
  const [entityType, setEntityType] = useState<AuditEntityType | undefined>();
  const [period, setPeriod] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [pageNumber, setPageNumber] = useState(1);
  const filters: AuditLogFilters = {
    userId,
    action,
    entityType,
    from: period?.[0] ? isoDate(period[0]) : undefined,
    to: period?.[1] ? isoDate(period[1]) : undefined,
  };
  const { data, isFetching, isError } = useAuditLogsQuery({ ...filters, pageNumber });
  const { data: users = [] } = useUserListQuery();
  const [fetchCsv, { isFetching: exporting }] = useLazyAuditLogsCsvQuery();
  useErrorPopup(isError, t('loadFailed'));

  /** A new filter starts from the first page. */
  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPageNumber(1);
    };

  const exportCsv = async () => {
    try {
      saveBlob(new Blob([await fetchCsv(filters).unwrap()], { type: 'text/csv;charset=utf-8' }), 'audit-logs.csv');
    } catch (error) {
      toastError(error);
    }
  };

  const columns: TableColumnsType<AuditLogView> = [
    { title: t('columns.date'), dataIndex: 'createdAt', width: 170, render: (date: string) => formatDateTime(date) },
    {
      title: t('columns.user'),
      dataIndex: 'userName',
      render: (name: string | null, row) => name ?? (row.userId ? `#${row.userId}` : t('nobody')),
    },
    { title: t('columns.action'), dataIndex: 'action', render: (value: AuditAction) => t(`actions.${value}`, { defaultValue: value }) },
    {
      title: t('columns.entity'),
      dataIndex: 'entityType',
      render: (value: AuditEntityType, row) =>
        `${t(`entities.${value}`, { defaultValue: value })}${row.entityId ? ` #${row.entityId}` : ''}`,
    },
    { title: t('columns.ip'), dataIndex: 'ip', render: (ip: string | null) => ip ?? '—' },
  ];

  return (
    <div className="page page-fill">
      <PageHeader
        title={t('title')}
        extra={
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()} data-testid="audit-logs-csv">
            {t('csv')}
          </Button>
        }
      />
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Select<number>
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('filters.user')}
          aria-label={t('filters.user')}
          id="audit-filter-user"
          data-testid="audit-filter-user"
          style={{ minWidth: 200 }}
          value={userId}
          onChange={filtered(setUserId)}
          options={users.map((user) => ({ value: user.id, label: user.name }))}
        />
        <Select<AuditAction>
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('filters.action')}
          aria-label={t('filters.action')}
          id="audit-filter-action"
          data-testid="audit-filter-action"
          style={{ minWidth: 220 }}
          value={action}
          onChange={filtered(setAction)}
          options={AUDIT_ACTIONS.map((value) => ({ value, label: t(`actions.${value}`) }))}
        />
        <Select<AuditEntityType>
          allowClear
          placeholder={t('filters.entity')}
          aria-label={t('filters.entity')}
          id="audit-filter-entity"
          data-testid="audit-filter-entity"
          style={{ minWidth: 180 }}
          value={entityType}
          onChange={filtered(setEntityType)}
          options={AUDIT_ENTITY_TYPES.map((value) => ({ value, label: t(`entities.${value}`) }))}
        />
        <DatePicker.RangePicker
          aria-label={t('filters.period')}
          data-testid="audit-filter-period"
          value={period}
          onChange={filtered(setPeriod)}
          format="DD/MM/YYYY"
        />
      </Flex>
      <Table<AuditLogView>
        rowKey="id"
        size="small"
        data-testid="audit-logs-table"
        loading={isFetching}
        columns={columns}
        dataSource={data?.auditLogs ?? []}
        expandable={{ expandedRowRender: (entry) => <ChangesTable entry={entry} /> }}
        pagination={{
          current: pageNumber,
          pageSize: PAGE_SIZE,
          total: data?.count ?? 0,
          showSizeChanger: false,
          onChange: (page) => setPageNumber(page),
        }}
      />
    </div>
  );
}
