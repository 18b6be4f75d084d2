import type { PermissionsView } from '@atrium/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { permissionsView } from '@atrium/contracts/identity/permission-actions.js';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { aSessionUser } from '../../../../test/session-user';

describe('/permissions', () => {
  let api: FakeApi;
  let view: PermissionsView;
  beforeEach(() => {
    view = permissionsView({});
    api = fakeApi({
      'GET /version': { body: { version: '6.0.0' } },
      'GET /announcements/': { body: { records: [], count: 0, hasMore: false } },
      'GET /whatsapp/': { body: [] },
      'GET /permissions': () => ({ body: view }),
      'PUT /permissions': (call) => {
        const { actions } = call.body as { profile: 'user'; actions: string[] };
        view = permissionsView({ user: actions as never });
        return { body: view };
      },
    });
  });
  afterEach(() => api.restore());

  // (by label, not by role: role queries over the whole matrix are slow in jsdom)
  it('shows actions × profiles, the admin column read-only, and saves a profile’s whole list when a box changes', async () => {
    renderApp('/permissions', aSessionUser({ profile: 'admin' }));
    const adminBox = await screen.findByLabelText('Campanhas — Administrador', {}, { timeout: 15_000 });
    expect(adminBox).toBeChecked();
    expect(adminBox).toBeDisabled();
    // a service keeps users for admins: the box cannot be ticked
    expect(screen.getByLabelText('Usuários — Usuário')).toBeDisabled();

    const userCampaigns = screen.getByLabelText('Campanhas — Usuário');
    expect(userCampaigns).toBeChecked();
    fireEvent.click(userCampaigns);
    await waitFor(() => expect(api.callsTo('PUT /permissions')).toHaveLength(1));
    const sent = api.callsTo('PUT /permissions')[0]!.body as { profile: string; actions: string[] };
    expect(sent.profile).toBe('user');
    expect(sent.actions).not.toContain('campaigns:manage');
    expect(sent.actions).toEqual(expect.arrayContaining(['contact-lists:manage', 'files:manage', 'exports:download', 'prompts:manage']));
    await waitFor(() => expect(screen.getByLabelText('Campanhas — Usuário')).not.toBeChecked());
    expect(screen.getByLabelText('Campanhas — Supervisor')).toBeChecked();
  });
});
