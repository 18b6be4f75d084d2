import { fireEvent, screen, waitFor } from '@testing-library/react';
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

async function passwordStep() {
  await screen.findByTestId('login-form'); // the screen is a lazy chunk
  fillIn('E-mail', 'maria@example.com');
  fillIn('Senha', 'secret1');
  fireEvent.click(screen.getByTestId('login-submit'));
}

describe('the login code step (two-factor login)', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it('asks for the code after the password and logs in with it; a wrong code keeps the step with the translated error', async () => {
    const user = aSessionUser({ twoFactorEnabled: true });
    api = fakeApi({
      ...shell,
      'POST /auth/login': { body: { twoFactorRequired: true, challenge: 'challenge-1' } },
      'POST /auth/login/2fa': (call) =>
        (call.body as { code: string }).code === '123456'
          ? { body: { token: 'jwt-2fa', user } }
          : { status: 400, body: { error: 'ERR_INVALID_TWO_FACTOR_CODE', status: 400 } },
      'GET /auth/me': { body: user },
    });
    const { router } = renderApp('/login');
    await passwordStep();

    expect(await screen.findByText('Verificação em duas etapas', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
    fillIn('Digite o código de 6 dígitos do seu aplicativo autenticador ou um código de recuperação.', '000000');
    fireEvent.click(screen.getByTestId('two-factor-submit'));
    expect(await screen.findByText('Código inválido ou já usado.', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('token')).toBeNull();

    fillIn('Digite o código de 6 dígitos do seu aplicativo autenticador ou um código de recuperação.', ' 123456 ');
    fireEvent.click(screen.getByTestId('two-factor-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('token')).toBe('jwt-2fa');
    expect(api.callsTo('POST /auth/login/2fa').map((call) => call.body)).toEqual([
      { challenge: 'challenge-1', code: '000000' },
      { challenge: 'challenge-1', code: '123456' },
    ]);
  });

  it('accepts a recovery code in the same field', async () => {
    const user = aSessionUser({ twoFactorEnabled: true });
    api = fakeApi({
      ...shell,
      'POST /auth/login': { body: { twoFactorRequired: true, challenge: 'challenge-2' } },
      'POST /auth/login/2fa': { body: { token: 'jwt-recovered', user } },
      'GET /auth/me': { body: user },
    });
    const { router } = renderApp('/login');
    await passwordStep();
    await screen.findByTestId('two-factor-code', undefined, { timeout: 15_000 });
    fillIn('Digite o código de 6 dígitos do seu aplicativo autenticador ou um código de recuperação.', 'abcde-fghjk');
    fireEvent.click(screen.getByTestId('two-factor-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('POST /auth/login/2fa')[0]!.body).toEqual({ challenge: 'challenge-2', code: 'abcde-fghjk' });
  });

  it('has the user set 2FA up when the company requires it, shows the recovery codes once, then logs in', async () => {
    const user = aSessionUser({ twoFactorEnabled: true });
    const recoveryCodes = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
    api = fakeApi({
      ...shell,
      'POST /auth/login': { body: { twoFactorSetupRequired: true, challenge: 'setup-1' } },
      'POST /auth/2fa/setup': {
        body: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Atrium:maria%40example.com?secret=JBSWY3DPEHPK3PXP' },
      },
      'POST /auth/2fa/enable': { body: { recoveryCodes, token: 'jwt-new', user } },
      'GET /auth/me': { body: user },
    });
    const { router } = renderApp('/login');
    await passwordStep();
    expect(await screen.findByTestId('two-factor-secret', undefined, { timeout: 15_000 })).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(screen.getByText('Sua empresa exige a verificação em duas etapas. Configure-a para entrar.')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/2fa/setup')).toHaveLength(1);
    expect(api.callsTo('POST /auth/2fa/setup')[0]!.body).toEqual({ challenge: 'setup-1' });
    fillIn('Código', '654321');
    fireEvent.click(screen.getByTestId('two-factor-submit'));
    expect(await screen.findByTestId('recovery-codes')).toHaveTextContent('code9-abcde');
    expect(api.callsTo('POST /auth/2fa/enable')[0]!.body).toEqual({ code: '654321', challenge: 'setup-1' });
    expect(router.state.location.pathname).toBe('/login');
    fireEvent.click(screen.getByTestId('recovery-codes-continue'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('token')).toBe('jwt-new');
  });
});
