import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DashboardView } from '@atrium/contracts';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { aSessionUser } from '../../../../test/session-user';

const view: DashboardView = {
  period: { from: '2026-03-01', to: '2026-03-10' },
  counters: {
    supportHappening: 1,
    supportPending: 2,
    supportFinished: 3,
    leads: 5,
    avgSupportTime: 40,
    avgWaitTime: 16.25,
    avgFirstResponseTime: 17,
  },
  attendants: [
    {
      id: 4,
      name: 'Ana',
      online: true,
      tickets: 2,
      rating: 2,
      avgSupportTime: 45,
      avgFirstResponseTime: 22.5,
      medianResolutionTime: 60,
      p90ResolutionTime: 76,
    },
  ],
  queues: [
    { id: 1, name: 'Vendas', color: '#1677ff', tickets: 2, avgFirstResponseTime: 22.5, medianResolutionTime: 60, p90ResolutionTime: 76 },
  ],
};

describe('DashboardPage', () => {
  let api: FakeApi;
  beforeEach(() => {
    api = fakeApi({
      'GET /dashboard': { body: view },
      'GET /dashboard/ticketsUsers': { body: { data: [{ nome: 'Ana', quantidade: 2 }], count: 2 } },
      'GET /dashboard/ticketsDay': { body: { data: [{ data: '2026-03-10', total: 6 }], count: 6 } },
    });
  });
  afterEach(() => api.restore());

  it('shows the cards with times as HHh MMm and the attendants table, for the first of the month to today', async () => {
    renderApp('/', aSessionUser({ profile: 'admin' }));
    await screen.findByText('00h 16m', {}, { timeout: 30_000 });
    expect(screen.getByTestId('card-avgWaitTime')).toHaveTextContent('00h 16m');
    expect(screen.getByTestId('card-supportFinished')).toHaveTextContent('3');
    expect(screen.getByTestId('card-leads')).toHaveTextContent('5');
    expect(screen.getByTestId('first-response')).toHaveTextContent('00h 17m');
    const row = within(screen.getByTestId('attendants')).getByText('Ana').closest('tr')!;
    expect(row).toHaveTextContent('01h 16m');
    expect(row).toHaveTextContent('Online');
    const [call] = api.callsTo('GET /dashboard');
    expect(call!.query.get('date_from')).toMatch(/^\d{4}-\d{2}-01$/);
  }, 60_000);
});

describe('first-run checklist on the dashboard', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  const steps = (done: string[]) => ['connection', 'queue', 'agent', 'greeting'].map((key) => ({ key, done: done.includes(key) }));

  it('ticks what is done, links what is not, and closes for the company when dismissed', async () => {
    api = fakeApi({
      'GET /dashboard': { body: view },
      'GET /onboarding': { body: { dismissed: false, complete: false, steps: steps(['queue']) } },
      'PUT /onboarding': { body: { dismissed: true, complete: false, steps: steps(['queue']) } },
    });
    renderApp('/', aSessionUser({ profile: 'admin' }));
    const card = await screen.findByTestId('onboarding', {}, { timeout: 30_000 });
    expect(card).toHaveTextContent('Primeiros passos');
    expect(within(card).getByTestId('onboarding-progress')).toHaveTextContent('1 de 4');
    expect(within(card).getByTestId('onboarding-queue')).toHaveAttribute('data-done', 'true');
    expect(within(card).getByTestId('onboarding-connection')).toHaveAttribute('data-done', 'false');
    expect(within(card).getByRole('link', { name: 'Ir para Conexões' })).toHaveAttribute('href', '/connections');
    expect(within(card).getByRole('link', { name: 'Ir para Usuários' })).toHaveAttribute('href', '/users');
    fireEvent.click(within(card).getByTestId('onboarding-dismiss'));
    await waitFor(() => expect(screen.queryByTestId('onboarding')).not.toBeInTheDocument());
    expect(api.callsTo('PUT /onboarding')[0]!.body).toEqual({ dismissed: true });
  }, 60_000);

  it('shows nothing once every step is done', async () => {
    api = fakeApi({
      'GET /dashboard': { body: view },
      'GET /onboarding': { body: { dismissed: false, complete: true, steps: steps(['connection', 'queue', 'agent', 'greeting']) } },
    });
    renderApp('/', aSessionUser({ profile: 'admin' }));
    await screen.findByTestId('card-leads', {}, { timeout: 30_000 });
    await waitFor(() => expect(api.callsTo('GET /onboarding')).toHaveLength(1));
    expect(screen.queryByTestId('onboarding')).not.toBeInTheDocument();
  }, 60_000);
});
