import { App } from 'antd';
import type { SessionUserView } from '@atrium/contracts';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../src/app/app-providers';
import { createStore } from '../src/app/store';
import { loggedIn } from '../src/features/auth/auth.slice';
import { SocketContext } from '../src/features/realtime/socket.context';
import { useTicketsLive } from '../src/features/tickets/hooks/use-tickets-live.hook';
import '../src/i18n/i18n';
import { LocalSocket } from './local-socket';
import { loadLazyChunksFirst } from './lazy-chunks';

// Pages of their own, not the router's screens: only the widgets fetched after the first screen.
loadLazyChunksFirst({ screens: false });

function Live({ companyId }: { companyId: number }) {
  useTicketsLive(companyId);
  return <Outlet />;
}

/**
 * Pages of the tickets area at `path`, signed in as `user`, with the live bindings on a local
 * socket whose server emits the test plays (wrap them in act).
 */
export function renderWithLiveSocket(routes: Array<{ path: string; element: React.ReactNode }>, path: string, user: SessionUserView) {
  const store = createStore();
  store.dispatch(loggedIn({ token: 'jwt', user }));
  const socket = new LocalSocket();
  const router = createMemoryRouter([{ element: <Live companyId={user.companyId} />, children: routes }], { initialEntries: [path] });
  const result = render(
    <AppProviders store={store}>
      {/* antd's App (modal API) wraps the pages in the signed-in shell. */}
      <App component={false}>
        <SocketContext.Provider value={socket.asSocket()}>
          <RouterProvider router={router} />
        </SocketContext.Provider>
      </App>
    </AppProviders>,
  );
  return { ...result, store, router, socket };
}
