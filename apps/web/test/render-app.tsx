import type { SessionUserView } from '@atrium/contracts';
import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../src/app/app-providers';
import { createStore, type AppStore } from '../src/app/store';
import { loggedIn } from '../src/features/auth/auth.slice';
import '../src/i18n/i18n';
import { loadLazyChunksFirst } from './lazy-chunks';
import { appRoutes } from '../src/routes/router';

export interface RenderedApp extends RenderResult {
  store: AppStore;
  router: ReturnType<typeof createMemoryRouter>;
}

loadLazyChunksFirst();

/** The whole app (providers, route table, guards) at `path`, signed in as `user` when given. */
export function renderApp(path: string, user: SessionUserView | null = null): RenderedApp {
  const store = createStore();
  if (user) store.dispatch(loggedIn({ token: 'test-token', user }));
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  const result = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, store, router };
}
