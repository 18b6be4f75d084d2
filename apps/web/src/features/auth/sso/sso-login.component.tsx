import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { toastError } from '../../../shared/notify/error-popup';
import { loggedIn } from '../auth.slice';
import { useSsoSessionMutation, useSsoStartMutation } from './sso.api';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Pause after the last keystroke before asking whether the e-mail's domain signs in with SSO. */
const LOOKUP_DELAY_MS = 400;

/**
 * The login page's single sign-on: "Entrar com SSO" once the typed e-mail's domain has a provider
 * (POST /auth/sso/start answers a URL; 404 ERR_SSO_NOT_CONFIGURED otherwise); back from the
 * provider (`?sso=ok`), the refresh cookie it left gives the session; `?ssoError=CODE` is shown.
 * Loaded apart from the login screen's bundle.
 */
export default function SsoLogin({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [start, { isLoading: starting }] = useSsoStartMutation();
  const [session, { isLoading: finishing }] = useSsoSessionMutation();
  const [available, setAvailable] = useState(false);
  const returned = useRef(false);

  useEffect(() => {
    if (returned.current) return;
    returned.current = true;
    const query = new URLSearchParams(location.search);
    const error = query.get('ssoError');
    if (error) toastError({ status: 400, data: { error } });
    if (query.get('sso') !== 'ok') return;
    void session()
      .unwrap()
      .then((result) => {
        dispatch(loggedIn(result));
        navigate('/', { replace: true });
      })
      .catch((failure: unknown) => toastError(failure));
  }, [dispatch, location.search, navigate, session]);

  const candidate = email.trim().toLowerCase();
  useEffect(() => {
    setAvailable(false);
    if (!EMAIL.test(candidate)) return;
    const timer = setTimeout(() => {
      start(candidate)
        .unwrap()
        .then(() => setAvailable(true))
        .catch(() => setAvailable(false));
    }, LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [candidate, start]);

  /** A fresh start on click: the URL holds a single-use state. */
  const go = async () => {
    try {
      const { url } = await start(candidate).unwrap();
      window.location.assign(url);
    } catch (error) {
      toastError(error);
    }
  };

  if (finishing) return <div data-testid="sso-finishing">{t('login.ssoFinishing')}</div>;
  if (!available) return null;
  return (
    <Button block size="large" style={{ marginTop: 12 }} loading={starting} onClick={() => void go()} data-testid="login-sso">
      {t('login.sso')}
    </Button>
  );
}
