import type { SettingView } from '@atrium/contracts';
import { SETTING_DEFINITIONS, type SettingKey } from '@atrium/contracts/identity/settings.js';
import { Button, Card, Col, Form, Input, Row, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/notify/notifier';
import { toastError } from '../../../shared/notify/error-popup';
import { useUpdateSettingMutation } from '../api/settings.api';

/** The selects of the Opções tab, in the spec's order (spec 001 section 2). */
export const OPTION_KEYS = [
  'userRating',
  'scheduleType',
  'CheckMsgIsGroup',
  'call',
  'chatBotType',
  'sendGreetingAccepted',
  'sendMsgTransfTicket',
  'sendGreetingMessageOneQueues',
  'language',
  'twoFactorMandatory',
] as const satisfies readonly SettingKey[];

export function settingValue(settings: readonly SettingView[] | undefined, key: SettingKey): string {
  return settings?.find((setting) => setting.key === key)?.value ?? SETTING_DEFINITIONS[key].default;
}

function OptionSelect({
  settingKey,
  value,
  onChange,
  saving,
}: {
  settingKey: (typeof OPTION_KEYS)[number];
  value: string;
  onChange: (value: string) => void;
  saving: boolean;
}) {
  const { t } = useTranslation('settings');
  const values: readonly string[] = SETTING_DEFINITIONS[settingKey].values;
  return (
    <Form.Item label={t(`options.${settingKey}.label`)} style={{ marginBottom: 0 }}>
      <Select
        value={value}
        loading={saving}
        onChange={onChange}
        data-testid={`setting-${settingKey}`}
        options={values.map((option) => ({ value: option, label: t(`options.${settingKey}.values.${option}`) }))}
      />
    </Form.Item>
  );
}

/** Opções: every company option of spec 001 section 2, each saved as soon as it changes. */
export function OptionsTab({ settings }: { settings: SettingView[] | undefined }) {
  const { t } = useTranslation('settings');
  const [updateSetting] = useUpdateSettingMutation();
  const [saving, setSaving] = useState<string | null>(null);
  const [token, setToken] = useState('');
  const storedToken = settingValue(settings, 'asaas');
  useEffect(() => setToken(storedToken), [storedToken]);

  const save = async (key: SettingKey, value: string) => {
    setSaving(key);
    try {
      await updateSetting({ key, value }).unwrap();
      toast.success(t('updated'));
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(null);
    }
  };

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title={t('options.title')} size="small">
        <Form layout="vertical">
          <Row gutter={[16, 16]}>
            {OPTION_KEYS.map((key) => (
              <Col key={key} xs={24} sm={12} xl={8}>
                <OptionSelect
                  settingKey={key}
                  value={settingValue(settings, key)}
                  saving={saving === key}
                  onChange={(value) => void save(key, value)}
                />
              </Col>
            ))}
          </Row>
        </Form>
      </Card>
      <Card title={t('options.integrations')} size="small">
        <Form layout="vertical" onFinish={() => void save('asaas', token.trim())}>
          <Typography.Paragraph type="secondary">{t('options.asaas.help')}</Typography.Paragraph>
          <Form.Item label={t('options.asaas.label')}>
            <Space.Compact style={{ width: '100%' }}>
              <Input.Password
                value={token}
                onChange={(event) => setToken(event.target.value)}
                autoComplete="off"
                data-testid="setting-asaas"
              />
              <Button type="primary" htmlType="submit" loading={saving === 'asaas'}>
                {t('save', { ns: 'common' })}
              </Button>
            </Space.Compact>
          </Form.Item>
        </Form>
      </Card>
    </Space>
  );
}
