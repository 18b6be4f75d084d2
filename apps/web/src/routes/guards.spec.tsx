import { jest } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import { fakeApi, type FakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { aSessionUser } from '../../test/session-user';

const PERMISSION_TEXT = 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.';

describe('route guards', () => {
  let api: FakeApi;
  beforeEach(() => {
    api = fakeApi({
      'GET /version': { body: { version: '6.0.0' } },
      'GET /announcements/': { body: { records: [], count: 0, hasMore: false } },
    });
  });
  afterEach(() => api.restore());

  it('sends a visitor without a session from a private route to /login', async () => {
    const { router } = renderApp('/users');
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in user from a public route to /', async () => {
    const { router } = renderApp('/signup', aSessionUser({ profile: 'admin' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 30_000 })).toBeInTheDocument(); // the real page loads lazily
    expect(router.state.location.pathname).toBe('/');
  });

  it('takes a non-admin from the dashboard at / to /tickets without a warning', async () => {
    const { router } = renderApp('/', aSessionUser({ profile: 'user' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
    expect(screen.queryByText(PERMISSION_TEXT)).not.toBeInTheDocument();
  });

  it('warns a user on an admin page and redirects to / after 1 s', async () => {
    jest.useFakeTimers();
    try {
      const { router } = renderApp('/users', aSessionUser({ profile: 'user' }));
      expect(await screen.findByText(PERMISSION_TEXT)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/users');
      await act(async () => {
        jest.advanceTimersByTime(999);
      });
      expect(router.state.location.pathname).toBe('/users');
      await act(async () => {
        jest.advanceTimersByTime(1);
      });
      await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps an admin out of a page whose plan flag is off', async () => {
    const { router } = renderApp('/prompts', aSessionUser({ profile: 'admin', flags: { useOpenAi: false } }));
    expect(await screen.findByText(PERMISSION_TEXT)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 8000 });
  });

  it('opens a plan-gated page when the plan has the flag', async () => {
    renderApp('/prompts', aSessionUser({ profile: 'admin', flags: { useOpenAi: true } }));
    expect(await screen.findByRole('heading', { name: 'Prompts' })).toBeInTheDocument();
    expect(screen.queryByText(PERMISSION_TEXT)).not.toBeInTheDocument();
  });

  it('opens /announcements to super users only', async () => {
    renderApp('/announcements', aSessionUser({ profile: 'admin', super: false }));
    expect(await screen.findByText(PERMISSION_TEXT)).toBeInTheDocument();
  });

  it('shows /announcements to a super user', async () => {
    renderApp('/announcements', aSessionUser({ profile: 'admin', super: true }));
    expect(await screen.findByRole('heading', { name: 'Informativos' })).toBeInTheDocument();
  });

  it('needs both the campaigns plan flag and the company switch for campaign pages', async () => {
    renderApp('/campaigns', aSessionUser({ flags: { useCampaigns: true }, settings: [{ key: 'campaignsEnabled', value: 'false' }] }));
    expect(await screen.findByText(PERMISSION_TEXT)).toBeInTheDocument();
  });
});
