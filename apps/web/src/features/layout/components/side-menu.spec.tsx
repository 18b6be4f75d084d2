import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { aSessionUser } from '../../../../test/session-user';
import { setViewportWidth } from '../../../../test/viewport';

function drawerRoutes(): string[] {
  return Array.from(document.querySelectorAll('.side-menu [data-route]')).map((item) => item.getAttribute('data-route') ?? '');
}

describe('drawer', () => {
  let api: FakeApi;
  beforeEach(() => {
    api = fakeApi({
      'GET /version': { body: { version: '6.0.1' } },
      'GET /announcements/': { body: { records: [], count: 0, hasMore: false } },
      'GET /whatsapp/': { body: [] },
    });
  });
  afterEach(() => api.restore());

  it('shows an admin the items of their plan under the administration heading, and not the others', async () => {
    renderApp('/tickets', aSessionUser({ profile: 'admin', flags: { useKanban: true, useIntegrations: true } }));
    const nav = await screen.findByRole('navigation');
    expect(within(nav).getByText('Administração')).toBeInTheDocument();
    const routes = drawerRoutes();
    expect(routes).toEqual(
      expect.arrayContaining([
        'dashboard',
        'tickets',
        'kanban',
        'quickMessages',
        'todolist',
        'contacts',
        'tags',
        'helps',
        'queueIntegration',
        'flows',
        'connections',
        'queues',
        'users',
        'financeiro',
        'settings',
      ]),
    );
    // file lists are part of the campaign area (issue 24): hidden with it
    for (const hidden of [
      'schedules',
      'chats',
      'campaigns',
      'contactLists',
      'campaignsConfig',
      'files',
      'announcements',
      'prompts',
      'messagesApi',
    ])
      expect(routes).not.toContain(hidden);
  });

  it('shows a plain user no administration items', async () => {
    renderApp(
      '/tickets',
      aSessionUser({ profile: 'user', flags: { useKanban: true, useSchedules: true, useInternalChat: true, useOpenAi: true } }),
    );
    const nav = await screen.findByRole('navigation');
    expect(within(nav).queryByText('Administração')).not.toBeInTheDocument();
    expect(drawerRoutes()).toEqual(['tickets', 'kanban', 'quickMessages', 'todolist', 'contacts', 'schedules', 'tags', 'chats', 'helps']);
  });

  it('shows announcements to the super user and the campaigns group when plan and company allow it', async () => {
    renderApp(
      '/tickets',
      aSessionUser({
        profile: 'admin',
        super: true,
        flags: { useCampaigns: true },
        settings: [{ key: 'campaignsEnabled', value: 'true' }],
      }),
    );
    const nav = await screen.findByRole('navigation');
    expect(within(nav).getByText('Informativos')).toBeInTheDocument();
    expect(within(nav).getByText('Campanhas')).toBeInTheDocument();
  });

  it('follows the permissions /auth/me gives: an agent sees campaigns by default, not once the company took them away (issue 28)', async () => {
    const agent = { profile: 'user' as const, flags: { useCampaigns: true }, settings: [{ key: 'campaignsEnabled', value: 'true' }] };
    const first = renderApp('/tickets', aSessionUser(agent));
    const nav = await screen.findByRole('navigation');
    expect(within(nav).getByText('Campanhas')).toBeInTheDocument();
    expect(drawerRoutes()).toContain('files');
    expect(drawerRoutes()).not.toContain('permissions');
    first.unmount();

    renderApp('/tickets', aSessionUser({ ...agent, permissions: ['files:manage', 'exports:download', 'prompts:manage'] }));
    const after = await screen.findByRole('navigation');
    // the group holds campaigns and contact lists: both taken, it goes
    expect(within(after).queryByText('Campanhas')).not.toBeInTheDocument();
    expect(drawerRoutes()).toContain('files');
  });

  it('shows a supervisor the dashboard once granted, and admins the permissions screen', async () => {
    const first = renderApp('/tickets', aSessionUser({ profile: 'supervisor', permissions: ['dashboard:view'] }));
    await screen.findByRole('navigation');
    expect(drawerRoutes()).toContain('dashboard');
    expect(drawerRoutes()).not.toContain('permissions');
    first.unmount();
    renderApp('/tickets', aSessionUser({ profile: 'admin' }));
    await screen.findByRole('navigation');
    expect(drawerRoutes()).toContain('permissions');
  });

  it('shows the app version and the server version in the footer', async () => {
    renderApp('/tickets', aSessionUser());
    const footer = await screen.findByTestId('version-footer');
    expect(footer).toHaveTextContent('Versão 6.0.0');
    await waitFor(() => expect(footer).toHaveTextContent('Servidor 6.0.1'));
  });

  it('is open over 1200 px and collapsed between 600 and 1200 px', async () => {
    setViewportWidth(1300);
    const wide = renderApp('/tickets', aSessionUser());
    expect(await screen.findByTestId('drawer')).not.toHaveClass('ant-layout-sider-collapsed');
    wide.unmount();
    setViewportWidth(900);
    renderApp('/tickets', aSessionUser());
    expect(await screen.findByTestId('drawer')).toHaveClass('ant-layout-sider-collapsed');
  });

  it('is a temporary overlay under 600 px, closed until the menu button opens it', async () => {
    setViewportWidth(375);
    renderApp('/tickets', aSessionUser());
    const toggle = await screen.findByTestId('drawer-toggle');
    expect(screen.queryByTestId('drawer')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    toggle.click();
    expect(await screen.findByRole('navigation')).toBeInTheDocument();
  });

  it("puts '!' on connections 2 s after a session needs attention", async () => {
    api.restore();
    api = fakeApi({
      'GET /version': { body: { version: '6.0.0' } },
      'GET /announcements/': { body: { records: [], count: 0, hasMore: false } },
      'GET /whatsapp/': {
        body: [
          {
            id: 1,
            name: 'Vendas',
            status: 'qrcode',
            qrcode: 'x',
            pairingCode: '',
            retries: 0,
            isDefault: true,
            provider: 'beta',
            number: null,
            updatedAt: '',
          },
        ],
      },
    });
    renderApp('/tickets', aSessionUser({ profile: 'admin' }));
    await screen.findByRole('navigation');
    await waitFor(() => expect(api.callsTo('GET /whatsapp/')).toHaveLength(1));
    expect(screen.queryByTestId('connections-badge')).not.toBeInTheDocument();
    expect(await screen.findByTestId('connections-badge', {}, { timeout: 8000 })).toHaveTextContent('!');
  });
});
