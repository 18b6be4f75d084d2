import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';

function fillIn(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('password reset page', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it("says 'Email não encontrado' when the e-mail is unknown (404)", async () => {
    api = fakeApi({ 'POST /forgetpassword/ninguem%40x.com': { status: 404, body: { error: 'ERR_NO_USER_FOUND', status: 404 } } });
    renderApp('/forgetpsw');
    await screen.findByTestId('forgot-form'); // the screen is a lazy chunk
    fillIn('E-mail', 'ninguem@x.com');
    fireEvent.click(screen.getByTestId('forgot-submit'));
    expect(await screen.findByText('Email não encontrado')).toBeInTheDocument();
    expect(screen.getByTestId('forgot-form')).toBeInTheDocument();
  });

  it('sends the code, checks the password rule and the confirmation, then resets and goes to /login', async () => {
    api = fakeApi({
      'POST /forgetpassword/maria%40x.com': { body: { message: 'ok' } },
      'POST /resetpasswords/maria%40x.com/123456/NovaSenha1': { body: { message: 'ok' } },
    });
    const { router } = renderApp('/forgetpsw');
    await screen.findByTestId('forgot-form'); // the screen is a lazy chunk
    fillIn('E-mail', 'maria@x.com');
    fireEvent.click(screen.getByTestId('forgot-submit'));
    expect(await screen.findByText('Email enviado com sucesso!')).toBeInTheDocument();
    expect(await screen.findByTestId('reset-form')).toBeInTheDocument();

    fillIn('Código de verificação', '123456');
    fillIn('Nova senha', 'fraca');
    fillIn('Confirme a senha', 'outra');
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(
      await screen.findByText('Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('As senhas não correspondem')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/resetpasswords'))).toHaveLength(0);

    fillIn('Nova senha', 'NovaSenha1');
    fillIn('Confirme a senha', 'NovaSenha1');
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByText('Senha redefinida com sucesso.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
