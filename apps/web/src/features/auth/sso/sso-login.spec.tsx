import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { aSessionUser } from '../../../../test/session-user';

const shell = {
  'GET /version': { body: { version: '6.0.0' } },
  'GET /announcements/': { body: { records: [], count: 0, hasMore: false } },
};

/** Only sso.example signs in with SSO here. */
const start = {
  'POST /auth/sso/start': (call: { body: unknown }) =>
    String((call.body as { email: string }).email).endsWith('@sso.example')
      ? { body: { url: 'https://idp.example/authorize?state=s' } }
      : { status: 404, body: { error: 'ERR_SSO_NOT_CONFIGURED' } },
};

describe('login page: single sign-on', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it('offers "Entrar com SSO" once the typed e-mail is of a domain with a provider, and not otherwise', async () => {
    api = fakeApi({ ...start });
    renderApp('/login');
    await screen.findByTestId('login-form');
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@other.example' } });
    await waitFor(() => expect(api.callsTo('POST /auth/sso/start')).toHaveLength(1));
    expect(screen.queryByTestId('login-sso')).toBeNull();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@sso.example' } });
    expect(await screen.findByTestId('login-sso')).toHaveTextContent('Entrar com SSO');
    expect(api.callsTo('POST /auth/sso/start').at(-1)!.body).toEqual({ email: 'ana@sso.example' });
  });

  it('back from the provider, takes the session its refresh cookie gives and opens the app', async () => {
    const user = aSessionUser();
    api = fakeApi({ ...shell, 'POST /auth/refresh_token': { body: { token: 'jwt-sso', user } }, 'GET /auth/me': { body: user } });
    const { router } = renderApp('/login?sso=ok');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 15_000 });
    expect(window.localStorage.getItem('token')).toBe('jwt-sso');
  });

  it('shows why the provider login failed', async () => {
    api = fakeApi({});
    renderApp('/login?ssoError=ERR_SSO_DOMAIN_NOT_ALLOWED');
    expect(
      await screen.findByText('Este e-mail não pertence a um domínio permitido para o login único.', undefined, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /auth/refresh_token')).toHaveLength(0);
  });
});
