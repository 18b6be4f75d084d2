import { Card, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { PageHeader } from '../../../shared/ui/page-header';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { CompaniesManager } from '../../companies/components/companies-manager.component';
import { HelpsManager } from '../../helps/components/helps-manager.component';
import { PlansManager } from '../../plans/components/plans-manager.component';
import { useSettingsQuery } from '../api/settings.api';
import { OptionsTab, settingValue } from './options-tab.component';
import { SchedulesTab } from './schedules-tab.component';
import { SsoSettingsTab } from './sso-settings-tab.component';

/**
 * /settings: Opções for everyone who opens it; Horários when the schedule type is 'company';
 * Empresas, Planos and Ajuda for super users (spec 001 section 2); Login único (SSO) for admins (issue 28).
 */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const user = useSessionUser();
  const { data: settings, isLoading, error } = useSettingsQuery();
  useErrorPopup(error);

  const tabs = [{ key: 'options', label: t('tabs.options'), children: <OptionsTab settings={settings} /> }];
  if (settingValue(settings, 'scheduleType') === 'company') {
    tabs.push({ key: 'schedules', label: t('tabs.schedules'), children: <SchedulesTab companyId={user.companyId} /> });
  }
  if (user.profile === 'admin' || user.super) tabs.push({ key: 'sso', label: t('sso.tab'), children: <SsoSettingsTab /> });
  if (user.super) {
    tabs.push(
      { key: 'companies', label: t('tabs.companies'), children: <CompaniesManager /> },
      { key: 'plans', label: t('tabs.plans'), children: <PlansManager /> },
      { key: 'helps', label: t('tabs.helps'), children: <HelpsManager /> },
    );
  }

  return (
    <div className="page">
      <PageHeader title={t('title')} />
      <Card>{isLoading ? <Skeleton active /> : <Tabs items={tabs} destroyOnHidden data-testid="settings-tabs" />}</Card>
    </div>
  );
}
