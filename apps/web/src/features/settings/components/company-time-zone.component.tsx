import { Form, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/notify/notifier';
import { toastError } from '../../../shared/notify/error-popup';
import { useSettingsQuery, useUpdateSettingMutation } from '../api/settings.api';
import { settingValue } from './options-tab.component';

/** The IANA zones this browser knows, with `current` among them even when it does not list it (UTC). */
function timeZoneNames(current: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return current === '' || known.includes(current) ? known : [current, ...known];
}

/**
 * The company's time zone (setting `timezone`, the platform's unless changed), shown and changed
 * wherever hours are edited (the Horários tab, a queue's 'Horários de Atendimento'): the hours
 * beside it are read in this zone. Saved as soon as it changes, apart from the hours' form.
 */
export function CompanyTimeZoneField() {
  const { t } = useTranslation('settings');
  const { data: settings } = useSettingsQuery();
  const [update, { isLoading }] = useUpdateSettingMutation();
  const zone = settingValue(settings, 'timezone');
  const zones = useMemo(() => timeZoneNames(zone), [zone]);

  const change = async (value: string) => {
    try {
      await update({ key: 'timezone', value }).unwrap();
      toast.success(t('updated'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Form.Item label={t('schedules.timeZone')} extra={t('schedules.timeZoneHelp')}>
      <Select
        showSearch
        value={zone === '' ? undefined : zone}
        loading={isLoading}
        onChange={(value: string) => void change(value)}
        options={zones.map((name) => ({ value: name, label: name }))}
        data-testid="company-time-zone"
      />
    </Form.Item>
  );
}
