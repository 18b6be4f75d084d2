import type { UserView } from '@atrium/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, type FakeApi, type FakeCall } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { aSessionUser } from '../../../../test/session-user';

function aUser(id: number, name: string): UserView {
  return {
    id,
    name,
    email: `${name.toLowerCase().replace(/\s/g, '.')}@acme.com`,
    profile: 'user',
    super: false,
    allTicket: 'desabled',
    companyId: 3,
    whatsappId: null,
    queueIds: [],
    queues: [],
    online: false,
    createdAt: '',
    updatedAt: '',
  };
}

const shell = {
  'GET /version': { body: { version: '6.0.0' } },
  'GET /announcements/': { body: { records: [], count: 0, hasMore: false } },
  'GET /queue': { body: [{ id: 1, name: 'Vendas', color: '#f00' }] },
  'GET /whatsapp/': { body: [] },
};

function fillIn(container: HTMLElement, label: string, value: string) {
  fireEvent.change(within(container).getByLabelText(label), { target: { value } });
}

describe('users page', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it('lists users, searches after a pause and loads the next page near the bottom', async () => {
    const page = (call: FakeCall) => {
      const search = call.query.get('searchParam') ?? '';
      const number = Number(call.query.get('pageNumber'));
      if (search) return { body: { users: [aUser(99, 'Zeca Found')], count: 1, hasMore: false } };
      return number === 1
        ? { body: { users: [aUser(1, 'Ana'), aUser(2, 'Bruno')], count: 3, hasMore: true } }
        : { body: { users: [aUser(3, 'Carla')], count: 3, hasMore: false } };
    };
    api = fakeApi({ ...shell, 'GET /users/': page });
    renderApp('/users', aSessionUser({ profile: 'admin' }));
    await waitFor(() => expect(api.callsTo('GET /users/').length).toBeGreaterThan(0));
    expect(await screen.findByText('Ana')).toBeInTheDocument();
    expect(screen.queryByText('Carla')).not.toBeInTheDocument();

    const scroller = screen.getByTestId('users-scroll');
    Object.defineProperties(scroller, {
      scrollHeight: { value: 1000 },
      clientHeight: { value: 400 },
      scrollTop: { value: 550, writable: true },
    });
    fireEvent.scroll(scroller);
    expect(await screen.findByText('Carla')).toBeInTheDocument();

    fireEvent.change(screen.getByPlaceholderText('Pesquisar usuários'), { target: { value: 'zeca' } });
    expect(await screen.findByText('Zeca Found', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(api.calls.some((call) => call.path === '/users/' && call.query.get('searchParam') === 'zeca')).toBe(true);
  });

  it('validates the user form with the spec messages and creates the user', async () => {
    api = fakeApi({
      ...shell,
      'GET /users/': { body: { users: [], count: 0, hasMore: false } },
      'POST /users': { body: aUser(5, 'Novo') },
    });
    renderApp('/users', aSessionUser({ profile: 'admin' }));
    fireEvent.click(await screen.findByTestId('add-user'));
    const dialog = await screen.findByRole('dialog');
    fillIn(dialog, 'Nome', 'A');
    fillIn(dialog, 'E-mail', 'nope');
    fireEvent.click(screen.getByTestId('user-form-submit'));
    expect(await within(dialog).findByText('Too Short!')).toBeInTheDocument();
    expect(await within(dialog).findByText('Invalid email')).toBeInTheDocument();
    expect(api.callsTo('POST /users')).toHaveLength(0);

    fillIn(dialog, 'Nome', 'Novo Agente');
    fillIn(dialog, 'E-mail', 'novo@acme.com');
    fillIn(dialog, 'Senha', 'secreta');
    fireEvent.click(screen.getByTestId('user-form-submit'));
    expect(await screen.findByText('Usuário salvo com sucesso!')).toBeInTheDocument();
    expect(api.callsTo('POST /users')[0]!.body).toEqual({
      name: 'Novo Agente',
      email: 'novo@acme.com',
      password: 'secreta',
      profile: 'user',
      whatsappId: null,
      allTicket: 'desabled',
      queueIds: [],
    });
  });

  it('gives an admin the profile, queues, connection and all-tickets fields', async () => {
    api = fakeApi({ ...shell, 'GET /users/': { body: { users: [], count: 0, hasMore: false } } });
    renderApp('/users', aSessionUser({ profile: 'admin' }));
    fireEvent.click(await screen.findByTestId('add-user'));
    const dialog = await screen.findByRole('dialog');
    for (const label of ['Perfil', 'Filas', 'Conexão', 'Ver chamados sem fila'])
      expect(within(dialog).getByLabelText(new RegExp(`^${label}`))).toBeInTheDocument();
  });

  it('lets a plain user edit their own profile without those fields', async () => {
    const me = aSessionUser({ profile: 'user', id: 7 });
    api = fakeApi({
      ...shell,
      'GET /users/7': { body: { ...aUser(7, 'Maria'), email: 'maria@example.com' } },
      'PUT /users/7': { body: aUser(7, 'Maria Silva') },
    });
    renderApp('/tickets', me);
    fireEvent.click(await screen.findByTestId('account-menu'));
    fireEvent.click(await screen.findByTestId('account-profile'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('Nome')).toHaveValue('Maria'));
    for (const label of ['Perfil', 'Filas', 'Conexão', 'Ver chamados sem fila'])
      expect(within(dialog).queryByLabelText(new RegExp(`^${label}`))).not.toBeInTheDocument();
    // one's own profile offers two-factor login (a chunk of its own)
    expect(await within(dialog).findByTestId('two-factor-status', undefined, { timeout: 15_000 })).toHaveTextContent('Desativada');
    fillIn(dialog, 'Nome', 'Maria Silva');
    fireEvent.click(screen.getByTestId('user-form-submit'));
    await waitFor(() => expect(api.callsTo('PUT /users/7')).toHaveLength(1));
    expect(api.callsTo('PUT /users/7')[0]!.body).toEqual({ name: 'Maria Silva', email: 'maria@example.com' });
  });

  it('deletes a user after confirmation', async () => {
    api = fakeApi({
      ...shell,
      'GET /users/': { body: { users: [aUser(2, 'Bruno')], count: 1, hasMore: false } },
      'DELETE /users/2': { body: { message: 'ok' } },
    });
    renderApp('/users', aSessionUser({ profile: 'admin' }));
    const row = (await screen.findByText('Bruno')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Excluir' }));
    expect((await screen.findAllByText('Excluir Bruno?')).length).toBeGreaterThan(0);
    expect(api.callsTo('DELETE /users/2')).toHaveLength(0);
    const confirm = screen.getAllByRole('button', { name: 'Excluir' }).at(-1)!;
    fireEvent.click(confirm);
    expect(await screen.findByText('Usuário excluído com sucesso.')).toBeInTheDocument();
    expect(api.callsTo('DELETE /users/2')).toHaveLength(1);
  });
});
