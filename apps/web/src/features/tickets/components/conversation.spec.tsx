import type { MessageView, TicketView } from '@atrium/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, type FakeApi, type FakeRoute } from '../../../../test/fake-api';
import { renderWithLiveSocket } from '../../../../test/render-tickets';
import { aSessionUser } from '../../../../test/session-user';
import { aMessage, aQuickMessage, aTicket, page } from '../../../../test/tickets-fixtures';
import { forgetStickyState } from '../hooks/use-sticky-state.hook';
import TicketsPage from './tickets.page';

const routes = [
  { path: '/tickets', element: <TicketsPage /> },
  { path: '/tickets/:ticketId', element: <TicketsPage /> },
];

const ticket = aTicket({ id: 100, uuid: 'uuid-100' });

function conversationRoutes(shown: TicketView, messages: MessageView[], extra: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    'GET /tickets': { body: page('tickets', []) },
    'GET /queue': { body: [] },
    'GET /tags/list': { body: [] },
    [`GET /tickets/u/${shown.uuid}`]: { body: shown },
    [`GET /messages/${shown.id}`]: { body: { messages, ticket: shown, count: messages.length, hasMore: false } },
    'GET /quick-messages/list': {
      body: [
        aQuickMessage({ id: 1, shortcode: 'ola', message: 'Olá! Seja muito bem-vindo à nossa loja de roupas e acessórios' }),
        aQuickMessage({ id: 2, shortcode: 'preco', message: 'Nossos preços' }),
      ],
    },
    ...extra,
  };
}

function open(shown: TicketView = ticket) {
  return renderWithLiveSocket(routes, `/tickets/${shown.uuid}`, aSessionUser({ profile: 'user', queueIds: [1] }));
}

describe('conversation', () => {
  let api: FakeApi;
  afterEach(() => {
    api.restore();
    forgetStickyState();
  });

  it('draws day separators, ticket markers, quoted replies, media, calls, marks and ticks', async () => {
    const quoted = aMessage({ id: 1, body: 'Qual o prazo?', createdAt: '2025-06-09T12:00:00.000Z' });
    api = fakeApi(
      conversationRoutes(ticket, [
        aMessage({ id: 1, ticketId: 90, body: 'Qual o prazo?', createdAt: '2025-06-09T12:00:00.000Z' }),
        aMessage({
          id: 2,
          ticketId: 100,
          body: 'Três dias úteis',
          fromMe: true,
          ack: 3,
          quotedMsgId: 1,
          quotedMsg: { ...quoted, quotedMsg: undefined } as never,
          createdAt: '2025-06-10T12:00:00.000Z',
        }),
        aMessage({
          id: 3,
          ticketId: 100,
          body: 'Chamada de voz perdida às 12:05',
          mediaType: 'call_log',
          createdAt: '2025-06-10T12:05:00.000Z',
        }),
        aMessage({
          id: 4,
          ticketId: 100,
          body: 'data:image/png;base64,AAAA|https://maps.example/?q=1|Av. Paulista, 1000',
          mediaType: 'locationMessage',
          createdAt: '2025-06-10T12:06:00.000Z',
        }),
        aMessage({
          id: 5,
          ticketId: 100,
          body: 'contrato.pdf',
          mediaType: 'application',
          mediaUrl: '/public/whatsapp/3/1/contrato.pdf',
          mediaName: 'contrato.pdf',
          createdAt: '2025-06-10T12:07:00.000Z',
        }),
        aMessage({ id: 6, ticketId: 100, body: 'Mensagem corrigida', isEdited: true, createdAt: '2025-06-10T12:08:00.000Z' }),
        aMessage({ id: 7, ticketId: 100, body: 'Algo que apaguei', isDeleted: true, createdAt: '2025-06-10T12:09:00.000Z' }),
        aMessage({ id: 8, ticketId: 100, body: 'Enviando...', fromMe: true, ack: 1, createdAt: '2025-06-10T12:10:00.000Z' }),
      ]),
    );
    open();
    const list = await screen.findByTestId('messages-list');
    await within(list).findByText('Três dias úteis');
    expect(
      within(list)
        .getAllByTestId('message-day')
        .map((day) => day.textContent),
    ).toEqual(['09/06/2025', '10/06/2025']);
    expect(within(list).getByTestId('marker-closed')).toHaveTextContent(/^Conversa encerrada 09\/06\/2025 \d\d:00$/);
    expect(within(list).getByTestId('marker-opened')).toHaveTextContent(/^Conversa iniciada 10\/06\/2025 \d\d:00$/);
    expect(within(within(list).getByTestId('message-2')).getByTestId('message-quoted')).toHaveTextContent('João ClienteQual o prazo?');
    expect(within(within(list).getByTestId('message-2')).getByRole('img', { name: 'Lida' })).toBeInTheDocument();
    expect(within(within(list).getByTestId('message-8')).getByRole('img', { name: 'Enviada' })).toBeInTheDocument();
    expect(within(list).getByTestId('message-call')).toHaveTextContent('Chamada de voz perdida às 12:05');
    const location = within(list).getByTestId('message-location');
    expect(within(location).getByText('Av. Paulista, 1000')).toBeInTheDocument();
    expect(within(location).getByRole('button', { name: 'Visualizar' })).toBeEnabled();
    expect(within(list).getByTestId('message-download')).toHaveTextContent('contrato.pdf');
    expect(within(within(list).getByTestId('message-6')).getByTestId('message-edited')).toHaveTextContent('Editada');
    expect(within(within(list).getByTestId('message-7')).getByTestId('message-deleted')).toHaveTextContent('Mensagem apagada');
  });

  it('invites a greeting when the conversation is empty, and loads older messages near the top', async () => {
    api = fakeApi(conversationRoutes(ticket, []));
    open();
    expect(await screen.findByText('Diga olá para seu novo contato!')).toBeInTheDocument();
    api.restore();

    let requested: string[] = [];
    api = fakeApi({
      ...conversationRoutes(ticket, []),
      'GET /messages/100': (call) => {
        // an agent opening the conversation marks it read (no markRead=false, unlike an admin's peek)
        requested = [...requested, `${call.query.get('pageNumber') ?? ''}${call.query.has('markRead') ? ' markRead' : ''}`];
        return call.query.get('pageNumber') === '1'
          ? { body: { messages: [aMessage({ id: 21, body: 'Recente' })], ticket, count: 2, hasMore: true } }
          : {
              body: {
                messages: [aMessage({ id: 20, body: 'Antiga', createdAt: '2025-06-01T10:00:00.000Z' })],
                ticket,
                count: 2,
                hasMore: false,
              },
            };
      },
    });
    forgetStickyState();
    document.body.innerHTML = '';
    open();
    const list = await screen.findByTestId('messages-list');
    await within(list).findByText('Recente');
    Object.defineProperty(list, 'scrollTop', { configurable: true, value: 40, writable: true });
    fireEvent.scroll(list);
    expect(await within(list).findByText('Antiga')).toBeInTheDocument();
    expect(requested).toEqual(['1', '2']);
  });

  it('sends on Enter, signed by default, ignores blank text, and replies to a message', async () => {
    const sent = aMessage({ id: 30, body: 'Pode deixar', fromMe: true, ack: 1 });
    api = fakeApi(conversationRoutes(ticket, [aMessage({ id: 10, body: 'Me liga?' })], { 'POST /messages/100': { body: [sent] } }));
    open();
    const input = await screen.findByTestId('composer-input');
    expect(screen.getByTestId('composer-sign')).toBeChecked();

    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('POST /messages/100')).toHaveLength(0);

    fireEvent.click(await screen.findByTestId('message-menu-10'));
    fireEvent.click(await screen.findByText('Responder'));
    expect(within(screen.getByTestId('composer-reply')).getByText('Me liga?')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: ' Pode deixar ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(api.callsTo('POST /messages/100')).toHaveLength(1));
    expect(api.callsTo('POST /messages/100')[0]!.body).toEqual({
      body: 'Pode deixar',
      quotedMsg: 10,
      signMessage: true,
      read: true,
      fromMe: true,
    });
    expect(await within(screen.getByTestId('messages-list')).findByText('Pode deixar')).toBeInTheDocument();
    expect(screen.queryByTestId('composer-reply')).not.toBeInTheDocument();
    expect(input).toHaveValue('');

    fireEvent.click(screen.getByTestId('composer-sign'));
    fireEvent.change(input, { target: { value: 'Sem assinatura' } });
    fireEvent.click(screen.getByTestId('composer-send'));
    await waitFor(() => expect(api.callsTo('POST /messages/100')).toHaveLength(2));
    expect(api.callsTo('POST /messages/100')[1]!.body).toEqual(expect.objectContaining({ body: 'Sem assinatura', signMessage: false }));
  });

  it('shows a thumbnail of an image about to be sent (its object URL revoked when removed), a clip for other files', async () => {
    const { createObjectURL, revokeObjectURL } = URL;
    const made: string[] = [];
    const revoked: string[] = [];
    URL.createObjectURL = (file: Blob) => {
      made.push(`blob:preview-${(file as File).name}`);
      return made[made.length - 1]!;
    };
    URL.revokeObjectURL = (url: string) => void revoked.push(url);
    try {
      api = fakeApi(conversationRoutes(ticket, [aMessage({ id: 10, body: 'Me manda a foto' })]));
      open();
      const picker = await screen.findByTestId('composer-file-input');
      const photo = new File(['png'], 'foto.png', { type: 'image/png' });
      const contract = new File(['pdf'], 'contrato.pdf', { type: 'application/pdf' });
      fireEvent.change(picker, { target: { files: [photo, contract] } });

      const [image, document] = await within(screen.getByTestId('composer-files')).findAllByTestId('composer-file');
      expect(within(image!).getByTestId('composer-file-thumbnail')).toHaveAttribute('src', 'blob:preview-foto.png');
      expect(within(image!).getByTestId('composer-file-thumbnail')).toHaveAttribute('alt', 'foto.png');
      expect(within(document!).queryByTestId('composer-file-thumbnail')).not.toBeInTheDocument();
      expect(document).toHaveTextContent('contrato.pdf');
      expect(made).toEqual(['blob:preview-foto.png']);

      fireEvent.click(within(image!).getByRole('button', { name: 'Remover arquivo' }));
      await waitFor(() => expect(revoked).toEqual(['blob:preview-foto.png']));
      expect(screen.getAllByTestId('composer-file')).toHaveLength(1);
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
  });

  it('shows private notes inline, set apart, and adds one from the composer without sending a message; a note added elsewhere arrives live', async () => {
    const note = (id: number, text: string, createdAt: string) => ({
      id,
      note: text,
      ticketId: 100,
      contactId: ticket.contactId,
      userId: 8,
      user: { id: 8, name: 'Rui' },
      createdAt,
      updatedAt: createdAt,
    });
    let notes = [note(1, 'Fale com @Maria antes', '2025-06-10T12:01:00.000Z')];
    api = fakeApi(
      conversationRoutes(
        ticket,
        [
          aMessage({ id: 10, body: 'Me liga?', createdAt: '2025-06-10T12:00:00.000Z' }),
          aMessage({ id: 11, body: 'Alô?', createdAt: '2025-06-10T12:02:00.000Z' }),
        ],
        {
          'GET /ticket-notes/list': () => ({ body: notes }),
          'GET /users/list': {
            body: [
              { id: 7, name: 'Maria', profile: 'user', queueIds: [1] },
              { id: 8, name: 'Rui', profile: 'user', queueIds: [1] },
            ],
          },
          'POST /ticket-notes': (call) => {
            const added = note(2, (call.body as { note: string }).note, '2025-06-10T12:03:00.000Z');
            notes = [added, ...notes];
            return { status: 201, body: added };
          },
        },
      ),
    );
    const { socket } = open();
    const list = await screen.findByTestId('messages-list');
    const inline = await within(list).findByTestId('note-1');
    expect(inline).toHaveTextContent('Nota privada · Rui');
    expect((await within(inline).findByText('@Maria')).tagName).toBe('MARK');
    expect(
      [...list.querySelectorAll('[data-testid^="message-1"], [data-testid^="note-"]')].map((row) => row.getAttribute('data-testid')),
    ).toEqual(['message-10', 'note-1', 'message-11']);

    fireEvent.click(screen.getByText('Nota privada', { selector: '.ant-segmented-item-label' }));
    const input = within(await screen.findByTestId('note-composer')).getByRole('textbox');
    fireEvent.change(input, { target: { value: 'Cliente pediu retorno amanhã' } });
    fireEvent.click(screen.getByTestId('note-send'));
    await waitFor(() => expect(api.callsTo('POST /ticket-notes')).toHaveLength(1));
    expect(api.callsTo('POST /ticket-notes')[0]!.body).toEqual({
      note: 'Cliente pediu retorno amanhã',
      ticketId: 100,
      contactId: ticket.contactId,
      mentions: [],
    });
    expect(api.callsTo('POST /messages/100')).toHaveLength(0);
    expect(await within(list).findByTestId('note-2')).toHaveTextContent('Cliente pediu retorno amanhã');

    notes = [note(3, 'Escrita por outro agente', '2025-06-10T12:04:00.000Z'), ...notes];
    act(() => socket.serverEmits('company-3-ticketNote', { action: 'create', note: notes[0] }));
    expect(await within(list).findByTestId('note-3')).toHaveTextContent('Escrita por outro agente');
  });

  it("offers quick replies after '/' with labels cut to 35 characters", async () => {
    api = fakeApi(conversationRoutes(ticket, []));
    open();
    const input = await screen.findByTestId('composer-input');
    await waitFor(() => expect(api.callsTo('GET /quick-messages/list')).toHaveLength(1));
    fireEvent.change(input, { target: { value: '/' } });
    expect(screen.queryByTestId('quick-replies')).not.toBeInTheDocument();
    fireEvent.change(input, { target: { value: '/ol' } });
    const suggestions = await screen.findByTestId('quick-replies');
    expect(
      within(suggestions)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['ola - Olá! Seja muito bem-vindo à n...']);
    fireEvent.click(within(suggestions).getByRole('option'));
    expect(input).toHaveValue('Olá! Seja muito bem-vindo à nossa loja de roupas e acessórios');
  });

  it("blocks sending in a closed ticket with the spec's text and offers Reabrir", async () => {
    const closed = aTicket({ id: 100, uuid: 'uuid-100', status: 'closed' });
    api = fakeApi(conversationRoutes(closed, [aMessage()], { 'PUT /tickets/100': { body: { ...closed, status: 'open' } } }));
    open(closed);
    const input = await screen.findByTestId('composer-input');
    expect(input).toBeDisabled();
    expect(input).toHaveAttribute('placeholder', 'Reabra ou aceite esse ticket para enviar uma mensagem.');
    fireEvent.click(screen.getByTestId('ticket-reopen'));
    await waitFor(() => expect(screen.getByTestId('composer-input')).toBeEnabled());
    expect(api.callsTo('PUT /tickets/100')[0]!.body).toEqual({ status: 'open', userId: 7, queueId: 1 });
  });

  it('deletes an own message after confirmation; the other side only has Reply', async () => {
    const mine = aMessage({ id: 5, body: 'Mandei errado', fromMe: true });
    api = fakeApi(
      conversationRoutes(ticket, [aMessage({ id: 4, body: 'Oi' }), mine], { 'DELETE /messages/5': { body: { ...mine, isDeleted: true } } }),
    );
    open();
    fireEvent.click(await screen.findByTestId('message-menu-4'));
    expect(await screen.findByText('Responder')).toBeInTheDocument();
    expect(screen.queryByText('Deletar')).not.toBeInTheDocument();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    fireEvent.click(screen.getByTestId('message-menu-5'));
    fireEvent.click(await screen.findByText('Deletar'));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getAllByText('Apagar mensagem?').length).toBeGreaterThan(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Apagar' }));
    await waitFor(() => expect(api.callsTo('DELETE /messages/5')).toHaveLength(1));
    expect(await within(screen.getByTestId('message-5')).findByTestId('message-deleted')).toBeInTheDocument();
  });

  it('shows new messages and acks live, and leaves a ticket deleted while shown', async () => {
    api = fakeApi(conversationRoutes(ticket, [aMessage({ id: 1, body: 'Primeira', fromMe: true, ack: 1 })]));
    const { socket, router } = open();
    const list = await screen.findByTestId('messages-list');
    await within(list).findByText('Primeira');
    expect(socket.clientEmits).toContainEqual({ event: 'joinChatBox', args: [100] });

    act(() =>
      socket.serverEmits('company-3-appMessage', {
        action: 'create',
        message: aMessage({ id: 2, body: 'Chegou agora' }),
        ticket,
        contact: ticket.contact,
      }),
    );
    expect(await within(list).findByText('Chegou agora')).toBeInTheDocument();
    act(() =>
      socket.serverEmits('company-3-appMessage', {
        action: 'update',
        message: aMessage({ id: 1, body: 'Primeira', fromMe: true, ack: 3 }),
        ticket,
        contact: ticket.contact,
      }),
    );
    await waitFor(() => expect(within(within(list).getByTestId('message-1')).getByRole('img', { name: 'Lida' })).toBeInTheDocument());
    // another ticket's message stays out
    act(() =>
      socket.serverEmits('company-3-appMessage', {
        action: 'create',
        message: aMessage({ id: 3, ticketId: 555, body: 'De outro' }),
        ticket: aTicket({ id: 555, contactId: 77, whatsappId: 1 }),
        contact: ticket.contact,
      }),
    );

    // a status change of the ticket shown (delete with fromStatus) keeps the conversation open
    act(() => socket.serverEmits('company-3-ticket', { action: 'delete', ticketId: 100, fromStatus: 'pending' }));
    act(() =>
      socket.serverEmits('company-3-appMessage', {
        action: 'create',
        message: aMessage({ id: 4, body: 'Depois da mudança' }),
        ticket,
        contact: ticket.contact,
      }),
    );
    expect(await within(screen.getByTestId('messages-list')).findByText('Depois da mudança')).toBeInTheDocument();
    expect(router.state.location.pathname).not.toBe('/tickets');
    expect(screen.queryByText('O atendimento que você estava foi deletado.')).not.toBeInTheDocument();

    act(() => socket.serverEmits('company-3-ticket', { action: 'delete', ticketId: 100 }));
    expect(await screen.findByText('O atendimento que você estava foi deletado.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
    expect(screen.queryByText('De outro')).not.toBeInTheDocument();
  });

  it("refuses another queue's ticket with 'Acesso não permitido' and goes back to /tickets", async () => {
    api = fakeApi({
      ...conversationRoutes(ticket, []),
      'GET /tickets/u/uuid-100': { status: 403, body: { error: 'ERR_NO_PERMISSION', status: 403 } },
      'POST /auth/refresh_token': { body: { token: 'jwt-2', user: aSessionUser({ profile: 'user', queueIds: [1] }) } },
    });
    const { router } = open();
    expect(await screen.findByText('Acesso não permitido')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
    expect(await screen.findByTestId('no-ticket')).toBeInTheDocument();
  });
});
