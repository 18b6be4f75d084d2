import { screen, within } from '@testing-library/react';
import type { DashboardView } from '@atrium/contracts';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { aSessionUser } from '../../../../test/session-user';

const view: DashboardView = {
  period: { from: '2026-03-01', to: '2026-03-10' },
  counters: { supportHappening: 1, supportPending: 2, supportFinished: 3, leads: 5, avgSupportTime: 40, avgWaitTime: 16.25, avgFirstResponseTime: 17 },
  attendants: [{ id: 4, name: 'Ana', online: true, tickets: 2, rating: 2, avgSupportTime: 45, avgFirstResponseTime: 22.5, medianResolutionTime: 60, p90ResolutionTime: 76 }],
  queues: [{ id: 1, name: 'Vendas', color: '#1677ff', tickets: 2, avgFirstResponseTime: 22.5, medianResolutionTime: 60, p90ResolutionTime: 76 }],
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
