import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { aSessionUser } from '../../../../test/session-user';

function fillIn(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const shell = {
  'GET /version': { body: { version: '6.0.0' } },
  'GET /announcements/': { body: { records: [], count: 0, hasMore: false } },
};

describe('login page', () => {
  let api: FakeApi;
  // A login lands on the dashboard at /: its charts are the heaviest chunk to compile under Jest,
  // loaded here once so that no test's wait for the login's toast includes compiling them.
  beforeAll(() => import('../../dashboard/components/dashboard.page'), 120_000);
  afterEach(() => api.restore());

  it('asks for a valid e-mail and a password before calling the API', async () => {
    api = fakeApi({});
    renderApp('/login');
    await screen.findByTestId('login-form'); // the screen is a lazy chunk
    fillIn('E-mail', 'not-an-email');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('E-mail inválido')).toBeInTheDocument();
    expect(await screen.findByText('Obrigatório')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('logs in, keeps the token and warns when the subscription ends in fewer than 5 days', async () => {
    const user = aSessionUser({ dueDate: dayjs().add(3, 'day').format('YYYY-MM-DD') });
    api = fakeApi({ ...shell, 'POST /auth/login': { body: { token: 'jwt-1', user } }, 'GET /auth/me': { body: user } });
    const { router } = renderApp('/login');
    await screen.findByTestId('login-form'); // the screen is a lazy chunk
    fillIn('E-mail', 'maria@example.com');
    fillIn('Senha', 'secret1');
    fireEvent.click(screen.getByTestId('login-submit'));
    // the popup's holder commits with the signed-in shell, whose first render takes seconds under Jest
    expect(await screen.findByText('Sua assinatura vence em 3 dia(s)', undefined, { timeout: 30_000 })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('POST /auth/login')[0]!.body).toEqual({ email: 'maria@example.com', password: 'secret1' });
    expect(window.localStorage.getItem('token')).toBe('jwt-1');
  });

  it("blocks a company whose due date passed with the spec's text", async () => {
    api = fakeApi({
      'POST /auth/login': { status: 402, body: { error: 'ERR_SUBSCRIPTION_EXPIRED', status: 402, data: { dueDate: '2024-03-05' } } },
    });
    const { router } = renderApp('/login');
    await screen.findByTestId('login-form'); // the screen is a lazy chunk
    fillIn('E-mail', 'maria@example.com');
    fillIn('Senha', 'secret1');
    fireEvent.click(screen.getByTestId('login-submit'));
    const text = 'Opss! Sua assinatura venceu 05/03/2024. Entre em contato com o Suporte para mais informações!';
    expect(await screen.findByTestId('login-expired')).toHaveTextContent(text);
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('shows a bad login as the translated error popup', async () => {
    api = fakeApi({ 'POST /auth/login': { status: 401, body: { error: 'ERR_INVALID_CREDENTIALS', status: 401 } } });
    renderApp('/login');
    await screen.findByTestId('login-form'); // the screen is a lazy chunk
    fillIn('E-mail', 'maria@example.com');
    fillIn('Senha', 'wrong');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Erro de autenticação. Por favor, tente novamente.')).toBeInTheDocument();
    expect(screen.getByText('Erro')).toBeInTheDocument();
  });
});
