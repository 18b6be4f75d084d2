import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../app/hooks';
import { useMeQuery } from '../features/auth/api/auth.api';
import { selectCurrentUser, selectToken } from '../features/auth/auth.slice';
import { campaignsEnabledOf } from '../features/auth/hooks/use-session.hook';
import { toast } from '../shared/notify/notifier';
import { canAccess } from './access';
import type { AppRoute } from './route-table';
import { PUBLIC_PATHS } from './route-table';

/** Rarely shown, and antd's Result carries its illustrations: its own chunk, off the login screen. */
const LoadFailed = lazy(() => import('./load-failed.component'));

/** Redirect delay after the permission toast (spec 001 section 9). */
export const DENIED_REDIRECT_MS = 1000;

/** While a screen's chunk or the user loads. CSS only (styles/global.css): every screen shows it first. */
export function FullPageSpinner() {
  return (
    <div className="full-page-center" aria-busy="true">
      <span className="page-spinner" />
    </div>
  );
}

/** /login, /signup, /forgetpsw: a signed-in user goes to /. */
export function PublicOnlyRoute() {
  const token = useAppSelector(selectToken);
  return token ? <Navigate to="/" replace /> : <Outlet />;
}

/** Every other route: without a token go to /login; with one, load the user before rendering. */
export function PrivateRoute() {
  const token = useAppSelector(selectToken);
  const user = useAppSelector(selectCurrentUser);
  const location = useLocation();
  const me = useMeQuery(undefined, { skip: !token || user !== null });

  if (!token) return <Navigate to={PUBLIC_PATHS.login} replace state={{ from: location.pathname }} />;
  if (user) return <Outlet />;
  if (me.isError) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <LoadFailed onRetry={() => void me.refetch()} />
      </Suspense>
    );
  }
  return <FullPageSpinner />;
}

function Denied() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const shown = useRef(false);
  useEffect(() => {
    if (!shown.current) toast.error(t('noPermission'));
    shown.current = true;
    const timer = window.setTimeout(() => navigate('/', { replace: true }), DENIED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, t]);
  return null;
}

/**
 * Opens a route only for the roles and plan its table entry names; others get the spec's
 * permission toast and go to / after 1 s (spec 001 section 2).
 */
export function RouteGuard({ route, children }: { route: AppRoute; children: ReactNode }) {
  const user = useAppSelector(selectCurrentUser);
  if (!user) return null;
  if (canAccess(route, user, { campaignsEnabled: campaignsEnabledOf(user) })) return <>{children}</>;
  if (route.fallback) return <Navigate to={route.fallback} replace />;
  return <Denied />;
}
