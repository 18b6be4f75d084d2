import type { AnnouncementView } from '@atrium/contracts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { Socket } from 'socket.io-client';
import { AppProviders } from '../../../app/app-providers';
import { createStore } from '../../../app/store';
import { loggedIn } from '../../auth/auth.slice';
import { RealtimeBindings } from '../../layout/components/realtime-bindings.component';
import { SocketContext } from '../../realtime/socket.context';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { aSessionUser } from '../../../../test/session-user';
import { AnnouncementsPopover } from './announcements-popover.component';

function anAnnouncement(id: number, title: string, priority: 1 | 2 | 3 = 3): AnnouncementView {
  return {
    id,
    title,
    text: `Texto de ${title}`,
    priority,
    status: true,
    mediaPath: null,
    mediaName: null,
    createdAt: '2025-06-10T12:00:00Z',
    updatedAt: '',
  };
}

describe('announcements', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it("lets the super user add one; title and text are 'Obrigatório'", async () => {
    api = fakeApi({
      'GET /announcements/': { body: { records: [], count: 0, hasMore: false } },
      'POST /announcements': { body: anAnnouncement(1, 'Manutenção') },
    });
    renderApp('/announcements', aSessionUser({ super: true }));
    fireEvent.click(await screen.findByTestId('add-announcement'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findAllByText('Obrigatório')).toHaveLength(2);
    fireEvent.change(within(dialog).getByLabelText('Título'), { target: { value: 'Manutenção' } });
    fireEvent.change(within(dialog).getByLabelText('Texto'), { target: { value: 'Sábado às 22h' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informativo salvo com sucesso!')).toBeInTheDocument();
    expect(api.callsTo('POST /announcements')[0]!.body).toEqual({ title: 'Manutenção', text: 'Sábado às 22h', priority: 3, status: true });
  });

  it('shows everyone the active announcements in the popover and updates it live', async () => {
    let records = [anAnnouncement(1, 'Bem-vindos', 1)];
    api = fakeApi({
      'GET /announcements/': () => ({ body: { records, count: records.length, hasMore: false } }),
      'GET /auth/me': { body: aSessionUser({ profile: 'user' }) },
    });
    const store = createStore();
    store.dispatch(loggedIn({ token: 'jwt', user: aSessionUser({ profile: 'user' }) }));
    const handlers = new Map<string, (payload: unknown) => void>();
    const socket = { on: (event: string, handler: (payload: unknown) => void) => handlers.set(event, handler), off: () => undefined };
    render(
      <AppProviders store={store}>
        <SocketContext.Provider value={socket as unknown as Socket}>
          <RealtimeBindings />
          <AnnouncementsPopover />
        </SocketContext.Provider>
      </AppProviders>,
    );
    fireEvent.click(await screen.findByTestId('announcements-button'));
    const popover = await screen.findByTestId('announcements-popover');
    expect(await within(popover).findByText('Bem-vindos')).toBeInTheDocument();
    expect(within(popover).getByText('Bem-vindos').closest('article')).toHaveStyle({ borderLeftColor: '#f5222d' });

    records = [anAnnouncement(2, 'Nova versão', 2), ...records];
    await act(async () => handlers.get('company-announcement')?.({ action: 'create', record: records[0] }));
    expect(await within(popover).findByText('Nova versão')).toBeInTheDocument();
  });
});
