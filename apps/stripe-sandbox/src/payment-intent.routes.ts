import { ID, listRoute, type ApiRoute } from './api-route.js';
import { nowSeconds } from './ids.js';
import type { ParamReader } from './param-reader.js';
import { itemExpansions, render } from './render.js';
import { compileSearch } from './search-query.js';
import type { PaymentMethodInput, PixOptions } from './stripe-account.js';
import { invalidParam, StripeError } from './stripe-error.js';

/** Stripe's limits for BRL: at least R$0.50, at most R$999,999.99 (in centavos). */
const MIN_AMOUNT = 50;
const MAX_AMOUNT = 99_999_999;
/** Pix expiry bounds Stripe accepts (seconds). */
const MIN_PIX_EXPIRY = 60;
const MAX_PIX_EXPIRY = 1_209_600;
const SEARCH_NUMBERS = ['amount', 'created'] as const;
const SEARCH_STRINGS = ['status', 'currency', 'customer'] as const;

function readAmount(params: ParamReader, required: boolean): number | undefined {
  const amount = required ? params.integer('amount', { required: true }) : params.integer('amount');
  if (amount === undefined) return undefined;
  if (amount < MIN_AMOUNT)
    throw new StripeError(400, 'invalid_request_error', 'Amount must be at least R$0.50 brl', 'amount_too_small', 'amount', false);
  if (amount > MAX_AMOUNT)
    throw new StripeError(
      400,
      'invalid_request_error',
      'Amount must be no more than R$999,999.99 brl',
      'amount_too_large',
      'amount',
      false,
    );
  return amount;
}

function readPaymentMethodData(params: ParamReader): PaymentMethodInput | undefined {
  const data = params.object('payment_method_data');
  if (!data) return undefined;
  data.string('type', { required: true, oneOf: ['pix'] });
  const billing = data.object('billing_details');
  return {
    billingDetails: billing && {
      name: billing.string('name', { max: 5000 }),
      email: billing.string('email', { max: 800 }),
      phone: billing.string('phone', { max: 5000 }),
      taxId: billing.string('tax_id', { max: 20 }),
    },
    metadata: data.metadata() || undefined,
  };
}

function readPixOptions(params: ParamReader): PixOptions | undefined {
  const pix = params.object('payment_method_options')?.object('pix');
  if (!pix) return undefined;
  const expiresAfterSeconds = pix.integer('expires_after_seconds', { min: MIN_PIX_EXPIRY, max: MAX_PIX_EXPIRY });
  const now = nowSeconds();
  const expiresAt = pix.integer('expires_at', { min: now + MIN_PIX_EXPIRY, max: now + MAX_PIX_EXPIRY });
  if (expiresAfterSeconds !== undefined && expiresAt !== undefined) {
    throw invalidParam('payment_method_options[pix][expires_at]', 'You cannot pass both expires_after_seconds and expires_at.');
  }
  const amountIncludesIof = pix.string('amount_includes_iof', { oneOf: ['always', 'never'] }) as PixOptions['amountIncludesIof'];
  return { expiresAfterSeconds, expiresAt, amountIncludesIof };
}

function readCurrency(params: ParamReader): string {
  const currency = params.string('currency', { required: true }).toLowerCase();
  if (currency !== 'brl') {
    throw invalidParam(
      'currency',
      `The currency provided (${currency}) is invalid for Pix, whose currency is brl (stripe-sandbox handles Pix only).`,
      'payment_intent_invalid_parameter',
    );
  }
  return currency;
}

/**
 * `allowed_payment_method_types[]=pix` (API 2026-09-30 and later; what SDK 23 types), or
 * `payment_method_types[]=pix` as earlier API versions named it. Pix is all this sandbox takes.
 * Answers whether the allowed types were given (the object echoes them).
 */
function readPaymentMethodTypes(params: ParamReader): boolean {
  let given = false;
  for (const name of ['allowed_payment_method_types', 'payment_method_types']) {
    const types = params.strings(name);
    if (types === undefined) continue;
    given = true;
    if (types.length !== 1 || types[0] !== 'pix') {
      throw invalidParam(
        name,
        `The payment method types provided (${types.join(', ')}) are invalid here: stripe-sandbox handles Pix only (${name}[]=pix).`,
        'payment_intent_invalid_parameter',
      );
    }
  }
  return given;
}

const searchPage = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url');
function readSearchPage(page: string | undefined): number {
  if (page === undefined) return 0;
  const match = /^offset:(\d+)$/.exec(Buffer.from(page, 'base64url').toString());
  if (!match) throw invalidParam('page', `Invalid page: ${page}`);
  return Number(match[1]);
}

/** `/v1/payment_intents`: create, retrieve, update, confirm, cancel, list and search. */
export const PAYMENT_INTENT_ROUTES: ApiRoute[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/payment_intents$/,
    handle: ({ params, account, origin }) => {
      const amount = readAmount(params, true)!;
      const currency = readCurrency(params);
      const allowedTypesGiven = readPaymentMethodTypes(params);
      params.string('capture_method', { oneOf: ['automatic', 'automatic_async'] });
      const confirm = params.boolean('confirm') ?? false;
      const returnUrl = params.string('return_url');
      if (returnUrl !== undefined && !confirm) throw invalidParam('return_url', 'return_url can only be passed when confirm=true.');
      const input = {
        amount,
        currency,
        allowedTypesGiven,
        confirm,
        paymentMethod: params.string('payment_method'),
        paymentMethodData: readPaymentMethodData(params),
        pix: readPixOptions(params),
        metadata: params.metadata() || undefined,
        description: params.string('description', { max: 1000 }),
        receiptEmail: params.string('receipt_email', { max: 800 }),
        statementDescriptor: params.string('statement_descriptor', { max: 22 }),
        statementDescriptorSuffix: params.string('statement_descriptor_suffix', { max: 22 }),
      };
      const expand = params.expand();
      params.done();
      return render(account, account.createPaymentIntent(input, origin), expand);
    },
  },
  listRoute('payment_intents', 'payment_intent', ({ account }) => account.intents.newestFirst()),
  {
    method: 'GET',
    pattern: /^\/v1\/payment_intents\/search$/,
    handle: ({ params, account }) => {
      const query = params.string('query', { required: true });
      const limit = params.integer('limit', { min: 1, max: 100 }) ?? 10;
      const offset = readSearchPage(params.string('page'));
      const expand = itemExpansions(params.expand());
      params.done();
      const matches = compileSearch(query, SEARCH_NUMBERS, SEARCH_STRINGS);
      const found = account.intents.newestFirst().filter((intent) =>
        matches({
          numbers: { amount: intent.amount, created: intent.created },
          strings: {
            status: intent.status,
            currency: intent.currency,
            customer: typeof intent.customer === 'string' ? intent.customer : null,
          },
          metadata: intent.metadata,
        }),
      );
      const data = found.slice(offset, offset + limit).map((intent) => render(account, intent, expand));
      const hasMore = found.length > offset + limit;
      return {
        object: 'search_result',
        data,
        has_more: hasMore,
        next_page: hasMore ? searchPage(offset + limit) : null,
        url: '/v1/payment_intents/search',
      };
    },
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/v1/payment_intents/${ID}$`),
    handle: ({ params, account, match }) => {
      params.string('client_secret');
      const expand = params.expand();
      params.done();
      return render(account, account.intent(match[1]!), expand);
    },
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/v1/payment_intents/${ID}$`),
    handle: ({ params, account, match }) => {
      readPaymentMethodTypes(params);
      const input = {
        amount: readAmount(params, false),
        description: params.string('description', { max: 1000 }),
        metadata: params.metadata(),
        pix: readPixOptions(params),
        receiptEmail: params.string('receipt_email', { max: 800 }),
        statementDescriptor: params.string('statement_descriptor', { max: 22 }),
        statementDescriptorSuffix: params.string('statement_descriptor_suffix', { max: 22 }),
      };
      const expand = params.expand();
      params.done();
      return render(account, account.updatePaymentIntent(match[1]!, input), expand);
    },
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/v1/payment_intents/${ID}/confirm$`),
    handle: ({ params, account, match, origin }) => {
      params.string('return_url');
      readPaymentMethodTypes(params);
      const input = {
        paymentMethod: params.string('payment_method'),
        paymentMethodData: readPaymentMethodData(params),
        pix: readPixOptions(params),
        receiptEmail: params.string('receipt_email', { max: 800 }),
      };
      const expand = params.expand();
      params.done();
      return render(account, account.confirm(match[1]!, input, origin), expand);
    },
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/v1/payment_intents/${ID}/cancel$`),
    handle: ({ params, account, match, origin }) => {
      const reason = params.string('cancellation_reason', { oneOf: ['abandoned', 'duplicate', 'fraudulent', 'requested_by_customer'] });
      const expand = params.expand();
      params.done();
      return render(account, account.cancel(match[1]!, reason, origin), expand);
    },
  },
];
