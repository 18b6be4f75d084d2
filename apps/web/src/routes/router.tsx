import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { allTextsReady } from '../i18n/i18n';
import { FullPageSpinner, PrivateRoute, PublicOnlyRoute, RouteGuard } from './guards';
import { PUBLIC_PATHS, ROUTES, type AppRoute } from './route-table';

/*
 * Every screen is its own chunk, the public ones and the signed-in shell included: the login
 * screen loads only what it shows (its JavaScript budget: apps/api-tests/src/repo-checks/
 * web-weight.spec.ts, bench/README.md "The web app's weight").
 */
const LoginPage = lazy(() => import('../features/auth/components/login.page').then((module) => ({ default: module.LoginPage })));
/** A screen that also needs the texts outside the first screen's namespaces (i18n/i18n.ts). */
function withAllTexts<T>(load: () => Promise<T>): Promise<T> {
  return Promise.all([load(), allTextsReady]).then(([module]) => module);
}
const SignupPage = lazy(() =>
  withAllTexts(() => import('../features/auth/components/signup.page')).then((module) => ({ default: module.SignupPage })),
);
const ForgotPasswordPage = lazy(() =>
  withAllTexts(() => import('../features/auth/components/forgot-password.page')).then((module) => ({ default: module.ForgotPasswordPage })),
);
const PrivateShell = lazy(() => withAllTexts(() => import('../features/layout/components/private-shell.component')));

function screen(Page: ComponentType | LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Page />
    </Suspense>
  );
}

function guarded(route: AppRoute): RouteObject {
  const Page = route.page;
  return {
    path: route.path,
    element: (
      <RouteGuard route={route}>
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      </RouteGuard>
    ),
  };
}

/** Public routes, then every private route of the table inside the guarded shell. */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <PublicOnlyRoute />,
      children: [
        { path: PUBLIC_PATHS.login, element: screen(LoginPage) },
        { path: PUBLIC_PATHS.signup, element: screen(SignupPage) },
        { path: PUBLIC_PATHS.forgotPassword, element: screen(ForgotPasswordPage) },
      ],
    },
    {
      element: <PrivateRoute />,
      children: [{ element: screen(PrivateShell), children: ROUTES.map(guarded) }],
    },
    { path: '*', element: <Navigate to="/" replace /> },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
