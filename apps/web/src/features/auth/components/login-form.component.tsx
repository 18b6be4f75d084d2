import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Credentials } from '../api/auth.api';

/** The e-mail check of antd's form rule `type: 'email'` (shared/ui/validation-rules.ts), for the login screen. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Problems = Partial<Record<keyof Credentials, string>>;

function LabelledField({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="login-field">
      <label htmlFor={id} className="login-field-label">
        {label}
      </label>
      {children}
      <div className="login-field-error" id={`${id}_help`} role={error ? 'alert' : undefined}>
        {error ?? ''}
      </div>
    </div>
  );
}

/**
 * E-mail and password with the same checks and texts as the app's forms ('Required', 'Invalid
 * email'), checked on submit and then as the user types. Plain inputs rather than antd's Form:
 * the form engine and its validator are most of what the login screen would otherwise download
 * (bench/README.md "The web app's weight").
 */
export function LoginForm({
  loading,
  onSubmit,
  onEmailChange,
}: {
  loading: boolean;
  onSubmit(credentials: Credentials): void;
  /** The e-mail as typed (single sign-on looks up its domain). */
  onEmailChange?(email: string): void;
}) {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState<Credentials>({ email: '', password: '' });
  const [submitted, setSubmitted] = useState(false);

  const problemsOf = (candidate: Credentials): Problems => {
    const required = t('validation.required', { ns: 'common' });
    const email = candidate.email.trim();
    return {
      email: email.length === 0 ? required : EMAIL.test(email) ? undefined : t('validation.invalidEmail', { ns: 'common' }),
      password: candidate.password.length === 0 ? required : undefined,
    };
  };
  const problems = submitted ? problemsOf(values) : {};
  const change = (field: keyof Credentials, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field === 'email') onEmailChange?.(value);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = problemsOf(values);
    if (!found.email && !found.password) onSubmit(values);
  };

  return (
    <form onSubmit={submit} noValidate data-testid="login-form" className="login-form">
      <LabelledField id="email" label={t('fields.email')} error={problems.email}>
        <Input
          id="email"
          value={values.email}
          onChange={(event) => change('email', event.target.value)}
          status={problems.email ? 'error' : undefined}
          aria-invalid={Boolean(problems.email)}
          aria-describedby="email_help"
          prefix={<MailOutlined />}
          inputMode="email"
          autoComplete="email"
          autoFocus
          size="large"
        />
      </LabelledField>
      <LabelledField id="password" label={t('fields.password')} error={problems.password}>
        <Input.Password
          id="password"
          value={values.password}
          onChange={(event) => change('password', event.target.value)}
          status={problems.password ? 'error' : undefined}
          aria-invalid={Boolean(problems.password)}
          aria-describedby="password_help"
          prefix={<LockOutlined />}
          autoComplete="current-password"
          size="large"
        />
      </LabelledField>
      <Button type="primary" htmlType="submit" block size="large" loading={loading} data-testid="login-submit">
        {t('login.submit')}
      </Button>
    </form>
  );
}
