import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';

const PLANS = [
  { id: 4, name: 'Básico', users: 3, connections: 1, queues: 2, value: 99.9 },
  { id: 5, name: 'Pro', users: 10, connections: 3, queues: 8, value: 199 },
];

function fillIn(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function choosePlan(name: string) {
  fireEvent.mouseDown(screen.getByLabelText('Plano'));
  fireEvent.click(await screen.findByTitle(new RegExp(`^${name} - `)));
}

describe('signup page', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it('masks the phone as (99) 99999-9999 and keeps at most 11 digits', async () => {
    api = fakeApi({ 'GET /plans/list': { body: PLANS } });
    renderApp('/signup');
    await screen.findByTestId('signup-form'); // the screen is a lazy chunk
    fillIn('Telefone', '119876543210999');
    expect(screen.getByLabelText('Telefone')).toHaveValue('(11) 98765-4321');
    fillIn('Telefone', '1198');
    expect(screen.getByLabelText('Telefone')).toHaveValue('(11) 98');
  });

  it('offers the plans of /plans/list and requires one', async () => {
    api = fakeApi({ 'GET /plans/list': { body: PLANS } });
    renderApp('/signup');
    await screen.findByTestId('signup-form'); // the screen is a lazy chunk
    fireEvent.click(screen.getByTestId('signup-submit'));
    expect(await screen.findByText('Escolha um plano', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText('Plano'));
    expect(await screen.findByTitle('Pro - Atendentes: 10 - WhatsApp: 3 - Filas: 8 - R$ 199,00')).toBeInTheDocument();
  });

  it('tells what is wrong in Portuguese, not in English', async () => {
    api = fakeApi({ 'GET /plans/list': { body: PLANS } });
    renderApp('/signup');
    fillIn('Nome da empresa', 'P');
    fillIn('E-mail', 'not-an-email');
    fireEvent.click(screen.getByTestId('signup-submit'));
    expect(await screen.findByText('Muito curto!', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(await screen.findByText('E-mail inválido', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(await screen.findByText('Obrigatório', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(screen.queryByText(/^(Required|Too Short!|Too Long!|Invalid email)$/)).not.toBeInTheDocument();
  });

  it('sends the company with the 3-day trial values and goes to /login', async () => {
    api = fakeApi({ 'GET /plans/list': { body: PLANS }, 'POST /companies/cadastro': { body: { id: 9 } } });
    const { router } = renderApp('/signup?companyId=2');
    await screen.findByTestId('signup-form'); // the screen is a lazy chunk
    fillIn('Nome da empresa', 'Padaria Central');
    fillIn('E-mail', 'dono@padaria.com');
    fillIn('Telefone', '11987654321');
    fillIn('Senha', 'segredo');
    await choosePlan('Pro');
    fireEvent.click(screen.getByTestId('signup-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo('POST /companies/cadastro')[0]!.body).toEqual({
      name: 'Padaria Central',
      email: 'dono@padaria.com',
      phone: '11987654321',
      password: 'segredo',
      planId: 5,
      recurrence: 'MENSAL',
      dueDate: dayjs().add(3, 'day').format('YYYY-MM-DD'),
      status: 't',
      campaignsEnabled: true,
      companyId: '2',
    });
  });

  it("says 'Erro ao criar usuário. Verifique os dados informados.' when signup fails", async () => {
    api = fakeApi({
      'GET /plans/list': { body: PLANS },
      'POST /companies/cadastro': { status: 409, body: { error: 'ERR_EMAIL_ALREADY_EXISTS', status: 409 } },
    });
    renderApp('/signup');
    await screen.findByTestId('signup-form'); // the screen is a lazy chunk
    fillIn('Nome da empresa', 'Padaria Central');
    fillIn('E-mail', 'dono@padaria.com');
    fillIn('Senha', 'segredo');
    await choosePlan('Básico');
    fireEvent.click(screen.getByTestId('signup-submit'));
    expect(await screen.findByText('Erro ao criar usuário. Verifique os dados informados.')).toBeInTheDocument();
  });
});
