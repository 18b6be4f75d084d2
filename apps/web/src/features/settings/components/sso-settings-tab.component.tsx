import { Alert, Button, Form, Input, Select, Skeleton, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/notify/notifier';
import { toastError } from '../../../shared/notify/error-popup';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { lengthRules } from '../../../shared/ui/validation-rules';
import { ssoCallbackUrl, useSsoSettingsQuery, useUpdateSsoSettingsMutation, type SsoSettingsInput } from '../api/sso-settings.api';

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** Login único (SSO) tab, for admins: the company's OpenID Connect provider; the secret is write-only. */
export function SsoSettingsTab() {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<SsoSettingsInput>();
  const { data, isLoading, error } = useSsoSettingsQuery();
  const [update, { isLoading: saving }] = useUpdateSsoSettingsMutation();
  useErrorPopup(error);

  useEffect(() => {
    if (!data) return;
    form.setFieldsValue({
      issuer: data.issuer,
      clientId: data.clientId,
      clientSecret: '',
      domains: data.domains,
      enabled: data.configured ? data.enabled : true,
      requireSso: data.requireSso,
    });
  }, [data, form]);

  const submit = async (values: SsoSettingsInput) => {
    try {
      const secret = values.clientSecret?.trim();
      await update({
        issuer: values.issuer.trim(),
        clientId: values.clientId.trim(),
        ...(secret ? { clientSecret: secret } : {}),
        domains: values.domains.map((domain) => domain.trim().toLowerCase().replace(/^@/, '')),
        enabled: values.enabled,
        requireSso: values.requireSso,
      }).unwrap();
      form.setFieldValue('clientSecret', '');
      toast.success(t('sso.saved'));
    } catch (failure) {
      toastError(failure);
    }
  };

  if (isLoading) return <Skeleton active />;
  const domainRule = {
    validator: (_: unknown, domains: string[] | undefined) =>
      (domains ?? []).every((domain) => DOMAIN.test(domain.trim().toLowerCase().replace(/^@/, '')))
        ? Promise.resolve()
        : Promise.reject(new Error(t('sso.domainsHelp'))),
  };
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(values) => void submit(values)}
      style={{ maxWidth: 640 }}
      data-testid="sso-settings-form"
    >
      <Typography.Paragraph type="secondary">{t('sso.intro')}</Typography.Paragraph>
      <Form.Item name="issuer" label={t('sso.issuer')} rules={lengthRules(t, 8, 500)}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="clientId" label={t('sso.clientId')} rules={lengthRules(t, 1, 255)}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="clientSecret"
        label={t('sso.clientSecret')}
        extra={data?.hasClientSecret ? t('sso.secretKept') : undefined}
        rules={data?.hasClientSecret ? [] : lengthRules(t, 1, 1000)}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="domains" label={t('sso.domains')} extra={t('sso.domainsHelp')} rules={[domainRule]}>
        <Select mode="tags" tokenSeparators={[',', ' ']} open={false} aria-label={t('sso.domains')} />
      </Form.Item>
      <Form.Item name="enabled" label={t('sso.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="requireSso" label={t('sso.requireSso')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('sso.callback')} description={ssoCallbackUrl()} />
      <Button type="primary" htmlType="submit" loading={saving} data-testid="sso-settings-save">
        {t('sso.save')}
      </Button>
    </Form>
  );
}
