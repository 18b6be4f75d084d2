import type { AuthResult, LoginChallenge } from '@atrium/contracts';
import { Flex } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { PUBLIC_PATHS } from '../../../routes/route-table';
import { apiFailureOf } from '../../../shared/api/api-error';
import { formatDate } from '../../../shared/dates/dates';
import { lazyDefault } from '../../../shared/ui/lazy-default';
import { toast } from '../../../shared/notify/notifier';
import { toastError } from '../../../shared/notify/error-popup';
import { useLoginMutation, useLogoutMutation, type Credentials } from '../api/auth.api';
import { loggedIn } from '../auth.slice';
import { AuthCard } from './auth-card.component';
import { LoginForm } from './login-form.component';
import { subscriptionState } from '../subscription';

function dueDateOf(data: unknown): string | null {
  if (typeof data === 'object' && data !== null && 'dueDate' in data && typeof data.dueDate === 'string') return data.dueDate;
  return null;
}

/** Shown only to a company past its due date: not part of the login screen's download. */
const Alert = lazyDefault(() => import('antd/es/alert'));
/** "Entrar com SSO" and the return from the provider: not part of the login screen's download either. */
const SsoLogin = lazy(() => import('../sso/sso-login.component'));
/** The second step of a login with two-factor login (issue 28): a chunk of its own. */
const TwoFactorStep = lazyDefault(() => import('./two-factor-step.component'));

/**
 * /login: e-mail and password; blocked with the spec's text when the subscription is past due.
 * A user with two-factor login (or whose company requires it) then gives a code (or sets it up).
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [login, { isLoading }] = useLoginMutation();
  const [logout] = useLogoutMutation();
  const [expiredText, setExpiredText] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);

  const showExpired = (dueDate: string | null) => {
    const text = t('login.expired', { date: formatDate(dueDate) });
    setExpiredText(text);
    toastError(text);
  };

  const enter = async (result: AuthResult) => {
    setChallenge(null);
    const subscription = subscriptionState(result.user.company);
    if (subscription.kind === 'expired' && !result.user.super) {
      await logout()
        .unwrap()
        .catch(() => undefined);
      showExpired(result.user.company.dueDate);
      return;
    }
    dispatch(loggedIn(result));
    if (subscription.kind === 'expiring') toast.warning(t('login.expiring', { count: subscription.days }));
    const from = (location.state as { from?: string } | null)?.from;
    navigate(from && from !== PUBLIC_PATHS.login ? from : '/', { replace: true });
  };

  const submit = async (credentials: Credentials) => {
    setExpiredText(null);
    try {
      const result = await login({ email: credentials.email.trim(), password: credentials.password }).unwrap();
      if ('challenge' in result) setChallenge(result);
      else await enter(result);
    } catch (error) {
      const failure = apiFailureOf(error);
      if (failure.code === 'ERR_SUBSCRIPTION_EXPIRED') showExpired(dueDateOf(failure.data));
      else toastError(error);
    }
  };

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      {expiredText ? (
        <Suspense fallback={<div data-testid="login-expired">{expiredText}</div>}>
          <Alert type="error" showIcon title={expiredText} style={{ marginBottom: 16 }} data-testid="login-expired" />
        </Suspense>
      ) : null}
      {challenge ? (
        <Suspense fallback={null}>
          <TwoFactorStep challenge={challenge} onLoggedIn={(result) => void enter(result)} onBack={() => setChallenge(null)} />
        </Suspense>
      ) : (
        <>
          <LoginForm loading={isLoading} onSubmit={(credentials) => void submit(credentials)} onEmailChange={setEmail} />
          <Suspense fallback={null}>
            <SsoLogin email={email} />
          </Suspense>
        </>
      )}
      <Flex justify="space-between" wrap gap={8} style={{ marginTop: 16 }}>
        <Link to={PUBLIC_PATHS.forgotPassword}>{t('login.forgot')}</Link>
        <Link to={PUBLIC_PATHS.signup}>{t('login.signup')}</Link>
      </Flex>
    </AuthCard>
  );
}
