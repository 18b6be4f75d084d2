import type Stripe from 'stripe';
import { BoundedMap } from './bounded-map.js';
import { buildBrCode } from './br-code.js';
import { newId, nowSeconds, randomToken } from './ids.js';
import { resourceMissing, StripeError, unexpectedState } from './stripe-error.js';

/** The Pix expiry Stripe applies when neither expires_after_seconds nor expires_at is given (4 hours). */
export const DEFAULT_PIX_EXPIRY_SECONDS = 14_400;
/** Stripe pays out Brazilian Pix balances two days later in this simulation. */
const AVAILABLE_AFTER_SECONDS = 2 * 86_400;

export type EventType =
  | 'payment_intent.created'
  | 'payment_intent.requires_action'
  | 'payment_intent.succeeded'
  | 'payment_intent.payment_failed'
  | 'payment_intent.canceled'
  | 'charge.succeeded'
  | 'charge.refunded'
  | 'refund.created';

/** Stripe's event envelope (the `Stripe.Event` union, for the types this sandbox sends). */
export interface SandboxEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Stripe.PaymentIntent | Stripe.Charge | Stripe.Refund };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: EventType;
}

/** The API request that caused a change (null for what happens by itself: a payment, an expiry). */
export interface RequestOrigin {
  requestId: string;
  idempotencyKey: string | null;
}

export interface PixOptions {
  expiresAfterSeconds?: number;
  expiresAt?: number;
  amountIncludesIof?: 'always' | 'never';
}

export interface PaymentMethodInput {
  billingDetails?: { name?: string; email?: string; phone?: string; taxId?: string };
  metadata?: Record<string, string | null>;
}

export interface CreateIntentInput {
  amount: number;
  currency: string;
  /** Whether the request named the allowed payment method types (echoed as allowed_payment_method_types). */
  allowedTypesGiven: boolean;
  confirm: boolean;
  paymentMethod?: string;
  paymentMethodData?: PaymentMethodInput;
  pix?: PixOptions;
  metadata?: Record<string, string | null>;
  description?: string;
  receiptEmail?: string;
  statementDescriptor?: string;
  statementDescriptorSuffix?: string;
}

export interface ConfirmIntentInput {
  paymentMethod?: string;
  paymentMethodData?: PaymentMethodInput;
  pix?: PixOptions;
  receiptEmail?: string;
}

export interface UpdateIntentInput {
  amount?: number;
  description?: string;
  metadata?: Record<string, string | null> | '';
  pix?: PixOptions;
  receiptEmail?: string;
  statementDescriptor?: string;
  statementDescriptorSuffix?: string;
}

export interface RefundInput {
  charge?: string;
  paymentIntent?: string;
  amount?: number;
  reason?: 'duplicate' | 'fraudulent' | 'requested_by_customer';
  metadata?: Record<string, string | null>;
}

export interface AccountOptions {
  /** Stripe's Pix fee in basis points of the amount (119 = 1.19 %). */
  pixFeeBps: number;
  /** Base URL of the QR images and hosted instructions. */
  publicUrl: string;
  merchantName: string;
  merchantCity: string;
  apiVersion: string;
  /** Objects kept per kind (the oldest are forgotten beyond). */
  objectLimit: number;
}

/** A Pix code shown to the payer: which intent it pays, until when. */
export interface PixCode {
  reference: string;
  intentId: string;
  data: string;
  expiresAt: number;
}

const CANCELABLE: ReadonlySet<string> = new Set([
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
]);
const CONFIRMABLE: ReadonlySet<string> = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

function applyMetadata(current: Stripe.Metadata, change: Record<string, string | null> | '' | undefined): Stripe.Metadata {
  if (change === undefined) return current;
  if (change === '') return {};
  const next = { ...current };
  for (const [key, value] of Object.entries(change)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

const reais = (centavos: number) => `R$${(centavos / 100).toFixed(2)}`;

/**
 * One Stripe account in memory: PaymentIntents (Pix only), their payment methods, charges,
 * balance transactions with Stripe's fee, refunds and events. Every change that Stripe announces
 * by webhook produces a `SandboxEvent` through `onEvent`.
 */
export class StripeAccount {
  readonly intents: BoundedMap<string, Stripe.PaymentIntent>;
  readonly paymentMethods: BoundedMap<string, Stripe.PaymentMethod>;
  readonly charges: BoundedMap<string, Stripe.Charge>;
  readonly balanceTransactions: BoundedMap<string, Stripe.BalanceTransaction>;
  readonly refunds: BoundedMap<string, Stripe.Refund>;
  readonly events: BoundedMap<string, SandboxEvent>;
  /** Live and past Pix codes by reference (the txid inside the BR Code). */
  readonly pixCodes: BoundedMap<string, PixCode>;
  onEvent: (event: SandboxEvent) => void = () => undefined;

  constructor(readonly options: AccountOptions) {
    const limit = options.objectLimit;
    this.intents = new BoundedMap(limit);
    this.paymentMethods = new BoundedMap(limit);
    this.charges = new BoundedMap(limit);
    this.balanceTransactions = new BoundedMap(limit);
    this.refunds = new BoundedMap(limit);
    this.events = new BoundedMap(limit);
    this.pixCodes = new BoundedMap(limit);
  }

  intent(id: string, param = 'intent'): Stripe.PaymentIntent {
    const intent = this.intents.get(id);
    if (!intent) throw resourceMissing('payment_intent', id, param);
    return intent;
  }

  charge(id: string, param = 'charge'): Stripe.Charge {
    const charge = this.charges.get(id);
    if (!charge) throw resourceMissing('charge', id, param);
    return charge;
  }

  createPaymentIntent(input: CreateIntentInput, origin: RequestOrigin): Stripe.PaymentIntent {
    const id = newId('pi');
    const intent: Stripe.PaymentIntent = {
      id,
      object: 'payment_intent',
      allowed_payment_method_types: input.allowedTypesGiven ? ['pix'] : null,
      amount: input.amount,
      amount_capturable: 0,
      amount_details: { tip: {} },
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: `${id}_secret_${randomToken(25)}`,
      confirmation_method: 'automatic',
      created: nowSeconds(),
      currency: input.currency,
      customer: null,
      customer_account: null,
      description: input.description ?? null,
      excluded_payment_method_types: null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      managed_payments: null,
      metadata: applyMetadata({}, input.metadata),
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_configuration_details: null,
      payment_method_options: { pix: this.pixOptions(undefined, input.pix) },
      payment_method_types: ['pix'],
      payment_record: null,
      processing: null,
      receipt_email: input.receiptEmail ?? null,
      review: null,
      setup_future_usage: null,
      shipping: null,
      source: null,
      statement_descriptor: input.statementDescriptor ?? null,
      statement_descriptor_suffix: input.statementDescriptorSuffix ?? null,
      status: 'requires_payment_method',
      transfer_data: null,
      transfer_group: null,
    };
    this.attachPaymentMethod(intent, input);
    this.intents.set(id, intent);
    this.emit('payment_intent.created', intent, origin);
    if (input.confirm) this.confirm(id, {}, origin);
    return intent;
  }

  updatePaymentIntent(id: string, input: UpdateIntentInput): Stripe.PaymentIntent {
    const intent = this.intent(id);
    if (!CONFIRMABLE.has(intent.status)) {
      throw unexpectedState(`You cannot update this PaymentIntent because it has a status of ${intent.status}.`);
    }
    if (input.amount !== undefined && input.amount !== intent.amount) {
      intent.amount = input.amount;
      if (intent.status === 'requires_action') {
        // The Pix code shown carries the old amount: it must be confirmed again for a new one.
        intent.status = 'requires_confirmation';
        intent.next_action = null;
      }
    }
    if (input.description !== undefined) intent.description = input.description;
    if (input.receiptEmail !== undefined) intent.receipt_email = input.receiptEmail;
    if (input.statementDescriptor !== undefined) intent.statement_descriptor = input.statementDescriptor;
    if (input.statementDescriptorSuffix !== undefined) intent.statement_descriptor_suffix = input.statementDescriptorSuffix;
    if (input.pix) intent.payment_method_options = { pix: this.pixOptions(intent.payment_method_options?.pix, input.pix) };
    intent.metadata = applyMetadata(intent.metadata, input.metadata);
    return intent;
  }

  /** Confirms a Pix PaymentIntent: it waits for the payer (`requires_action`) with a QR code. */
  confirm(id: string, input: ConfirmIntentInput, origin: RequestOrigin): Stripe.PaymentIntent {
    const intent = this.intent(id);
    if (!CONFIRMABLE.has(intent.status)) {
      throw unexpectedState(
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_payment_method, requires_confirmation, requires_action.`,
      );
    }
    this.attachPaymentMethod(intent, input);
    if (input.receiptEmail !== undefined) intent.receipt_email = input.receiptEmail;
    if (input.pix) intent.payment_method_options = { pix: this.pixOptions(intent.payment_method_options?.pix, input.pix) };
    if (!intent.payment_method) {
      throw unexpectedState(
        "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with a Pix payment, pass payment_method_data[type]=pix or a payment_method.",
      );
    }
    const pix = intent.payment_method_options?.pix;
    const now = nowSeconds();
    const expiresAt = pix?.expires_at ?? now + (pix?.expires_after_seconds ?? DEFAULT_PIX_EXPIRY_SECONDS);
    const reference = randomToken(25);
    const { publicUrl } = this.options;
    const data = buildBrCode({
      amount: intent.amount,
      merchantName: this.options.merchantName,
      merchantCity: this.options.merchantCity,
      location: `${publicUrl.replace(/^https?:\/\//, '')}/pix/${reference}`,
      reference,
    });
    this.pixCodes.set(reference, { reference, intentId: intent.id, data, expiresAt });
    intent.status = 'requires_action';
    intent.last_payment_error = null;
    intent.next_action = {
      type: 'pix_display_qr_code',
      pix_display_qr_code: {
        data,
        expires_at: expiresAt,
        hosted_instructions_url: `${publicUrl}/pix/${reference}`,
        image_url_png: `${publicUrl}/qr/${reference}.png`,
        image_url_svg: `${publicUrl}/qr/${reference}.svg`,
      },
    };
    this.emit('payment_intent.requires_action', intent, origin);
    return intent;
  }

  cancel(id: string, reason: Stripe.PaymentIntent.CancellationReason | undefined, origin: RequestOrigin | null): Stripe.PaymentIntent {
    const intent = this.intent(id);
    if (!CANCELABLE.has(intent.status)) {
      throw unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
      );
    }
    intent.status = 'canceled';
    intent.canceled_at = nowSeconds();
    intent.cancellation_reason = reason ?? null;
    intent.next_action = null;
    this.emit('payment_intent.canceled', intent, origin);
    return intent;
  }

  /** The payer paid the Pix code: a succeeded charge with its balance transaction and Stripe's fee. */
  pay(id: string): Stripe.PaymentIntent {
    const intent = this.awaitingPayment(id);
    const created = nowSeconds();
    const chargeId = newId('ch');
    const fee = Math.round((intent.amount * this.options.pixFeeBps) / 10_000);
    const transaction: Stripe.BalanceTransaction = {
      id: newId('txn'),
      object: 'balance_transaction',
      amount: intent.amount,
      available_on: created + AVAILABLE_AFTER_SECONDS,
      balance_type: 'payments',
      created,
      currency: intent.currency,
      description: intent.description,
      exchange_rate: null,
      fee,
      fee_details: [
        { amount: fee, application: null, currency: intent.currency, description: 'Stripe processing fees', type: 'stripe_fee' },
      ],
      net: intent.amount - fee,
      reporting_category: 'charge',
      source: chargeId,
      status: 'pending',
      type: 'charge',
    };
    const method = this.paymentMethods.get(String(intent.payment_method));
    const charge: Stripe.Charge = {
      id: chargeId,
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      application: null,
      application_fee: null,
      application_fee_amount: null,
      balance_transaction: transaction.id,
      billing_details: method ? { ...method.billing_details } : { address: null, email: null, name: null, phone: null, tax_id: null },
      calculated_statement_descriptor: (intent.statement_descriptor ?? this.options.merchantName).toUpperCase().slice(0, 22),
      captured: true,
      created,
      currency: intent.currency,
      customer: null,
      description: intent.description,
      disputed: false,
      failure_balance_transaction: null,
      failure_code: null,
      failure_message: null,
      fraud_details: {},
      livemode: false,
      metadata: { ...intent.metadata },
      on_behalf_of: null,
      outcome: {
        advice_code: null,
        network_advice_code: null,
        network_decline_code: null,
        network_status: 'approved_by_network',
        reason: null,
        risk_level: 'not_assessed',
        seller_message: 'Payment complete.',
        type: 'authorized',
      },
      paid: true,
      payment_intent: intent.id,
      payment_method: intent.payment_method as string,
      payment_method_details: { type: 'pix', pix: { bank_transaction_id: `E${randomToken(31)}` } },
      receipt_email: intent.receipt_email,
      receipt_number: null,
      receipt_url: null,
      refunded: false,
      review: null,
      shipping: null,
      source: null,
      source_transfer: null,
      statement_descriptor: intent.statement_descriptor,
      statement_descriptor_suffix: intent.statement_descriptor_suffix,
      status: 'succeeded',
      transfer_data: null,
      transfer_group: null,
    };
    this.balanceTransactions.set(transaction.id, transaction);
    this.charges.set(charge.id, charge);
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.latest_charge = charge.id;
    intent.next_action = null;
    this.emit('charge.succeeded', charge, null);
    this.emit('payment_intent.succeeded', intent, null);
    return intent;
  }

  /** The payment attempt failed (the payer's bank refused it): the intent needs a new confirmation. */
  fail(id: string): Stripe.PaymentIntent {
    const intent = this.awaitingPayment(id);
    intent.status = 'requires_payment_method';
    intent.next_action = null;
    intent.last_payment_error = {
      code: 'payment_method_provider_decline',
      message: 'The Pix payment was declined by the payer’s bank.',
      payment_method: this.paymentMethods.get(String(intent.payment_method)),
      payment_method_type: 'pix',
      type: 'card_error',
    };
    intent.payment_method = null;
    this.emit('payment_intent.payment_failed', intent, null);
    return intent;
  }

  /** The Pix code ran out before anyone paid it: Stripe cancels the intent. */
  expire(id: string): Stripe.PaymentIntent {
    this.awaitingPayment(id, false);
    return this.cancel(id, 'expired', null);
  }

  /** Expires every Pix code whose time is up (the sandbox's clock, run every second). */
  expireDue(now = nowSeconds()): string[] {
    const expired: string[] = [];
    for (const intent of this.intents.values()) {
      const action = intent.next_action?.pix_display_qr_code;
      if (intent.status === 'requires_action' && action?.expires_at !== undefined && action.expires_at <= now) {
        this.expire(intent.id);
        expired.push(intent.id);
      }
    }
    return expired;
  }

  refund(input: RefundInput, origin: RequestOrigin): Stripe.Refund {
    let charge: Stripe.Charge;
    if (input.charge) charge = this.charge(input.charge);
    else {
      const intent = this.intent(input.paymentIntent!, 'payment_intent');
      if (intent.status !== 'succeeded' || !intent.latest_charge) {
        throw new StripeError(
          400,
          'invalid_request_error',
          `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
          'charge_not_refundable',
          'payment_intent',
        );
      }
      charge = this.charge(String(intent.latest_charge));
      if (input.paymentIntent && charge.payment_intent !== input.paymentIntent) {
        throw new StripeError(
          400,
          'invalid_request_error',
          `Charge ${charge.id} does not belong to PaymentIntent ${input.paymentIntent}.`,
          undefined,
          'payment_intent',
        );
      }
    }
    const refundable = charge.amount - charge.amount_refunded;
    if (refundable === 0)
      throw new StripeError(400, 'invalid_request_error', `Charge ${charge.id} has already been refunded.`, 'charge_already_refunded');
    const amount = input.amount ?? refundable;
    if (amount > refundable) {
      throw new StripeError(
        400,
        'invalid_request_error',
        `Refund amount (${reais(amount)}) is greater than unrefunded amount on charge (${reais(refundable)})`,
        'amount_too_large',
        'amount',
      );
    }
    const created = nowSeconds();
    const refundId = newId('re');
    const transaction: Stripe.BalanceTransaction = {
      id: newId('txn'),
      object: 'balance_transaction',
      amount: -amount,
      available_on: created,
      balance_type: 'payments',
      created,
      currency: charge.currency,
      description: 'REFUND FOR CHARGE',
      exchange_rate: null,
      fee: 0,
      fee_details: [],
      net: -amount,
      reporting_category: 'refund',
      source: refundId,
      status: 'available',
      type: 'refund',
    };
    const refund: Stripe.Refund = {
      id: refundId,
      object: 'refund',
      amount,
      balance_transaction: transaction.id,
      charge: charge.id,
      created,
      currency: charge.currency,
      customer: null,
      customer_account: null,
      destination_details: { type: 'pix' },
      metadata: applyMetadata({}, input.metadata),
      payment_intent: typeof charge.payment_intent === 'string' ? charge.payment_intent : null,
      payment_method: typeof charge.payment_method === 'string' ? charge.payment_method : null,
      reason: input.reason ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    this.balanceTransactions.set(transaction.id, transaction);
    this.refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    this.emit('refund.created', refund, origin);
    this.emit('charge.refunded', charge, origin);
    return refund;
  }

  /**
   * The PaymentIntent a Pix code pays, while that code is the one it shows: a code replaced by a
   * new confirmation, or whose intent moved on, is refused like a bank refuses a stale code.
   */
  intentForCode(reference: string): Stripe.PaymentIntent {
    const code = this.pixCodes.get(reference);
    const intent = code ? this.intents.get(code.intentId) : undefined;
    if (!code || !intent)
      throw new StripeError(404, 'invalid_request_error', 'This Pix code was not issued by this sandbox.', 'resource_missing', 'code');
    if (intent.next_action?.pix_display_qr_code?.data !== code.data) {
      throw unexpectedState(`This Pix code is no longer valid: its PaymentIntent (${intent.id}) has a status of ${intent.status}.`);
    }
    return intent;
  }

  private awaitingPayment(id: string, checkExpiry = true): Stripe.PaymentIntent {
    const intent = this.intent(id);
    if (intent.status !== 'requires_action') {
      throw unexpectedState(
        `This PaymentIntent has a status of ${intent.status}: only one waiting for its Pix payment (requires_action) can be paid, fail or expire.`,
      );
    }
    const expiresAt = intent.next_action?.pix_display_qr_code?.expires_at;
    if (checkExpiry && expiresAt !== undefined && expiresAt <= nowSeconds()) {
      this.expire(id);
      throw unexpectedState(
        `The Pix code of this PaymentIntent expired at ${new Date(expiresAt * 1000).toISOString()}: the PaymentIntent is canceled.`,
      );
    }
    return intent;
  }

  private pixOptions(
    current: Stripe.PaymentIntent.PaymentMethodOptions.Pix | undefined,
    change: PixOptions | undefined,
  ): Stripe.PaymentIntent.PaymentMethodOptions.Pix {
    const options: Stripe.PaymentIntent.PaymentMethodOptions.Pix = {
      amount_includes_iof: current?.amount_includes_iof ?? 'never',
      expires_after_seconds: current?.expires_after_seconds ?? null,
      expires_at: current?.expires_at ?? null,
    };
    if (change?.amountIncludesIof) options.amount_includes_iof = change.amountIncludesIof;
    if (change?.expiresAfterSeconds !== undefined)
      Object.assign(options, { expires_after_seconds: change.expiresAfterSeconds, expires_at: null });
    if (change?.expiresAt !== undefined) Object.assign(options, { expires_at: change.expiresAt, expires_after_seconds: null });
    return options;
  }

  private attachPaymentMethod(
    intent: Stripe.PaymentIntent,
    input: { paymentMethod?: string; paymentMethodData?: PaymentMethodInput },
  ): void {
    if (input.paymentMethod) {
      if (!this.paymentMethods.has(input.paymentMethod)) throw resourceMissing('payment_method', input.paymentMethod, 'payment_method');
      intent.payment_method = input.paymentMethod;
    } else if (input.paymentMethodData) {
      const details = input.paymentMethodData.billingDetails ?? {};
      const method: Stripe.PaymentMethod = {
        id: newId('pm'),
        object: 'payment_method',
        allow_redisplay: 'unspecified',
        billing_details: {
          address: null,
          email: details.email ?? null,
          name: details.name ?? null,
          phone: details.phone ?? null,
          tax_id: details.taxId ?? null,
        },
        created: nowSeconds(),
        customer: null,
        customer_account: null,
        livemode: false,
        metadata: applyMetadata({}, input.paymentMethodData.metadata),
        pix: {},
        type: 'pix',
      };
      this.paymentMethods.set(method.id, method);
      intent.payment_method = method.id;
    } else return;
    if (intent.status === 'requires_payment_method') intent.status = 'requires_confirmation';
  }

  private emit(type: EventType, object: SandboxEvent['data']['object'], origin: RequestOrigin | null): void {
    const event: SandboxEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: this.options.apiVersion,
      created: nowSeconds(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 0,
      request: { id: origin?.requestId ?? null, idempotency_key: origin?.idempotencyKey ?? null },
      type,
    };
    this.events.set(event.id, event);
    this.onEvent(event);
  }
}
