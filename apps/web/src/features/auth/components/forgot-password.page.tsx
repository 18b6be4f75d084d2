import { Button, Form, Input, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { PUBLIC_PATHS } from '../../../routes/route-table';
import { isStatus } from '../../../shared/api/api-error';
import { toast } from '../../../shared/notify/notifier';
import { toastError } from '../../../shared/notify/error-popup';
import { emailRules } from '../../../shared/ui/validation-rules';
import { useForgotPasswordMutation, useResetPasswordMutation } from '../api/auth.api';
import { STRONG_PASSWORD } from '../password-rule';
import { AuthCard } from './auth-card.component';

interface ResetValues {
  token: string;
  newPassword: string;
  confirmPassword: string;
}

/** /forgetpsw: step 1 sends the code by e-mail, step 2 sets the new password (spec 001 section 2). */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [email, setEmail] = useState<string | null>(null);
  const [forgot, forgotState] = useForgotPasswordMutation();
  const [reset, resetState] = useResetPasswordMutation();

  const sendEmail = async ({ email: address }: { email: string }) => {
    try {
      await forgot(address.trim()).unwrap();
      toast.success(t('forgot.emailSent'));
      setEmail(address.trim());
    } catch (error) {
      if (isStatus(error, 404)) toast.error(t('forgot.emailNotFound'));
      else toastError(error);
    }
  };

  const resetPassword = async (values: ResetValues) => {
    if (!email) return;
    try {
      await reset({ email, token: values.token.trim(), newPassword: values.newPassword }).unwrap();
      toast.success(t('forgot.resetDone'));
      navigate(PUBLIC_PATHS.login);
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <AuthCard title={t('forgot.title')}>
      <Steps
        size="small"
        current={email ? 1 : 0}
        items={[{ title: t('forgot.stepEmail') }, { title: t('forgot.stepReset') }]}
        style={{ marginBottom: 24 }}
        responsive={false}
      />
      {email === null ? (
        <Form<{ email: string }>
          layout="vertical"
          onFinish={(values) => void sendEmail(values)}
          requiredMark={false}
          data-testid="forgot-form"
        >
          <Form.Item name="email" label={t('fields.email')} rules={emailRules(t)}>
            <Input inputMode="email" autoComplete="email" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={forgotState.isLoading} data-testid="forgot-submit">
            {t('forgot.send')}
          </Button>
        </Form>
      ) : (
        <Form<ResetValues>
          layout="vertical"
          onFinish={(values) => void resetPassword(values)}
          requiredMark={false}
          data-testid="reset-form"
        >
          <Form.Item
            name="token"
            label={t('forgot.code')}
            rules={[{ required: true, whitespace: true, message: t('validation.required', { ns: 'common' }) }]}
          >
            <Input autoComplete="one-time-code" autoFocus />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label={t('forgot.newPassword')}
            rules={[
              { required: true, message: t('validation.required', { ns: 'common' }) },
              { pattern: STRONG_PASSWORD, message: t('forgot.passwordRule') },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={t('forgot.confirmPassword')}
            dependencies={['newPassword']}
            rules={[
              { required: true, message: t('validation.required', { ns: 'common' }) },
              ({ getFieldValue }) => ({
                validator: (_, value: string | undefined) =>
                  !value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('forgot.mismatch'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={resetState.isLoading} data-testid="reset-submit">
            {t('forgot.reset')}
          </Button>
        </Form>
      )}
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to={PUBLIC_PATHS.signup}>{t('forgot.signup')}</Link>
        {' · '}
        <Link to={PUBLIC_PATHS.login}>{t('forgot.backToLogin')}</Link>
      </div>
    </AuthCard>
  );
}
