import type { ConfigurableProfile, PermissionAction, PermissionsView } from '@atrium/contracts';
import { Card, Checkbox, Skeleton, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/notify/notifier';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { PageHeader } from '../../../shared/ui/page-header';
import { usePermissionsQuery, useSavePermissionsMutation } from '../api/permissions.api';
import { actionsAfterToggle, MATRIX_PROFILES } from '../permission-matrix';

type Row = PermissionsView['actions'][number];

/**
 * /permissions (issue 28, admins): actions × profiles. The admin column is shown, read-only (admins
 * hold everything); a checkbox of supervisors or users saves that profile's whole list at once. An
 * action a profile may not be given (a service keeps it for admins) shows disabled.
 */
export default function PermissionsPage() {
  const { t } = useTranslation('permissions');
  const { data, isLoading, isError } = usePermissionsQuery();
  const [save, saving] = useSavePermissionsMutation();
  useErrorPopup(isError, t('loadFailed'));
  // action names hold ':' (i18next's namespace separator): read them as plain keys
  const actionLabel = (action: PermissionAction) => t(`actions.${action}`, { nsSeparator: false });

  if (isLoading || !data) {
    return (
      <div className="page">
        <PageHeader title={t('title')} />
        <Card>
          <Skeleton active />
        </Card>
      </div>
    );
  }

  const toggle = async (profile: ConfigurableProfile, action: PermissionAction, granted: boolean) => {
    await save({ profile, actions: actionsAfterToggle(data, profile, action, granted) }).unwrap();
    toast.success(t('saved'));
  };

  const columns: TableColumnsType<Row> = [
    { title: t('action'), dataIndex: 'action', key: 'action', render: (action: PermissionAction) => actionLabel(action) },
    ...MATRIX_PROFILES.map((profile) => ({
      title: t(`profiles.${profile}`),
      key: profile,
      align: 'center' as const,
      width: 140,
      render: (_: unknown, row: Row) => {
        const granted = row.granted.includes(profile);
        const label = `${actionLabel(row.action)} — ${t(`profiles.${profile}`)}`;
        if (profile === 'admin') return <Checkbox checked={granted} disabled aria-label={label} />;
        const grantable = row.grantable.includes(profile);
        const box = (
          <Checkbox
            checked={granted}
            disabled={!grantable || saving.isLoading}
            aria-label={label}
            onChange={(event) => void toggle(profile, row.action, event.target.checked).catch(() => undefined)}
          />
        );
        return grantable ? box : <Tooltip title={t('reservedToAdmins')}>{box}</Tooltip>;
      },
    })),
  ];

  return (
    <div className="page">
      <PageHeader title={t('title')} />
      <Card>
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        <Table<Row> rowKey="action" columns={columns} dataSource={data.actions} pagination={false} size="small" />
      </Card>
    </div>
  );
}
