import { jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderWithLiveSocket } from '../../../../test/render-tickets';
import { aSessionUser } from '../../../../test/session-user';
import { aMessage, aTicket, page } from '../../../../test/tickets-fixtures';
import { volumeChanged } from '../../preferences/preferences.slice';
import { NotificationsBell } from './notifications-bell.component';

describe('notifications bell', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it('counts the tickets with unread messages, lists them live, and plays the sound at the stored volume', async () => {
    const unread = aTicket({ id: 100, uuid: 'uuid-100', unreadMessages: 3, lastMessage: 'Alguém aí?' });
    api = fakeApi({ 'GET /tickets': { body: page('tickets', [unread]) } });
    const volumes: number[] = [];
    const play = jest.spyOn(window.HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      volumes.push(this.volume);
      return Promise.resolve();
    });
    try {
      const { socket, store } = renderWithLiveSocket(
        [{ path: '*', element: <NotificationsBell /> }],
        '/todolist',
        aSessionUser({ profile: 'user', queueIds: [1] }),
      );
      store.dispatch(volumeChanged(0.4));
      const bell = await screen.findByTestId('notifications-bell');
      await waitFor(() => expect(bell.closest('.ant-badge')).toHaveTextContent('1'));
      expect(api.callsTo('GET /tickets')[0]!.query.get('withUnreadMessages')).toBe('true');
      fireEvent.click(bell);
      const popover = await screen.findByTestId('notifications-popover');
      expect(within(popover).getByText('Alguém aí?')).toBeInTheDocument();

      // a customer writes in a pending ticket: it joins the bell and the sound plays at 0.4
      const pending = aTicket({
        id: 101,
        uuid: 'uuid-101',
        status: 'pending',
        userId: null,
        user: null,
        unreadMessages: 1,
        lastMessage: 'Oi, bom dia',
      });
      act(() =>
        socket.serverEmits('company-3-appMessage', {
          action: 'create',
          message: aMessage({ id: 5, ticketId: 101, body: 'Oi, bom dia' }),
          ticket: pending,
          contact: pending.contact,
        }),
      );
      expect(await within(popover).findByText('Oi, bom dia')).toBeInTheDocument();
      await waitFor(() => expect(volumes).toEqual([0.4]));

      // our own messages make no sound; reading a ticket takes it off the bell
      act(() =>
        socket.serverEmits('company-3-appMessage', {
          action: 'create',
          message: aMessage({ id: 6, ticketId: 100, fromMe: true }),
          ticket: unread,
          contact: unread.contact,
        }),
      );
      act(() => socket.serverEmits('company-3-ticket', { action: 'updateUnread', ticketId: 100 }));
      await waitFor(() => expect(within(popover).queryByText('Alguém aí?')).not.toBeInTheDocument());
      expect(volumes).toEqual([0.4]);
    } finally {
      play.mockRestore();
    }
  });

  it("says 'Nenhuma notificação.' without unread tickets, and stays silent for the ticket being looked at", async () => {
    api = fakeApi({ 'GET /tickets': { body: page('tickets', []) } });
    const play = jest.spyOn(window.HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    try {
      const shown = aTicket({ id: 100, uuid: 'uuid-100', unreadMessages: 1 });
      const { socket } = renderWithLiveSocket(
        [{ path: '*', element: <NotificationsBell /> }],
        '/tickets/uuid-100',
        aSessionUser({ profile: 'user' }),
      );
      fireEvent.click(await screen.findByTestId('notifications-bell'));
      expect(await screen.findByText('Nenhuma notificação.')).toBeInTheDocument();
      act(() =>
        socket.serverEmits('company-3-appMessage', {
          action: 'create',
          message: aMessage({ id: 7 }),
          ticket: shown,
          contact: shown.contact,
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(play).not.toHaveBeenCalled();
    } finally {
      play.mockRestore();
    }
  });
});
