import type { CustomerWindowView } from '@atrium/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AppProviders } from '../../../app/app-providers';
import { createStore } from '../../../app/store';
import { loggedIn } from '../../auth/auth.slice';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { aMessage } from '../../../../test/tickets-fixtures';
import { aSessionUser } from '../../../../test/session-user';
import { TemplatePicker } from './template-picker.component';
import '../../../i18n/i18n';
import { anApprovedTemplate } from '../../../../test/template-fixtures';

const template = anApprovedTemplate;

const closed: CustomerWindowView = {
  ticketId: 7,
  provider: 'cloud',
  applies: true,
  open: false,
  lastCustomerMessageAt: null,
  closesAt: null,
};

/** The composer once Meta's 24-hour window closed (issue 26): an approved template, its values, sent to the ticket. */
describe('TemplatePicker', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it('sends the chosen template with each variable’s value, trimmed, once every variable has one', async () => {
    api = fakeApi({
      'GET /whatsapp/5/templates': { body: [template] },
      'POST /messages/7/template': { status: 201, body: aMessage({ id: 40, fromMe: true, body: 'Olá Ana, seu pedido 12 está pronto' }) },
    });
    const store = createStore();
    store.dispatch(loggedIn({ token: 'jwt', user: aSessionUser() }));
    const sent: number[] = [];
    render(
      <AppProviders store={store}>
        <TemplatePicker ticketId={7} whatsappId={5} window={closed} onSent={(message) => sent.push(message.id)} />
      </AppProviders>,
    );
    expect(screen.getByTestId('window-closed')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByTestId('template-select').querySelector('input')!);
    fireEvent.click(await screen.findByTitle('pedido_pronto (pt_BR)', {}, { timeout: 10_000 }));
    fireEvent.change(screen.getByTestId('template-body-0'), { target: { value: ' Ana ' } });
    expect(screen.getByTestId('template-send')).toBeDisabled();
    fireEvent.change(screen.getByTestId('template-body-1'), { target: { value: '12' } });
    expect(screen.getByTestId('template-preview')).toHaveTextContent('Olá Ana , seu pedido 12 está pronto');
    fireEvent.click(screen.getByTestId('template-send'));
    await waitFor(() => expect(sent).toEqual([40]), { timeout: 10_000 });
    expect(api.callsTo('POST /messages/7/template')[0]!.body).toEqual({
      name: 'pedido_pronto',
      language: 'pt_BR',
      parameters: { body: ['Ana', '12'] },
    });
  }, 120_000);
});
