import type { ChatMessageView, ChatView } from '@atrium/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { aSessionUser } from '../../../../test/session-user';
import { setViewportWidth } from '../../../../test/viewport';

const ME = 7;

function aChat(id: number, title: string, overrides: Partial<ChatView> = {}, unreads: Record<number, number> = {}): ChatView {
  const members = [ME, 8];
  return {
    id,
    uuid: `00000000-0000-4000-8000-00000000000${id}`,
    companyId: 1,
    title,
    ownerId: ME,
    lastMessage: '',
    createdAt: '2026-05-01T10:00:00Z',
    updatedAt: '2026-05-01T10:00:00Z',
    users: members.map((userId) => ({
      chatId: id,
      userId,
      unreads: unreads[userId] ?? 0,
      user: { id: userId, name: userId === ME ? 'Maria' : 'Rui' },
    })),
    ...overrides,
  };
}

function aMessage(id: number, chatId: number, senderId: number, message: string): ChatMessageView {
  return {
    id,
    chatId,
    senderId,
    sender: { id: senderId, name: senderId === ME ? 'Maria' : 'Rui' },
    message,
    createdAt: '2026-05-01T10:00:00Z',
    updatedAt: '',
  };
}

const withChat = aSessionUser({ id: ME, profile: 'user', flags: { useInternalChat: true } });

describe('internal chat page', () => {
  let api: FakeApi;
  afterEach(() => {
    api.restore();
    setViewportWidth(1440);
  });

  it('lists chats with their last message and unread badge; opening one with unreads marks it read and shows its messages', async () => {
    const plantao = aChat(1, 'Plantão', { lastMessage: 'Alguém na fila 2?' }, { [ME]: 3 });
    api = fakeApi({
      'GET /auth/me': { body: withChat },
      'GET /chats/': { body: { records: [plantao, aChat(2, 'Gestão', { ownerId: 8 })], count: 2, hasMore: false } },
      [`GET /chats/${plantao.uuid}`]: { body: plantao },
      'GET /chats/1/messages': { body: { records: [aMessage(10, 1, 8, 'Alguém na fila 2?')], count: 1, hasMore: false } },
      'POST /chats/1/read': { body: aChat(1, 'Plantão') },
    });
    renderApp('/chats', withChat);
    const list = await screen.findByTestId('chats-list');
    const items = await within(list).findAllByTestId('chat-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Alguém na fila 2?')).toBeInTheDocument();
    expect(within(items[0]!).getByText('3')).toBeInTheDocument();
    // the owner edits and deletes; a member who is not the owner does not
    expect(within(items[0]!).getByRole('button', { name: 'Excluir' })).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('button', { name: 'Excluir' })).toBeNull();

    fireEvent.click(items[0]!);
    const conversation = await screen.findByTestId('chat-conversation');
    expect(await within(conversation).findByText('Alguém na fila 2?', { selector: '.chat-message-text' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST /chats/1/read')).toHaveLength(1));
    expect(api.callsTo('POST /chats/1/read')[0]!.body).toEqual({ userId: ME });
  });

  it('sends a non-blank message with Enter, never a blank one', async () => {
    const chat = aChat(1, 'Plantão');
    api = fakeApi({
      'GET /auth/me': { body: withChat },
      'GET /chats/': { body: { records: [chat], count: 1, hasMore: false } },
      [`GET /chats/${chat.uuid}`]: { body: chat },
      'GET /chats/1/messages': { body: { records: [], count: 0, hasMore: false } },
      'POST /chats/1/messages': { status: 201, body: aMessage(11, 1, ME, 'Bom dia') },
    });
    renderApp(`/chats/${chat.uuid}`, withChat);
    const input = await screen.findByTestId('chat-input');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'Bom dia' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(api.callsTo('POST /chats/1/messages')).toHaveLength(1));
    expect(api.callsTo('POST /chats/1/messages')[0]!.body).toEqual({ message: 'Bom dia' });
  });

  it("'Nova' opens the dialog, which alerts on a missing title or no user, then creates the chat", async () => {
    const created = aChat(3, 'Escala');
    api = fakeApi({
      'GET /auth/me': { body: withChat },
      'GET /chats/': { body: { records: [], count: 0, hasMore: false } },
      'GET /users/list': {
        body: [
          { id: ME, name: 'Maria' },
          { id: 8, name: 'Rui' },
        ],
      },
      'POST /chats': { status: 201, body: created },
      [`GET /chats/${created.uuid}`]: { body: created },
      'GET /chats/3/messages': { body: { records: [], count: 0, hasMore: false } },
    });
    renderApp('/chats', withChat);
    fireEvent.click(await screen.findByTestId('new-chat'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Por favor, preencha o título da conversa.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByTestId('chat-title'), { target: { value: 'Escala' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Por favor, selecione pelo menos um usuário.')).toBeInTheDocument();
    expect(api.callsTo('POST /chats')).toHaveLength(0);

    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Rui'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('POST /chats')).toHaveLength(1));
    expect(api.callsTo('POST /chats')[0]!.body).toEqual({ title: 'Escala', users: [8] });
  });

  it("asks 'Excluir Conversa' before the owner deletes a chat", async () => {
    const chat = aChat(1, 'Plantão');
    api = fakeApi({
      'GET /auth/me': { body: withChat },
      'GET /chats/': { body: { records: [chat], count: 1, hasMore: false } },
      'DELETE /chats/1': { body: { message: 'Chat deleted' } },
    });
    renderApp('/chats', withChat);
    const item = await screen.findByTestId('chat-item');
    fireEvent.click(within(item).getByRole('button', { name: 'Excluir' }));
    expect((await screen.findAllByText('Excluir Conversa')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Esta ação não pode ser revertida, confirmar?').length).toBeGreaterThan(0);
    expect(api.callsTo('DELETE /chats/1')).toHaveLength(0);
    const confirm = screen.getAllByRole('button', { name: 'Excluir' }).at(-1)!;
    fireEvent.click(confirm);
    await waitFor(() => expect(api.callsTo('DELETE /chats/1')).toHaveLength(1));
  });

  it("shows the 'Chats' and 'Mensagens' tabs on narrow screens", async () => {
    setViewportWidth(400);
    api = fakeApi({
      'GET /auth/me': { body: withChat },
      'GET /chats/': { body: { records: [aChat(1, 'Plantão')], count: 1, hasMore: false } },
    });
    renderApp('/chats', withChat);
    expect(await screen.findByRole('tab', { name: 'Chats' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Mensagens' })).toBeInTheDocument();
  });

  it('puts an unread dot on the top bar’s chats popover, whose items link to /chats/{uuid}', async () => {
    const chat = aChat(1, 'Plantão', { lastMessage: 'Reunião às 15h' }, { [ME]: 1 });
    api = fakeApi({ 'GET /auth/me': { body: withChat }, 'GET /chats/': { body: { records: [chat], count: 1, hasMore: false } } });
    renderApp('/todolist', withChat);
    const dot = await screen.findByTestId('chats-popover-dot');
    await waitFor(() => expect(dot.querySelector('.ant-badge-dot')).not.toBeNull());
    fireEvent.click(screen.getByTestId('chats-button'));
    const link = await screen.findByTestId('chats-popover-item');
    expect(link).toHaveAttribute('href', `/chats/${chat.uuid}`);
    expect(within(link).getByText('Reunião às 15h')).toBeInTheDocument();
  });
});
