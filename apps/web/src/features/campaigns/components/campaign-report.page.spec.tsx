import type { CampaignView } from '@atrium/contracts';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from '../../../app/app-providers';
import { createStore } from '../../../app/store';
import { loggedIn } from '../../auth/auth.slice';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { LocalSocket } from '../../../../test/local-socket';
import { aCampaign } from '../../../../test/campaign-fixtures';
import { aSessionUser } from '../../../../test/session-user';
import { SocketContext } from '../../realtime/socket.context';
import CampaignReportPage, { REPORT_REFRESH_MS } from './campaign-report.page';
import '../../../i18n/i18n';

const base = aCampaign(9, {
  name: 'Natal',
  confirmationMessage1: 'Posso enviar?',
  status: 'EM_ANDAMENTO',
  confirmation: true,
  scheduledAt: '2026-03-05T17:30:00.000Z',
  whatsappId: 1,
  contactListId: 4,
  contactList: { id: 4, name: 'Clientes' },
  whatsapp: { id: 1, name: 'Vendas' },
  report: { valid: 4, delivered: 1, confirmationRequested: 2, confirmed: 1, failed: 0 },
});

function mount() {
  const store = createStore();
  store.dispatch(loggedIn({ token: 'jwt', user: aSessionUser({ flags: { useCampaigns: true } }) }));
  const socket = new LocalSocket();
  render(
    <AppProviders store={store}>
      <SocketContext.Provider value={socket.asSocket()}>
        <MemoryRouter initialEntries={['/campaign/9/report']}>
          <Routes>
            <Route path="/campaign/:campaignId/report" element={<CampaignReportPage />} />
          </Routes>
        </MemoryRouter>
      </SocketContext.Provider>
    </AppProviders>,
  );
  return socket;
}

describe('campaign report page', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it('shows the counts live and reloads the campaign 5 s after a live FINALIZADA', async () => {
    let served: CampaignView = base;
    api = fakeApi({
      'GET /campaigns/9': () => ({ body: served }),
      'GET /campaigns/9/shippings': {
        body: {
          shippings: [
            {
              number: '5511999990001',
              name: 'Ana',
              variant: 1,
              deliveredAt: '2026-03-05T17:31:00.000Z',
              confirmationRequestedAt: '2026-03-05T17:30:30.000Z',
              confirmedAt: '2026-03-05T17:30:50.000Z',
              failedReason: null,
            },
          ],
          count: 1,
          hasMore: false,
        },
      },
    });
    const socket = mount();
    expect(await screen.findByTestId('campaign-report-progress-text')).toHaveTextContent('1 de 4');
    expect(screen.getByTestId('campaign-report-status')).toHaveTextContent('Em Andamento');
    expect(screen.getByTestId('campaign-report-confirmation-requested')).toHaveTextContent('2');
    expect(screen.getByTestId('campaign-report-confirmed')).toHaveTextContent('1');
    expect(screen.getByTestId('campaign-report-whatsapp')).toHaveTextContent('Vendas');
    expect(screen.getByTestId('campaign-report-contact-list')).toHaveTextContent('Clientes');
    expect(screen.getByTestId('campaign-report-completed-at')).toHaveTextContent('Não concluída');
    expect(await screen.findByText('5511999990001')).toBeInTheDocument();

    // another campaign's progress changes nothing here
    act(() =>
      socket.serverEmits('company-3-campaign', { action: 'update', record: { ...base, id: 10, report: { ...base.report, delivered: 3 } } }),
    );
    expect(screen.getByTestId('campaign-report-progress-text')).toHaveTextContent('1 de 4');

    const finished = { ...base, status: 'FINALIZADA' as const, report: { ...base.report, delivered: 4 } };
    const readsBefore = api.callsTo('GET /campaigns/9').length;
    served = { ...finished, completedAt: '2026-03-05T18:00:00.000Z' };
    const finishedAt = Date.now();
    act(() => socket.serverEmits('company-3-campaign', { action: 'update', record: finished }));
    await waitFor(() => expect(screen.getByTestId('campaign-report-progress-text')).toHaveTextContent('4 de 4'));
    expect(screen.getByTestId('campaign-report-status')).toHaveTextContent('Finalizada');
    await waitFor(() => expect(screen.getByTestId('campaign-report-completed-at')).not.toHaveTextContent('Não concluída'), {
      timeout: REPORT_REFRESH_MS + 5000,
    });
    expect(Date.now() - finishedAt).toBeGreaterThanOrEqual(REPORT_REFRESH_MS - 50);
    expect(api.callsTo('GET /campaigns/9').length).toBe(readsBefore + 1);
  }, 30_000);
  it('reads the shipping list a page at a time from the server, the pager counting all of them', async () => {
    const shipping = (n: number) => ({
      number: `55119999${String(n).padStart(5, '0')}`,
      name: `Pessoa ${n}`,
      variant: 1,
      deliveredAt: null,
      confirmationRequestedAt: null,
      confirmedAt: null,
      failedReason: null,
    });
    api = fakeApi({
      'GET /campaigns/9': { body: { ...base, confirmation: false } },
      'GET /campaigns/9/shippings': (call) => {
        const pageNumber = Number(call.query.get('pageNumber') ?? 1);
        const rows = Array.from({ length: pageNumber < 3 ? 20 : 5 }, (_, k) => shipping((pageNumber - 1) * 20 + k));
        return { body: { shippings: rows, count: 45, hasMore: pageNumber < 3 } };
      },
    });
    mount();
    expect(await screen.findByText('5511999900000')).toBeInTheDocument();
    expect(api.callsTo('GET /campaigns/9/shippings').map((call) => [call.query.get('pageNumber'), call.query.get('limit')])).toEqual([
      ['1', '20'],
    ]);
    act(() => screen.getByTitle('3').click());
    expect(await screen.findByText('5511999900044')).toBeInTheDocument();
    expect(screen.queryByText('5511999900000')).not.toBeInTheDocument();
    expect(api.callsTo('GET /campaigns/9/shippings').map((call) => call.query.get('pageNumber'))).toEqual(['1', '3']);
  }, 30_000);
});
