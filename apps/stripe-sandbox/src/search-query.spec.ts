import { compileSearch, type SearchableFields } from './search-query.js';
import { StripeError } from './stripe-error.js';

const intent = (status: string, amount: number, metadata: Record<string, string>): SearchableFields => ({
  numbers: { amount, created: 1_700_000_000 },
  strings: { status, currency: 'brl', customer: null },
  metadata,
});
const compile = (query: string) => compileSearch(query, ['amount', 'created'], ['status', 'currency', 'customer']);

describe('Stripe search queries', () => {
  const open = intent('requires_action', 4990, { invoiceId: '42', companyId: '7' });
  const paid = intent('succeeded', 4990, { invoiceId: '43' });

  it('matches metadata, status and amounts, joined by AND or OR', () => {
    expect(compile("metadata['invoiceId']:'42'")(open)).toBe(true);
    expect(compile('metadata["invoiceId"]:"42"')(paid)).toBe(false);
    expect(compile("metadata['companyId']:'7' AND status:'requires_action'")(open)).toBe(true);
    expect(compile("metadata['invoiceId']:'43' AND status:'requires_action'")(paid)).toBe(false);
    expect(compile("status:'canceled' OR metadata['invoiceId']:'43'")(paid)).toBe(true);
    expect(compile('amount>=4990 AND amount<5000')(open)).toBe(true);
    expect(compile("-status:'succeeded'")(paid)).toBe(false);
    expect(compile("metadata['missing']:'x'")(open)).toBe(false);
  });

  it('refuses what Stripe refuses: mixed AND/OR, unknown fields, ranges on strings', () => {
    for (const query of ["status:'a' AND status:'b' OR status:'c'", "colour:'red'", "status>'a'", 'metadata:x', "status~'ab'", '']) {
      expect(() => compile(query)).toThrow(StripeError);
    }
  });
});
