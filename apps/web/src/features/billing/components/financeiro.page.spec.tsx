import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InvoiceView, PixChargeView } from '@atrium/contracts';
import dayjs from 'dayjs';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderWithLiveSocket } from '../../../../test/render-tickets';
import { aSessionUser } from '../../../../test/session-user';
import { isoDate } from '../../../shared/dates/dates';
import FinanceiroPage from './financeiro.page';
import { PixPayment } from './pix-payment.component';

function anInvoice(overrides: Partial<InvoiceView>): InvoiceView {
  return {
    id: 1,
    companyId: 3,
    companyName: 'Acme',
    detail: 'Plano Ouro',
    value: '129.90',
    dueDate: isoDate(dayjs().add(10, 'day')),
    status: 'open',
    paidAt: null,
    refundedAmount: '0.00',
    createdAt: '',
    updatedAt: '',
    ...overrides,
  };
}

const open = anInvoice({ id: 11 });
const overdue = anInvoice({ id: 12, dueDate: isoDate(dayjs().subtract(2, 'day')) });
const paid = anInvoice({ id: 13, status: 'paid', paidAt: '2026-01-01T00:00:00Z' });
const charge: PixChargeView = {
  invoiceId: 11,
  valor: { original: '129.90' },
  qrcode: { qrcode: '00020126580014br.gov.bcb.pix0136sandbox-pix-code', imagemQrcode: 'http://sandbox/qr.png' },
  expiresAt: '2099-01-01T10:00:00.000Z',
};

function rowOf(id: number): HTMLElement {
  return screen
    .getAllByRole('row')
    .find((row) => within(row).queryByText(String(id)) && row.querySelector('td')?.textContent === String(id))!;
}

describe('Financeiro page', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it('derives Pago / Vencido / Em Aberto, shades overdue rows and offers pay only on non-paid invoices', async () => {
    api = fakeApi({ 'GET /invoices/all': { body: { invoices: [open, overdue, paid], count: 3, hasMore: false } } });
    renderWithLiveSocket([{ path: '*', element: <FinanceiroPage /> }], '/financeiro', aSessionUser());
    await screen.findByText('Vencido');
    expect(within(rowOf(11)).getByText('Em Aberto')).toBeInTheDocument();
    expect(within(rowOf(12)).getByText('Vencido')).toBeInTheDocument();
    expect(within(rowOf(13)).getByText('Pago')).toBeInTheDocument();
    expect(rowOf(12)).toHaveClass('invoice-row-overdue');
    expect(rowOf(11)).not.toHaveClass('invoice-row-overdue');
    expect(within(rowOf(11)).getByTestId('invoice-pay')).toBeInTheDocument();
    expect(within(rowOf(12)).getByTestId('invoice-pay')).toBeInTheDocument();
    expect(within(rowOf(13)).queryByTestId('invoice-pay')).not.toBeInTheDocument();
    expect(within(rowOf(11)).getByText('R$ 129,90')).toBeInTheDocument();
  });

  const companyWithout = { id: 3, name: 'Acme', addressStreet: null, addressCity: null, addressZipCode: null, addressState: null };
  const companyWith = {
    id: 3,
    name: 'Acme Ltda',
    addressStreet: 'Rua B, 2',
    addressCity: 'Campinas',
    addressZipCode: '13000-000',
    addressState: 'SP',
  };

  it('a company without billing data starts at Dados (spec texts), and PAGAR pays without sending it back', async () => {
    api = fakeApi({
      'GET /invoices/all': { body: { invoices: [open], count: 1, hasMore: false } },
      'GET /companies/3': { body: companyWithout },
      'POST /subscription': { status: 201, body: charge },
    });
    renderWithLiveSocket([{ path: '*', element: <FinanceiroPage /> }], '/financeiro', aSessionUser());
    fireEvent.click(await screen.findByTestId('invoice-pay'));
    const dialog = await screen.findByRole('dialog');
    // Dados is the first step that needs input; the company's name is its billing name
    expect(await within(dialog).findByLabelText('Nome completo')).toHaveValue('Acme');
    expect(within(dialog).queryByTestId('checkout-plan')).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Nome completo'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByTestId('checkout-next'));
    for (const text of ['O nome completo é obrigatório', 'O Endereço é obrigatório', 'Cidade é obrigatória', 'CEP é obrigatório']) {
      expect(await within(dialog).findByText(text)).toBeInTheDocument();
    }
    expect(within(dialog).queryByTestId('checkout-plan')).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Nome completo'), { target: { value: 'Maria Silva' } });
    fireEvent.change(within(dialog).getByLabelText('Endereço'), { target: { value: 'Rua A, 1' } });
    fireEvent.change(within(dialog).getByLabelText('Cidade'), { target: { value: 'São Paulo' } });
    fireEvent.change(within(dialog).getByLabelText('CEP'), { target: { value: '01000-000' } });
    fireEvent.click(within(dialog).getByTestId('checkout-next'));
    fireEvent.click(await within(dialog).findByTestId('checkout-choose-plan'));
    fireEvent.click(await within(dialog).findByTestId('checkout-pay'));

    await waitFor(() => expect(api.callsTo('POST /subscription')).toHaveLength(1));
    expect(api.callsTo('POST /subscription')[0]!.body).toMatchObject({
      invoiceId: 11,
      firstName: 'Maria Silva',
      address2: 'Rua A, 1',
      city: 'São Paulo',
      zipcode: '01000-000',
      country: 'BR',
    });
    const qr = await within(dialog).findByTestId('pix-qr');
    expect(qr.getAttribute('data-qr')).toBe(charge.qrcode.qrcode);
    expect(qr.querySelector('svg')?.getAttribute('height')).toBe('256');
    expect(within(dialog).getByTestId('pix-code')).toHaveValue(charge.qrcode.qrcode);
  }, 90_000);

  it('a company whose billing data are complete starts at Personalizar and pays with them at the first PAGAR', async () => {
    api = fakeApi({
      'GET /invoices/all': { body: { invoices: [open], count: 1, hasMore: false } },
      'GET /companies/3': { body: companyWith },
      'POST /subscription': { status: 201, body: charge },
    });
    renderWithLiveSocket([{ path: '*', element: <FinanceiroPage /> }], '/financeiro', aSessionUser());
    fireEvent.click(await screen.findByTestId('invoice-pay'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByTestId('checkout-choose-plan'));
    expect(await within(dialog).findByText('Acme Ltda, Rua B, 2, Campinas, SP, 13000-000, BR')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByTestId('checkout-pay'));
    await waitFor(() => expect(api.callsTo('POST /subscription')).toHaveLength(1));
    expect(api.callsTo('POST /subscription')[0]!.body).toMatchObject({
      invoiceId: 11,
      firstName: 'Acme Ltda',
      address2: 'Rua B, 2',
      city: 'Campinas',
      state: 'SP',
      zipcode: '13000-000',
    });
    expect(await within(dialog).findByTestId('pix-qr')).toBeInTheDocument();
  }, 90_000);

  it("copies the code with a 1 s feedback and turns CONCLUIDA on its own company's payment event, then goes to / after 4 s", async () => {
    api = fakeApi({});
    const { socket, router } = renderWithLiveSocket(
      [{ path: '*', element: <PixPayment charge={charge} companyId={3} /> }],
      '/financeiro',
      aSessionUser(),
    );
    fireEvent.click(await screen.findByTestId('pix-copy'));
    expect(await screen.findByText('Copiado!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Copiado!')).not.toBeInTheDocument(), { timeout: 3000 });

    act(() => socket.serverEmits('company-4-payment', { action: 'CONCLUIDA', company: { id: 4, dueDate: '2027-01-01' } }));
    expect(screen.queryByTestId('pix-renewed')).not.toBeInTheDocument();
    act(() => socket.serverEmits('company-3-payment', { action: 'CONCLUIDA', company: { id: 3, dueDate: '2026-12-24' } }));
    expect(await screen.findByText('Sua licença foi renovada até 24/12/2026!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/financeiro');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 8000 });
  }, 60_000);
});
