import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { aSessionUser } from '../../../../test/session-user';

const shell = {
  'GET /version': { body: { version: '6.0.0' } },
  'GET /announcements/': { body: { records: [], count: 0, hasMore: false } },
  'GET /whatsapp/': { body: [] },
  'GET /settings': { body: [] },
};

const stored = {
  configured: true,
  enabled: true,
  issuer: 'https://idp.example',
  clientId: 'atrium',
  hasClientSecret: true,
  domains: ['example.com'],
  requireSso: false,
};

describe('settings page: Login único (SSO) tab', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it('shows the stored provider without its secret and saves a change, leaving the secret out when not typed', async () => {
    api = fakeApi({
      ...shell,
      'GET /sso-settings': { body: stored },
      'PUT /sso-settings': (call) => ({ body: { ...stored, ...(call.body as object) } }),
    });
    renderApp('/settings', aSessionUser({ profile: 'admin' }));
    const tabs = await screen.findByTestId('settings-tabs');
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Login único (SSO)' }));
    const form = await screen.findByTestId('sso-settings-form');
    await waitFor(() => expect(within(form).getByLabelText('URL do emissor (issuer)')).toHaveValue('https://idp.example'));
    expect(within(form).getByText('Guardado. Deixe em branco para mantê-lo.')).toBeInTheDocument();
    expect(within(form).getByText(/\/auth\/sso\/callback$/)).toBeInTheDocument();

    fireEvent.click(within(form).getByLabelText('Exigir SSO (senhas recusadas, exceto super usuários)'));
    fireEvent.click(screen.getByTestId('sso-settings-save'));
    expect(await screen.findByText('Configuração de SSO salva.')).toBeInTheDocument();
    expect(api.callsTo('PUT /sso-settings')[0]!.body).toEqual({
      issuer: 'https://idp.example',
      clientId: 'atrium',
      domains: ['example.com'],
      enabled: true,
      requireSso: true,
    });
  });
});
