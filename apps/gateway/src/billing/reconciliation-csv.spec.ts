import type { ReconciliationRow } from '@atrium/contracts';
import { csvCell, reconciliationCsv } from './reconciliation-csv.js';

describe('reconciliation CSV', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvCell('Acme, Ltda "BR"')).toBe('"Acme, Ltda ""BR"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-2.50')).toBe('-2.50');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('writes a header and one line per row', () => {
    const row: ReconciliationRow = {
      paymentIntentId: 'pi_1',
      invoiceId: 7,
      companyId: 3,
      companyName: 'Padaria',
      amount: '149.90',
      invoiceValue: '149.90',
      fee: '1.78',
      net: '148.12',
      refundedAmount: '0.00',
      status: 'succeeded',
      date: '2026-11-23T12:00:00.000Z',
      exceptions: [],
    };
    expect(reconciliationCsv([row])).toBe(
      'exceptions,date,company_id,company,invoice_id,invoice_value,amount,fee,net,refunded,status,payment_intent\r\n' +
        ',2026-11-23T12:00:00.000Z,3,Padaria,7,149.90,149.90,1.78,148.12,0.00,succeeded,pi_1\r\n',
    );
  });
});
