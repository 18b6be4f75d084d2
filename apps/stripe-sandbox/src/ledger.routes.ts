import { listRoute, retrieveRoute, type ApiRoute } from './api-route.js';
import { render } from './render.js';
import { missingParam } from './stripe-error.js';

type Refundable = 'duplicate' | 'fraudulent' | 'requested_by_customer';

/** Payment methods, charges, balance transactions (fee and net) and refunds. */
export const LEDGER_ROUTES: ApiRoute[] = [
  retrieveRoute('payment_methods', 'payment_method', ({ account }, id) => account.paymentMethods.get(id)),
  listRoute(
    'charges',
    'charge',
    ({ account }) => account.charges.newestFirst(),
    (params) => {
      const paymentIntent = params.string('payment_intent');
      return (charge) => paymentIntent === undefined || charge.payment_intent === paymentIntent;
    },
  ),
  retrieveRoute('charges', 'charge', ({ account }, id) => account.charges.get(id)),
  listRoute(
    'balance_transactions',
    'balance_transaction',
    ({ account }) => account.balanceTransactions.newestFirst(),
    (params) => {
      const source = params.string('source');
      const type = params.string('type');
      const currency = params.string('currency')?.toLowerCase();
      return (transaction) =>
        (source === undefined || transaction.source === source) &&
        (type === undefined || transaction.type === type) &&
        (currency === undefined || transaction.currency === currency);
    },
  ),
  retrieveRoute('balance_transactions', 'balance_transaction', ({ account }, id) => account.balanceTransactions.get(id)),
  {
    method: 'POST',
    pattern: /^\/v1\/refunds$/,
    handle: ({ params, account, origin }) => {
      const charge = params.string('charge');
      const paymentIntent = params.string('payment_intent');
      if (charge === undefined && paymentIntent === undefined) throw missingParam('charge');
      const input = {
        charge,
        paymentIntent,
        amount: params.integer('amount', { min: 1 }),
        reason: params.string('reason', { oneOf: ['duplicate', 'fraudulent', 'requested_by_customer'] }) as Refundable | undefined,
        metadata: params.metadata() || undefined,
      };
      const expand = params.expand();
      params.done();
      return render(account, account.refund(input, origin), expand);
    },
  },
  listRoute(
    'refunds',
    'refund',
    ({ account }) => account.refunds.newestFirst(),
    (params) => {
      const charge = params.string('charge');
      const paymentIntent = params.string('payment_intent');
      return (refund) =>
        (charge === undefined || refund.charge === charge) && (paymentIntent === undefined || refund.payment_intent === paymentIntent);
    },
  ),
  retrieveRoute('refunds', 'refund', ({ account }, id) => account.refunds.get(id)),
];
