import { act, render, screen } from '@testing-library/react';
import { jest } from '@jest/globals';
import type { ReactNode } from 'react';
import type { Socket } from 'socket.io-client';
import { AppProviders } from '../../../app/app-providers';
import { createStore } from '../../../app/store';
import { useAppSelector } from '../../../app/hooks';
import { loggedIn, selectCurrentUser } from '../../auth/auth.slice';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { LocalSocket } from '../../../../test/local-socket';
import { aSessionUser } from '../../../../test/session-user';
import { SocketContext } from '../../realtime/socket.context';
import { RealtimeBindings, SIGNED_IN_ELSEWHERE_RELOAD_MS } from './realtime-bindings.component';
import '../../../i18n/i18n';

/** Like PrivateRoute: the shell exists only while someone is signed in. */
function SignedIn({ children }: { children: ReactNode }) {
  return useAppSelector(selectCurrentUser) ? <>{children}</> : null;
}

describe('live events of the shell', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  function mount(socket: LocalSocket) {
    const store = createStore();
    const user = aSessionUser({ id: 7 });
    store.dispatch(loggedIn({ token: 'jwt', user }));
    render(
      <AppProviders store={store}>
        <SocketContext.Provider value={socket as unknown as Socket}>
          <SignedIn>
            <RealtimeBindings />
          </SignedIn>
        </SocketContext.Provider>
      </AppProviders>,
    );
    return store;
  }

  it("tells the user 'Sua conta foi acessada em outro computador.' and clears the login after 1 s", async () => {
    api = fakeApi({ 'GET /auth/me': { body: aSessionUser({ id: 7 }) } });
    const socket = new LocalSocket();
    mount(socket);
    jest.useFakeTimers();
    try {
      act(() => socket.serverEmits('company-3-auth', { action: 'update', user: { id: 7 } }));
      expect(await screen.findByText('Sua conta foi acessada em outro computador.')).toBeInTheDocument();
      expect(window.localStorage.getItem('token')).toBe('jwt');
      act(() => {
        jest.advanceTimersByTime(SIGNED_IN_ELSEWHERE_RELOAD_MS);
      });
      expect(window.localStorage.getItem('token')).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it("ignores another user's auth event", async () => {
    api = fakeApi({ 'GET /auth/me': { body: aSessionUser({ id: 7 }) } });
    const socket = new LocalSocket();
    mount(socket);
    act(() => socket.serverEmits('company-3-auth', { action: 'update', user: { id: 8 } }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Sua conta foi acessada em outro computador.')).not.toBeInTheDocument();
  });

  it('refreshes the user when a user event concerns them, and signs them out when they are deleted', async () => {
    let name = 'Maria';
    api = fakeApi({ 'GET /auth/me': () => ({ body: { ...aSessionUser({ id: 7 }), name } }) });
    const socket = new LocalSocket();
    const store = mount(socket);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    name = 'Maria Souza';
    await act(async () => {
      socket.serverEmits('company-3-user', { action: 'update', user: { id: 7 } });
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect(store.getState().auth.user?.name).toBe('Maria Souza');
    act(() => socket.serverEmits('company-3-user', { action: 'delete', userId: 7 }));
    expect(store.getState().auth.token).toBeNull();
  });
});
