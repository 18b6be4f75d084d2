import dayjs from 'dayjs';
import { canPay, invoiceState } from './invoice-status';

const today = dayjs('2026-03-10T12:00:00');

describe('invoice status as the Financeiro table shows it', () => {
  it.each([
    [{ status: 'paid', dueDate: '2026-03-01' }, 'paid'],
    [{ status: 'open', dueDate: '2026-03-09' }, 'overdue'],
    [{ status: 'open', dueDate: '2026-03-10' }, 'open'],
    [{ status: 'open', dueDate: '2026-04-10' }, 'open'],
    [{ status: 'cancelled', dueDate: '2026-03-01' }, 'cancelled'],
  ] as const)('%j is %s', (invoice, expected) => {
    expect(invoiceState(invoice, today)).toBe(expected);
  });

  it('offers pay only on open and overdue invoices', () => {
    expect(['paid', 'overdue', 'open', 'cancelled'].filter((state) => canPay(state as never))).toEqual(['overdue', 'open']);
  });
});
