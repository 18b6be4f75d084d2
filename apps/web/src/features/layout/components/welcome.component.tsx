import { Typography } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/dates/dates';
import { useIsWide } from '../../../shared/hooks/use-media-query.hook';
import { can } from '../../../shared/permissions/permissions';
import { useSessionUser } from '../../auth/hooks/use-session.hook';

/** Greeting of the top bar; admins on wide screens also see until when the company is active. */
export function Welcome() {
  const { t } = useTranslation('layout');
  const user = useSessionUser();
  const wide = useIsWide();
  const showDueDate = wide && can(user, 'dashboard:view') && user.company.dueDate;
  return (
    <Typography.Text className="welcome" ellipsis data-testid="welcome">
      <Trans t={t} i18nKey="greeting" values={{ name: user.name, company: user.company.name }} components={{ b: <strong /> }} />
      {showDueDate ? (
        <span className="welcome-due" data-testid="active-until">
          {' '}
          {t('activeUntil', { date: formatDate(user.company.dueDate) })}
        </span>
      ) : null}
    </Typography.Text>
  );
}
