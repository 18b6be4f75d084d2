import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createLogger } from '@atrium/logging';
import { readBrCode } from './br-code.js';
import { startStripeSandbox, type RunningStripeSandbox } from './sandbox.js';

/**
 * The sandbox driven by the official `stripe` SDK, pointed at it through its host/port/protocol
 * options, and a local HTTP receiver standing in for the billing service's webhook endpoint.
 */

const WEBHOOK_SECRET = 'whsec_test_receiver_secret';

interface Received {
  body: string;
  signature: string;
  event: Stripe.Event;
}

/** A webhook receiver: keeps every delivery; `answer` decides each response's status. */
class Receiver {
  readonly received: Received[] = [];
  answer: (event: Stripe.Event, sameEventBefore: number) => number = () => 200;
  url = '';
  private waiters: Array<() => void> = [];
  private readonly server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const event = JSON.parse(body) as Stripe.Event;
      const before = this.received.filter((item) => item.event.id === event.id).length;
      this.received.push({ body, signature: String(request.headers['stripe-signature']), event });
      response.writeHead(this.answer(event, before)).end();
      for (const wake of this.waiters.splice(0)) wake();
    });
  });

  static async start(): Promise<Receiver> {
    const receiver = new Receiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', () => resolve()));
    receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/stripe/webhook`;
    return receiver;
  }

  /** Deliveries of events matching `where`, once there are at least `count` of them. */
  async waitFor(where: (event: Stripe.Event) => boolean, count = 1, timeoutMs = 5000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const matching = this.received.filter((item) => where(item.event));
      if (matching.length >= count) return matching;
      if (Date.now() > deadline)
        throw new Error(
          `expected ${count} matching webhooks, got ${matching.length}: ${this.received.map((item) => item.event.type).join(', ')}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - Date.now());
        this.waiters.push(() => (clearTimeout(timer), resolve()));
      });
    }
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const forIntent = (id: string, type: string) => (event: Stripe.Event) =>
  event.type === type && (event.data.object as { id: string }).id === id;

describe('stripe-sandbox through the official SDK', () => {
  let sandbox: RunningStripeSandbox;
  let receiver: Receiver;
  let stripe: Stripe;

  beforeAll(async () => {
    receiver = await Receiver.start();
    sandbox = await startStripeSandbox(
      {
        PORT: 0,
        HOST: '127.0.0.1',
        STRIPE_SANDBOX_SECRET_KEY: 'sk_test_int_spec',
        STRIPE_SANDBOX_WEBHOOK_URL: receiver.url,
        STRIPE_SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_SANDBOX_WEBHOOK_RETRY_MS: 50,
        STRIPE_SANDBOX_WEBHOOK_ATTEMPTS: 3,
      },
      createLogger({ service: 'stripe-sandbox', level: 'silent' }),
    );
    stripe = new Stripe('sk_test_int_spec', { ...sandbox.sdkOptions, maxNetworkRetries: 0 });
  });

  afterAll(async () => {
    await sandbox.close();
    await receiver.close();
  });

  beforeEach(() => {
    receiver.answer = () => 200;
  });

  const sandboxCall = async (path: string, body?: object) => {
    const response = await fetch(sandbox.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown> & { error?: { type: string; code?: string; message: string } },
    };
  };

  /** What billing sends: a confirmed Pix PaymentIntent for an invoice. */
  const pixIntent = (invoiceId: string, amount = 4990, options: Stripe.RequestOptions = {}) =>
    stripe.paymentIntents.create(
      {
        amount,
        currency: 'brl',
        allowed_payment_method_types: ['pix'],
        confirm: true,
        payment_method_data: { type: 'pix' },
        payment_method_options: { pix: { expires_after_seconds: 3600 } },
        metadata: { invoiceId, companyId: '7' },
      },
      options,
    );

  it('creates and confirms a Pix PaymentIntent that waits for the payer with a QR code', async () => {
    const before = Math.floor(Date.now() / 1000);
    const intent = await pixIntent('inv-create');

    expect(intent).toMatchObject({
      object: 'payment_intent',
      amount: 4990,
      currency: 'brl',
      status: 'requires_action',
      livemode: false,
      payment_method_types: ['pix'],
      allowed_payment_method_types: ['pix'],
      metadata: { invoiceId: 'inv-create', companyId: '7' },
      latest_charge: null,
      payment_method_options: { pix: { expires_after_seconds: 3600, expires_at: null } },
    });
    expect(intent.id).toMatch(/^pi_\w{24}$/);
    expect(intent.payment_method).toMatch(/^pm_/);
    expect(intent.lastResponse.requestId).toMatch(/^req_/);
    const qr = intent.next_action?.pix_display_qr_code;
    expect(intent.next_action?.type).toBe('pix_display_qr_code');
    expect(qr?.expires_at).toBeGreaterThanOrEqual(before + 3600);
    expect(qr?.expires_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 3600);
    // The copy-and-paste code is a valid BR Code (checksum) carrying the amount in reais.
    expect(readBrCode(qr!.data!)).toMatchObject({ amount: 4990 });

    const png = await fetch(qr!.image_url_png!);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await png.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const svg = await fetch(qr!.image_url_svg!);
    expect(await svg.text()).toContain('<svg');
    const page = await fetch(qr!.hosted_instructions_url!);
    expect(await page.text()).toContain(qr!.data!.replace(/&/g, '&amp;'));

    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({
      id: intent.id,
      status: 'requires_action',
      next_action: intent.next_action,
    });
  });

  it('confirms separately, and cancels only what may be canceled, with Stripe errors', async () => {
    const draft = await stripe.paymentIntents.create({ amount: 1000, currency: 'brl', allowed_payment_method_types: ['pix'] });
    expect(draft.status).toBe('requires_payment_method');
    await expect(stripe.paymentIntents.confirm(draft.id)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'payment_intent_unexpected_state',
      statusCode: 400,
    });

    const confirmed = await stripe.paymentIntents.confirm(draft.id, { payment_method_data: { type: 'pix' } });
    expect(confirmed.status).toBe('requires_action');

    const canceled = await stripe.paymentIntents.cancel(draft.id, { cancellation_reason: 'abandoned' });
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned', next_action: null });
    expect(canceled.canceled_at).toEqual(expect.any(Number));
    await expect(stripe.paymentIntents.cancel(draft.id)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
      statusCode: 400,
    });

    await expect(stripe.paymentIntents.retrieve('pi_doesnotexist')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      message: "No such payment_intent: 'pi_doesnotexist'",
    });
  });

  it('refuses bad parameters the way Stripe does', async () => {
    await expect(stripe.paymentIntents.create({ amount: 10, currency: 'brl' })).rejects.toMatchObject({
      code: 'amount_too_small',
      param: 'amount',
      statusCode: 400,
    });
    await expect(stripe.paymentIntents.create({ currency: 'brl' } as Stripe.PaymentIntentCreateParams)).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'amount',
      message: 'Missing required param: amount.',
    });
    await expect(stripe.paymentIntents.create({ amount: 1000, currency: 'usd' })).rejects.toMatchObject({
      param: 'currency',
      statusCode: 400,
    });
    await expect(
      stripe.paymentIntents.create({ amount: 1000, currency: 'brl', allowed_payment_method_types: ['card'] }),
    ).rejects.toMatchObject({ param: 'allowed_payment_method_types' });
    // Earlier API versions named the list payment_method_types: still understood.
    const legacy = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'brl',
      payment_method_types: ['pix'],
    } as Stripe.PaymentIntentCreateParams);
    expect(legacy).toMatchObject({ payment_method_types: ['pix'], allowed_payment_method_types: ['pix'] });
    await expect(
      stripe.paymentIntents.create({ amount: 1000, currency: 'brl', colour: 'blue' } as Stripe.PaymentIntentCreateParams),
    ).rejects.toMatchObject({
      code: 'parameter_unknown',
      param: 'colour',
      message: 'Received unknown parameter: colour',
    });
    await expect(
      stripe.paymentIntents.create({
        amount: 1000,
        currency: 'brl',
        confirm: true,
        payment_method_data: { type: 'pix' },
        payment_method_options: { pix: { expires_after_seconds: 5 } },
      }),
    ).rejects.toMatchObject({ param: 'payment_method_options[pix][expires_after_seconds]' });
    await expect(stripe.paymentIntents.retrieve((await pixIntent('inv-expand')).id, { expand: ['customer'] })).rejects.toMatchObject({
      param: 'expand',
      statusCode: 400,
    });
  });

  it('replays an idempotent request and refuses the same key with other parameters', async () => {
    const key = `invoice-idem-${Date.now()}-attempt-1`;
    const first = await pixIntent('inv-idem', 4990, { idempotencyKey: key });
    const replay = await pixIntent('inv-idem', 4990, { idempotencyKey: key });

    expect(replay.id).toBe(first.id);
    expect(replay.next_action).toEqual(first.next_action);
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    expect((await stripe.paymentIntents.search({ query: "metadata['invoiceId']:'inv-idem'" })).data).toHaveLength(1);

    const mismatch = pixIntent('inv-idem', 5990, { idempotencyKey: key });
    await expect(mismatch).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    await expect(mismatch).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400, rawType: 'idempotency_error' });
    const otherEndpoint = stripe.paymentIntents.cancel(first.id, {}, { idempotencyKey: key });
    await expect(otherEndpoint).rejects.toMatchObject({ rawType: 'idempotency_error' });
    expect((await stripe.paymentIntents.retrieve(first.id)).status).toBe('requires_action');

    // A request refused while its parameters were read saves nothing: the key stays usable.
    const retryKey = `invoice-idem-${Date.now()}-attempt-2`;
    await expect(pixIntent('inv-idem-2', 10, { idempotencyKey: retryKey })).rejects.toMatchObject({ code: 'amount_too_small' });
    expect((await pixIntent('inv-idem-2', 2000, { idempotencyKey: retryKey })).amount).toBe(2000);
  });

  it('sends payment_intent.succeeded signed like Stripe when the payer pays, verified by the SDK', async () => {
    const intent = await pixIntent('inv-pay');
    const paid = await sandboxCall(`/_sandbox/payment_intents/${intent.id}/pay`);
    expect(paid).toMatchObject({ status: 200, body: { id: intent.id, status: 'succeeded', amount_received: 4990 } });

    const [delivery] = await receiver.waitFor(forIntent(intent.id, 'payment_intent.succeeded'));
    expect(delivery!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = stripe.webhooks.constructEvent(delivery!.body, delivery!.signature, WEBHOOK_SECRET);
    expect(event).toMatchObject({ object: 'event', type: 'payment_intent.succeeded', livemode: false, api_version: '2026-10-28.endive' });
    expect(event.id).toMatch(/^evt_/);
    const object = event.data.object as Stripe.PaymentIntent;
    expect(object).toMatchObject({
      id: intent.id,
      status: 'succeeded',
      amount: 4990,
      currency: 'brl',
      metadata: { invoiceId: 'inv-pay', companyId: '7' },
    });
    expect(object.latest_charge).toMatch(/^ch_/);
    expect(() => stripe.webhooks.constructEvent(delivery!.body, delivery!.signature, 'whsec_someone_else')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => stripe.webhooks.constructEvent(delivery!.body.replace('4990', '1'), delivery!.signature, WEBHOOK_SECRET)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );

    // The same event is listed by the API, delivered (no endpoint still waiting).
    expect(await stripe.events.retrieve(event.id)).toMatchObject({ id: event.id, type: 'payment_intent.succeeded', pending_webhooks: 0 });
    await expect(sandboxCall(`/_sandbox/payment_intents/${intent.id}/pay`)).resolves.toMatchObject({
      status: 400,
      body: { error: { code: 'payment_intent_unexpected_state' } },
    });
  });

  it('pays by the Pix copy-and-paste code, as a bank app would', async () => {
    const intent = await pixIntent('inv-code');
    const code = intent.next_action!.pix_display_qr_code!.data!;
    await expect(sandboxCall('/_sandbox/pix/pay', { code: code.slice(0, -1) + (code.endsWith('0') ? '1' : '0') })).resolves.toMatchObject({
      status: 400,
    });
    await expect(sandboxCall('/_sandbox/pix/pay', { code })).resolves.toMatchObject({
      status: 200,
      body: { id: intent.id, status: 'succeeded' },
    });
    await expect(sandboxCall('/_sandbox/pix/pay', { code })).resolves.toMatchObject({ status: 400 });
  });

  it('records the charge and its balance transaction with the Pix fee and net', async () => {
    const intent = await pixIntent('inv-fee', 4990);
    await sandboxCall(`/_sandbox/payment_intents/${intent.id}/pay`);

    const paid = await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge.balance_transaction'] });
    const charge = paid.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({
      object: 'charge',
      amount: 4990,
      paid: true,
      status: 'succeeded',
      payment_intent: intent.id,
      payment_method_details: { type: 'pix' },
    });
    const transaction = charge.balance_transaction as Stripe.BalanceTransaction;
    // 1.19 % of R$49.90 = 59.38 centavos, rounded to 59.
    expect(transaction).toMatchObject({
      object: 'balance_transaction',
      type: 'charge',
      amount: 4990,
      fee: 59,
      net: 4931,
      currency: 'brl',
      source: charge.id,
    });
    expect(transaction.id).toMatch(/^txn_/);
    expect(transaction.fee_details).toEqual([
      { amount: 59, application: null, currency: 'brl', description: 'Stripe processing fees', type: 'stripe_fee' },
    ]);
    expect(await stripe.balanceTransactions.retrieve(transaction.id)).toMatchObject({ id: transaction.id, fee: 59, net: 4931 });
    expect((await stripe.charges.list({ payment_intent: intent.id })).data.map((item) => item.id)).toEqual([charge.id]);
  });

  it('retries a delivery the receiver answered with 500, with a fresh valid signature', async () => {
    receiver.answer = (event, before) => (event.type === 'payment_intent.succeeded' && before === 0 ? 500 : 200);
    const intent = await pixIntent('inv-retry');
    await sandboxCall(`/_sandbox/payment_intents/${intent.id}/pay`);

    const deliveries = await receiver.waitFor(forIntent(intent.id, 'payment_intent.succeeded'), 2);
    expect(deliveries[0]!.event.id).toBe(deliveries[1]!.event.id);
    for (const delivery of deliveries)
      expect(stripe.webhooks.constructEvent(delivery.body, delivery.signature, WEBHOOK_SECRET).id).toBe(deliveries[0]!.event.id);

    const log = (await (await fetch(`${sandbox.url}/_sandbox/deliveries?event=${deliveries[0]!.event.id}`)).json()) as {
      data: Array<{ attempt: number; status: number; outcome: string }>;
    };
    expect(log.data.map(({ attempt, status, outcome }) => ({ attempt, status, outcome }))).toEqual([
      { attempt: 1, status: 500, outcome: 'retrying' },
      { attempt: 2, status: 200, outcome: 'delivered' },
    ]);
  });

  it('gives up after the configured attempts and leaves the event pending', async () => {
    receiver.answer = (event) => (event.type === 'payment_intent.succeeded' ? 503 : 200);
    const intent = await pixIntent('inv-give-up');
    await sandboxCall(`/_sandbox/payment_intents/${intent.id}/pay`);
    const deliveries = await receiver.waitFor(forIntent(intent.id, 'payment_intent.succeeded'), 3);
    const eventId = deliveries[0]!.event.id;
    const waitForLog = async () => {
      for (let i = 0; i < 50; i += 1) {
        const log = (await (await fetch(`${sandbox.url}/_sandbox/deliveries?event=${eventId}`)).json()) as {
          data: Array<{ outcome: string }>;
        };
        if (log.data.length === 3) return log.data.map((entry) => entry.outcome);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('no third attempt logged');
    };
    expect(await waitForLog()).toEqual(['retrying', 'retrying', 'gave-up']);
    expect((await stripe.events.retrieve(eventId)).pending_webhooks).toBe(1);
    const undelivered = await stripe.events.list({ type: 'payment_intent.succeeded', delivery_success: false });
    expect(undelivered.data.map((event) => event.id)).toContain(eventId);
  });

  it('retries an endpoint it cannot reach (a network error, no status)', async () => {
    const down = await Receiver.start();
    await down.close();
    const endpoint = await stripe.webhookEndpoints.create({ url: down.url, enabled_events: ['payment_intent.canceled'] });
    try {
      const intent = await pixIntent('inv-unreachable');
      await stripe.paymentIntents.cancel(intent.id);
      const [event] = (await stripe.events.list({ type: 'payment_intent.canceled', limit: 1 })).data;
      const attemptsTo = async () => {
        for (let i = 0; i < 100; i += 1) {
          const log = (await (await fetch(`${sandbox.url}/_sandbox/deliveries?event=${event!.id}`)).json()) as {
            data: Array<{ endpoint: string; status: number | null; error: string; outcome: string }>;
          };
          const attempts = log.data.filter((entry) => entry.endpoint === endpoint.id);
          if (attempts.length === 3) return attempts;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error('three attempts were not logged');
      };
      const attempts = await attemptsTo();
      expect(attempts.map(({ status, outcome }) => ({ status, outcome }))).toEqual([
        { status: null, outcome: 'retrying' },
        { status: null, outcome: 'retrying' },
        { status: null, outcome: 'gave-up' },
      ]);
      expect(attempts[0]!.error).toMatch(/ECONNREFUSED/);
    } finally {
      await stripe.webhookEndpoints.del(endpoint.id);
    }
  });

  it('loses a webhook on demand and sends it again when asked (a missed webhook)', async () => {
    await expect(sandboxCall('/_sandbox/webhooks/drop', { count: 1 })).resolves.toMatchObject({ status: 200, body: { dropping: 1 } });
    const intent = await stripe.paymentIntents.create({ amount: 1500, currency: 'brl', metadata: { invoiceId: 'inv-missed' } });
    // The dropped one was payment_intent.created; the next events arrive as usual.
    const events = await stripe.events.list({ type: 'payment_intent.created', limit: 5 });
    const dropped = events.data.find((event) => (event.data.object as Stripe.PaymentIntent).id === intent.id)!;
    expect(dropped.pending_webhooks).toBe(1);
    expect(receiver.received.some((item) => item.event.id === dropped.id)).toBe(false);

    await expect(sandboxCall(`/_sandbox/events/${dropped.id}/deliver`)).resolves.toMatchObject({
      status: 200,
      body: { event: dropped.id, endpoints: 1 },
    });
    const [delivery] = await receiver.waitFor((event) => event.id === dropped.id);
    expect(stripe.webhooks.constructEvent(delivery!.body, delivery!.signature, WEBHOOK_SECRET).type).toBe('payment_intent.created');
  });

  it('expires a Pix code: the intent is canceled and payment_intent.canceled is sent', async () => {
    const intent = await pixIntent('inv-expire');
    const expired = await sandboxCall(`/_sandbox/payment_intents/${intent.id}/expire`);
    expect(expired.body).toMatchObject({ status: 'canceled', cancellation_reason: 'expired', next_action: null });

    const [delivery] = await receiver.waitFor(forIntent(intent.id, 'payment_intent.canceled'));
    const event = stripe.webhooks.constructEvent(delivery!.body, delivery!.signature, WEBHOOK_SECRET);
    expect(event.data.object).toMatchObject({ id: intent.id, status: 'canceled', cancellation_reason: 'expired' });
    await expect(sandboxCall(`/_sandbox/payment_intents/${intent.id}/pay`)).resolves.toMatchObject({ status: 400 });
  });

  it('fails a payment: payment_intent.payment_failed and a new confirmation needed', async () => {
    const intent = await pixIntent('inv-fail');
    await sandboxCall(`/_sandbox/payment_intents/${intent.id}/fail`);
    const [delivery] = await receiver.waitFor(forIntent(intent.id, 'payment_intent.payment_failed'));
    const object = stripe.webhooks.constructEvent(delivery!.body, delivery!.signature, WEBHOOK_SECRET).data.object as Stripe.PaymentIntent;
    expect(object).toMatchObject({ status: 'requires_payment_method', last_payment_error: { payment_method_type: 'pix' } });
    const again = await stripe.paymentIntents.confirm(intent.id, { payment_method_data: { type: 'pix' } });
    expect(again.status).toBe('requires_action');
    expect(again.next_action!.pix_display_qr_code!.data).not.toBe(intent.next_action!.pix_display_qr_code!.data);
  });

  it('refunds a payment: the refund, its balance transaction and charge.refunded', async () => {
    const intent = await pixIntent('inv-refund', 4990);
    await sandboxCall(`/_sandbox/payment_intents/${intent.id}/pay`);

    const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 1990, reason: 'requested_by_customer' });
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 1990,
      status: 'succeeded',
      payment_intent: intent.id,
      reason: 'requested_by_customer',
    });
    expect(refund.id).toMatch(/^re_/);
    expect(await stripe.balanceTransactions.retrieve(refund.balance_transaction as string)).toMatchObject({
      type: 'refund',
      amount: -1990,
      fee: 0,
      net: -1990,
      source: refund.id,
    });

    const [delivery] = await receiver.waitFor(
      (event) => event.type === 'charge.refunded' && (event.data.object as Stripe.Charge).payment_intent === intent.id,
    );
    const charge = stripe.webhooks.constructEvent(delivery!.body, delivery!.signature, WEBHOOK_SECRET).data.object as Stripe.Charge;
    expect(charge).toMatchObject({ amount: 4990, amount_refunded: 1990, refunded: false });

    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 5000 })).rejects.toMatchObject({
      code: 'amount_too_large',
      statusCode: 400,
    });
    await stripe.refunds.create({ charge: charge.id });
    expect(await stripe.charges.retrieve(charge.id)).toMatchObject({ amount_refunded: 4990, refunded: true });
    await expect(stripe.refunds.create({ charge: charge.id })).rejects.toMatchObject({ code: 'charge_already_refunded' });
  });

  it('lists and searches PaymentIntents (the open invoices of a periodic check)', async () => {
    const since = Math.floor(Date.now() / 1000);
    const run = `run${Date.now()}`;
    const created = [];
    for (const n of [1, 2, 3]) created.push(await pixIntent(`${run}-${n}`, 1000 * n));
    await sandboxCall(`/_sandbox/payment_intents/${created[1]!.id}/pay`);

    const one = await stripe.paymentIntents.search({ query: `metadata['invoiceId']:'${run}-2'` });
    expect(one).toMatchObject({ object: 'search_result', has_more: false });
    expect(one.data.map((intent) => [intent.id, intent.status])).toEqual([[created[1]!.id, 'succeeded']]);

    const waiting = await stripe.paymentIntents.search({
      query: `metadata['invoiceId']~'${run}' AND status:'requires_action'`,
      expand: ['data.latest_charge'],
    });
    expect(waiting.data.map((intent) => intent.id).sort()).toEqual([created[0]!.id, created[2]!.id].sort());
    const paged = await stripe.paymentIntents.search({ query: `metadata['invoiceId']~'${run}'`, limit: 2 });
    expect(paged.has_more).toBe(true);
    const everyMatch = await stripe.paymentIntents
      .search({ query: `metadata['invoiceId']~'${run}'`, limit: 2 })
      .autoPagingToArray({ limit: 10 });
    expect(everyMatch.map((intent) => intent.id)).toEqual(created.map((intent) => intent.id).reverse());
    await expect(stripe.paymentIntents.search({ query: 'metadata:foo' })).rejects.toMatchObject({ param: 'query', statusCode: 400 });

    const page = await stripe.paymentIntents.list({ created: { gte: since }, limit: 2 });
    expect(page.has_more).toBe(true);
    expect(page.data).toHaveLength(2);
    const listed = await stripe.paymentIntents.list({ created: { gte: since }, limit: 2 }).autoPagingToArray({ limit: 100 });
    expect(listed.map((intent) => intent.id)).toEqual(expect.arrayContaining(created.map((intent) => intent.id)));
    expect(new Set(listed.map((intent) => intent.id)).size).toBe(listed.length);
  });

  it('delivers to endpoints created through the API, signed with the secret it returned', async () => {
    const second = await Receiver.start();
    try {
      const endpoint = await stripe.webhookEndpoints.create({ url: second.url, enabled_events: ['payment_intent.canceled'] });
      expect(endpoint).toMatchObject({
        object: 'webhook_endpoint',
        status: 'enabled',
        url: second.url,
        enabled_events: ['payment_intent.canceled'],
        livemode: false,
      });
      expect(endpoint.id).toMatch(/^we_/);
      expect(endpoint.secret).toMatch(/^whsec_/);
      expect((await stripe.webhookEndpoints.retrieve(endpoint.id)).secret).toBeUndefined();

      const intent = await pixIntent('inv-endpoint');
      await stripe.paymentIntents.cancel(intent.id, {}, { idempotencyKey: `cancel-${intent.id}` });
      const [delivery] = await second.waitFor(forIntent(intent.id, 'payment_intent.canceled'));
      const event = stripe.webhooks.constructEvent(delivery!.body, delivery!.signature, endpoint.secret!);
      expect(event.request).toEqual({ id: expect.stringMatching(/^req_/), idempotency_key: `cancel-${intent.id}` });
      expect(second.received.map((item) => item.event.type)).toEqual(['payment_intent.canceled']);

      expect(await stripe.webhookEndpoints.del(endpoint.id)).toMatchObject({ id: endpoint.id, deleted: true });
      const later = await pixIntent('inv-endpoint-later');
      await stripe.paymentIntents.cancel(later.id);
      await receiver.waitFor(forIntent(later.id, 'payment_intent.canceled'));
      expect(second.received).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('refuses requests without the secret key in Stripe’s error shape', async () => {
    const anonymous = await fetch(`${sandbox.url}/v1/payment_intents`);
    expect(anonymous.status).toBe(401);
    const body = (await anonymous.json()) as { error: Record<string, unknown> };
    expect(body.error).toMatchObject({ type: 'invalid_request_error', message: expect.stringContaining('You did not provide an API key') });

    const wrong = new Stripe('sk_test_not_the_key', { ...sandbox.sdkOptions, maxNetworkRetries: 0 });
    await expect(wrong.paymentIntents.list()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(wrong.paymentIntents.list()).rejects.toMatchObject({
      statusCode: 401,
      rawType: 'invalid_request_error',
      message: expect.stringMatching(/^Invalid API Key provided: sk_test_\*+_key$/),
    });

    const unknown = await fetch(`${sandbox.url}/v1/customers`, { headers: { authorization: 'Bearer sk_test_int_spec' } });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toMatch(
      /^Unrecognized request URL \(GET: \/v1\/customers\)/,
    );
  });
});
