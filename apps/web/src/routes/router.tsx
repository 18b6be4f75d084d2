import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { ForgotPasswordPage } from '../features/auth/components/forgot-password.page';
import { LoginPage } from '../features/auth/components/login.page';
import { SignupPage } from '../features/auth/components/signup.page';
import { AppLayout } from '../features/layout/components/app-layout.component';
import { RealtimeProvider } from '../features/realtime/components/realtime.provider';
import { PrivateRoute, PublicOnlyRoute, RouteGuard } from './guards';
import { PUBLIC_PATHS, ROUTES, type AppRoute } from './route-table';

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
        { path: PUBLIC_PATHS.login, element: <LoginPage /> },
        { path: PUBLIC_PATHS.signup, element: <SignupPage /> },
        { path: PUBLIC_PATHS.forgotPassword, element: <ForgotPasswordPage /> },
      ],
    },
    {
      element: <PrivateRoute />,
      children: [
        {
          element: (
            <RealtimeProvider>
              <Outlet />
            </RealtimeProvider>
          ),
          children: [{ element: <AppLayout />, children: ROUTES.map(guarded) }],
        },
      ],
    },
    { path: '*', element: <Navigate to="/" replace /> },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
