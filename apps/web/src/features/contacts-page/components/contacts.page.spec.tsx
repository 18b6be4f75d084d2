import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderWithLiveSocket } from '../../../../test/render-tickets';
import { aSessionUser } from '../../../../test/session-user';
import { aContact, page } from '../../../../test/tickets-fixtures';
import ContactsPage from './contacts.page';

describe('contacts page', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  const ana = aContact({ id: 1, name: 'Ana', number: '5511911112222', email: 'ana@example.com' });
  const beto = aContact({ id: 2, name: 'Beto', number: '5511933334444' });

  it('lists, searches after 500 ms, follows live updates, and deletes only for admins', async () => {
    api = fakeApi({
      'GET /contacts': (call) => ({ body: page('contacts', call.query.get('searchParam') ? [beto] : [ana, beto]) }),
      'DELETE /contacts/1': { body: { message: 'ok' } },
    });
    const { socket } = renderWithLiveSocket([{ path: '*', element: <ContactsPage /> }], '/contacts', aSessionUser({ profile: 'admin' }));
    expect(await screen.findByText('ana@example.com')).toBeInTheDocument();
    act(() => socket.serverEmits('company-3-contact', { action: 'update', contact: { ...ana, name: 'Ana Paula' } }));
    expect(await screen.findByText('Ana Paula')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('delete-contact-1'));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Contato excluído com sucesso!')).toBeInTheDocument();

    fireEvent.change(screen.getByTestId('contacts-search'), { target: { value: 'Be' } });
    await waitFor(() => expect(api.callsTo('GET /contacts').some((call) => call.query.get('searchParam') === 'Be')).toBe(true));
  });

  it('has no delete for agents, and validates the contact form (name 2-50, number 8-50 digits, e-mail)', async () => {
    api = fakeApi({
      'GET /contacts': { body: page('contacts', [ana]) },
      'POST /contacts': { status: 201, body: aContact({ id: 9, name: 'Novo' }) },
    });
    renderWithLiveSocket([{ path: '*', element: <ContactsPage /> }], '/contacts', aSessionUser({ profile: 'user' }));
    await screen.findByText('Ana');
    expect(screen.queryByTestId('delete-contact-1')).not.toBeInTheDocument();

    fireEvent.click(screen.getByTestId('add-contact'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'N' } });
    fireEvent.change(within(dialog).getByLabelText('Número do WhatsApp'), { target: { value: '1234' } });
    fireEvent.change(within(dialog).getByLabelText(/^E-mail/), { target: { value: 'nope' } });
    fireEvent.click(within(dialog).getByTestId('contact-form-submit'));
    expect(await within(dialog).findByText('Muito curto!')).toBeInTheDocument();
    expect(within(dialog).getByText('O número deve ter de 8 a 50 dígitos')).toBeInTheDocument();
    expect(within(dialog).getByText('E-mail inválido')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Novo' } });
    fireEvent.change(within(dialog).getByLabelText('Número do WhatsApp'), { target: { value: '+55 (11) 98765-4321' } });
    fireEvent.change(within(dialog).getByLabelText(/^E-mail/), { target: { value: '' } });
    fireEvent.click(within(dialog).getByText('Adicionar informação'));
    fireEvent.change(within(dialog).getByLabelText('Nome do campo'), { target: { value: 'CPF' } });
    fireEvent.change(within(dialog).getByLabelText('Valor'), { target: { value: '123' } });
    fireEvent.click(within(dialog).getByTestId('contact-form-submit'));
    expect(await screen.findByText('Contato salvo com sucesso.')).toBeInTheDocument();
    expect(api.callsTo('POST /contacts')[0]!.body).toEqual({
      name: 'Novo',
      number: '+55 (11) 98765-4321',
      email: '',
      extraInfo: [{ name: 'CPF', value: '123' }],
    });
  });
});
