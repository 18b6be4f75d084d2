import { nextDueDate, type AuthResult, type PaymentEventPayload, type PlanView, type ReconciliationRow } from '@atrium/contracts';
import Stripe from 'stripe';
import { PaymentRecovery } from '@atrium/app-billing';
import type { ApiClient } from '../api-client.js';
import { createPlan, signedUpAdmin } from '../identity-fixtures.js';
import { eventually } from '../nats-fixtures.js';
import type { SocketRecorder } from '../socket-client.js';
import { superAdmin } from '../tenants.js';
import {
  aBillingCompany,
  checkout,
  dueDateAsOperatorSees,
  exceptionKindsOf,
  intentOf,
  invoicesOf,
  issueInvoices,
  openInvoiceFor,
  postWebhook,
  restartBilling,
  sandboxCall,
  stopBilling,
  startBillingStack,
  WEBHOOK_SECRET,
  type BillingCompany,
  type BillingStack,
} from './billing-fixture.js';

describe('billing: invoices, Pix checkout through Stripe, verified webhooks, license renewal', () => {
  let billing: BillingStack;
  let operator: ApiClient;
  let plan: PlanView;
  const sockets: SocketRecorder[] = [];

  beforeAll(async () => {
    billing = await startBillingStack();
    operator = await superAdmin(billing.stack);
    plan = await createPlan(operator, { value: 149.9 });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await billing.stop();
  });

  const aCompany = () => aBillingCompany(billing, plan.id, sockets);
  const openInvoiceOf = (company: BillingCompany) => openInvoiceFor(billing, company);
  const dueDateOf = (company: BillingCompany) => dueDateAsOperatorSees(operator, company);
  const exceptionsOf = (paymentIntentId: string) => exceptionKindsOf(billing, paymentIntentId);

  it('issues one invoice per company and period from its plan, however many issuers run at once', async () => {
    const company = await aCompany();
    await Promise.all(Array.from({ length: 6 }, () => issueInvoices(billing)));
    const invoices = await invoicesOf(company.admin);
    expect(invoices).toEqual([
      expect.objectContaining({ companyId: company.id, detail: plan.name, value: '149.90', dueDate: company.dueDate, status: 'open' }),
    ]);
    const page = await company.admin.get<{ hasMore: boolean; count: number }>('/invoices/all?pageNumber=1&paged=true');
    expect(page.body).toMatchObject({ hasMore: false, count: 1 });
  });

  it('a plan change before paying corrects the open invoice, never a second one', async () => {
    const ownPlan = await createPlan(operator, { value: 50 });
    const { client, session } = await signedUpAdmin(billing.stack, ownPlan.id);
    await issueInvoices(billing);
    expect((await invoicesOf(client)).map((i) => i.value)).toEqual(['50.00']);
    expect((await operator.put(`/plans/${ownPlan.id}`, { value: 75.5 })).status).toBe(200);
    await issueInvoices(billing);
    const invoices = await invoicesOf(client);
    expect(invoices).toEqual([expect.objectContaining({ value: '75.50', companyId: session.user.companyId })]);
  });

  it('answers bad input with 4xx and stores nothing', async () => {
    const company = await aCompany();
    const invoice = await openInvoiceOf(company);
    for (const body of [{}, { invoiceId: 'abc' }, { invoiceId: -1 }, { invoiceId: 1.5 }, { invoiceId: invoice.id, cardNumber: { x: 1 } }]) {
      expect((await company.admin.post('/subscription', body)).status).toBe(400);
    }
    expect(await company.admin.post('/subscription', { invoiceId: 2_000_000_000 })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_INVOICE_FOUND' },
    });
    for (const query of ['?pageNumber=0', '?pageNumber=abc', '?status=lost', '?dueFrom=yesterday']) {
      expect((await company.admin.get(`/invoices/all${query}`)).status).toBe(400);
    }
    expect((await billing.stripe.paymentIntents.search({ query: `metadata['invoiceId']:'${invoice.id}'` })).data).toEqual([]);
    expect((await invoicesOf(company.admin))[0]).toMatchObject({ status: 'open', value: '149.90' });
  });

  it("a company never sees nor pays another company's invoice; super users see every company's", async () => {
    const a = await aCompany();
    const b = await aCompany();
    const invoiceOfA = await openInvoiceOf(a);
    const seenByB = await invoicesOf(b.admin);
    expect(seenByB.every((invoice) => invoice.companyId === b.id)).toBe(true);
    expect(await b.admin.post('/subscription', { invoiceId: invoiceOfA.id })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_INVOICE_FOUND' },
    });
    expect((await invoicesOf(b.admin, `?companyId=${a.id}`)).some((invoice) => invoice.companyId === a.id)).toBe(false);

    const all = await invoicesOf(operator, `?companyId=${a.id}`);
    expect(all.map((invoice) => invoice.id)).toEqual([invoiceOfA.id]);
    const users = billing.stack.client();
    expect((await users.get('/invoices/all')).status).toBe(401);
  });

  it('paying the Pix code marks the invoice paid, extends the due date once and tells only that company CONCLUIDA', async () => {
    const company = await aCompany();
    const other = await aCompany();
    const invoice = await openInvoiceOf(company);

    const pix = await checkout(company.admin, invoice.id, { price: 1, plan: JSON.stringify({ price: 1 }) });
    expect(pix.valor.original).toBe('149.90');
    expect(pix.qrcode.qrcode).toMatch(/^000201/);
    expect(pix.qrcode.imagemQrcode).toMatch(/^http/);
    expect(await checkout(company.admin, invoice.id)).toEqual(pix);
    const intent = await intentOf(billing, invoice.id);
    expect(intent).toMatchObject({
      amount: 14990,
      currency: 'brl',
      metadata: { invoiceId: String(invoice.id), companyId: String(company.id) },
    });

    expect((await sandboxCall(billing, '/_sandbox/pix/pay', { code: pix.qrcode.qrcode })).status).toBe(200);
    const event = await company.socket.next<PaymentEventPayload>(`company-${company.id}-payment`, 15_000);
    const renewedTo = nextDueDate(invoice.dueDate, 'MENSAL');
    expect(event).toMatchObject({ action: 'CONCLUIDA', company: { id: company.id, dueDate: renewedTo, status: true } });
    expect((await invoicesOf(company.admin))[0]).toMatchObject({ id: invoice.id, status: 'paid' });
    expect(await dueDateOf(company)).toBe(renewedTo);

    // The same event three more times: nothing changes.
    const [succeeded] = (await billing.stripe.events.list({ type: 'payment_intent.succeeded' })).data.filter(
      (e) => (e.data.object as Stripe.PaymentIntent).id === intent.id,
    );
    for (let i = 0; i < 3; i++) await sandboxCall(billing, `/_sandbox/events/${succeeded!.id}/deliver`);
    await eventually(async () => {
      const attempts = (await (await fetch(`${billing.sandbox.url}/_sandbox/deliveries?event=${succeeded!.id}`)).json()) as
        { data?: { outcome: string }[] } | { outcome: string }[];
      const list = Array.isArray(attempts) ? attempts : (attempts.data ?? []);
      return list.filter((a) => a.outcome === 'delivered').length >= 4;
    }, 15_000);
    expect(await dueDateOf(company)).toBe(renewedTo);
    expect(company.socket.events().filter((name) => name === `company-${company.id}-payment`)).toEqual([]);
    expect(other.socket.events().some((name) => name.endsWith('-payment'))).toBe(false);
    expect(await company.admin.post('/subscription', { invoiceId: invoice.id })).toMatchObject({
      status: 409,
      body: { error: 'ERR_INVOICE_NOT_OPEN' },
    });
  });

  it('refuses forged, wrongly signed, stale and unsigned webhooks and changes nothing', async () => {
    const company = await aCompany();
    const invoice = await openInvoiceOf(company);
    await checkout(company.admin, invoice.id);
    const intent = await intentOf(billing, invoice.id);
    const payload = JSON.stringify({
      id: 'evt_forged_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { object: { ...intent, status: 'succeeded', amount_received: intent.amount } },
    });
    const sign = (secret: string, timestamp?: number) => billing.stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    const good = sign(WEBHOOK_SECRET);
    const forged = good.replace(/v1=([0-9a-f])/, (_, c: string) => `v1=${c === '0' ? '1' : '0'}`);
    expect(await postWebhook(billing, payload, forged)).toBe(400);
    expect(await postWebhook(billing, payload, sign('whsec_not_ours'))).toBe(400);
    expect(await postWebhook(billing, payload, sign(WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600))).toBe(400);
    expect(await postWebhook(billing, payload)).toBe(400);
    expect(await postWebhook(billing, payload, '')).toBe(400);
    expect(await postWebhook(billing, payload.replace('succeeded', 'succeeded '), good)).toBe(400);
    expect(await postWebhook(billing, 'x'.repeat(600_000), good)).toBe(413);

    expect((await invoicesOf(company.admin))[0]).toMatchObject({ status: 'open' });
    expect(await dueDateOf(company)).toBe(company.dueDate);
  });

  it('the same event three times and two events for one intent at once extend once', async () => {
    const company = await aCompany();
    const invoice = await openInvoiceOf(company);
    const pix = await checkout(company.admin, invoice.id);
    const intent = await intentOf(billing, invoice.id);
    // Stripe's deliveries of this payment are lost; the test delivers them itself, all at once.
    await sandboxCall(billing, '/_sandbox/webhooks/drop', { count: 2 });
    await sandboxCall(billing, '/_sandbox/pix/pay', { code: pix.qrcode.qrcode });
    const paid = await billing.stripe.paymentIntents.retrieve(intent.id);
    const [succeeded] = (await billing.stripe.events.list({ type: 'payment_intent.succeeded' })).data.filter(
      (e) => (e.data.object as Stripe.PaymentIntent).id === intent.id,
    );
    const second = JSON.stringify({ ...succeeded, id: `${succeeded!.id}_other`, data: { object: paid } });
    const first = JSON.stringify(succeeded);
    const statuses = await Promise.all([
      postWebhook(billing, first, billing.stripe.webhooks.generateTestHeaderString({ payload: first, secret: WEBHOOK_SECRET })),
      postWebhook(billing, first, billing.stripe.webhooks.generateTestHeaderString({ payload: first, secret: WEBHOOK_SECRET })),
      postWebhook(billing, first, billing.stripe.webhooks.generateTestHeaderString({ payload: first, secret: WEBHOOK_SECRET })),
      postWebhook(billing, second, billing.stripe.webhooks.generateTestHeaderString({ payload: second, secret: WEBHOOK_SECRET })),
    ]);
    expect(statuses).toEqual([200, 200, 200, 200]);
    await company.socket.next(`company-${company.id}-payment`, 15_000);
    expect(await dueDateOf(company)).toBe(nextDueDate(invoice.dueDate, 'MENSAL'));
    expect((await invoicesOf(company.admin))[0]).toMatchObject({ status: 'paid' });
    // The recovery job looks again (it also runs every second): still nothing new to announce.
    await billing.stack.apps.billing!.get(PaymentRecovery).recover();
    await new Promise((resolve) => setTimeout(resolve, 500)); // an absence cannot be awaited: a second CONCLUIDA would be here by now
    expect(company.socket.events().filter((name) => name === `company-${company.id}-payment`)).toEqual([]);
    expect(await dueDateOf(company)).toBe(nextDueDate(invoice.dueDate, 'MENSAL'));
  });

  it('flags an amount that does not match the invoice and does not renew', async () => {
    const company = await aCompany();
    const invoice = await openInvoiceOf(company);
    await checkout(company.admin, invoice.id);
    const intent = await intentOf(billing, invoice.id);
    await billing.stripe.paymentIntents.update(intent.id, { amount: 1000 });
    await billing.stripe.paymentIntents.confirm(intent.id, { payment_method_data: { type: 'pix' } });
    expect((await sandboxCall(billing, `/_sandbox/payment_intents/${intent.id}/pay`)).status).toBe(200);
    await eventually(async () => (await exceptionsOf(intent.id)).includes('amount_mismatch'), 15_000);
    expect((await invoicesOf(company.admin))[0]).toMatchObject({ status: 'open' });
    expect(await dueDateOf(company)).toBe(company.dueDate);
  });

  it('recovers a webhook lost while billing was down through the periodic job', async () => {
    const company = await aCompany();
    const invoice = await openInvoiceOf(company);
    const pix = await checkout(company.admin, invoice.id);
    await stopBilling(billing);
    try {
      // Stripe's deliveries while billing is down are lost for good (no retry will reach it).
      await sandboxCall(billing, '/_sandbox/webhooks/drop', { count: 2 });
      expect((await sandboxCall(billing, '/_sandbox/pix/pay', { code: pix.qrcode.qrcode })).status).toBe(200);
      expect((await company.admin.get('/invoices/all')).status).toBe(503);
    } finally {
      await restartBilling(billing);
    }
    const event = await company.socket.next<PaymentEventPayload>(`company-${company.id}-payment`, 20_000);
    expect(event.company.dueDate).toBe(nextDueDate(invoice.dueDate, 'MENSAL'));
    expect((await invoicesOf(company.admin))[0]).toMatchObject({ status: 'paid' });
  });

  it('an expired company can log in again once its invoice is paid', async () => {
    const company = await aCompany();
    const invoice = await openInvoiceOf(company);
    const pix = await checkout(company.admin, invoice.id);
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await operator.put(`/companies/${company.id}`, { dueDate: yesterday })).status).toBe(200);
    const password = 'secret123'; // aSignup's
    const login = () => billing.stack.client().post<AuthResult>('/auth/login', { email: company.email, password });
    const refused = await login();
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.body).toMatchObject({ error: 'ERR_SUBSCRIPTION_EXPIRED' });

    await sandboxCall(billing, '/_sandbox/pix/pay', { code: pix.qrcode.qrcode });
    await eventually(async () => (await dueDateOf(company)) === nextDueDate(invoice.dueDate, 'MENSAL'), 15_000);
    expect((await login()).status).toBe(200);
  });

  it('lists payments for billing staff with fee and net, exceptions first, as JSON and CSV; refunds show on the invoice', async () => {
    const paying = await aCompany();
    const paidInvoice = await openInvoiceOf(paying);
    const pix = await checkout(paying.admin, paidInvoice.id);
    await sandboxCall(billing, '/_sandbox/pix/pay', { code: pix.qrcode.qrcode });
    await paying.socket.next(`company-${paying.id}-payment`, 15_000);

    const mismatched = await aCompany();
    const mismatchedInvoice = await openInvoiceOf(mismatched);
    await checkout(mismatched.admin, mismatchedInvoice.id);
    const wrong = await intentOf(billing, mismatchedInvoice.id);
    await billing.stripe.paymentIntents.update(wrong.id, { amount: 2000 });
    await billing.stripe.paymentIntents.confirm(wrong.id, { payment_method_data: { type: 'pix' } });
    await sandboxCall(billing, `/_sandbox/payment_intents/${wrong.id}/pay`);
    await eventually(async () => (await exceptionsOf(wrong.id)).includes('amount_mismatch'), 15_000);

    const listing = await operator.get<ReconciliationRow[]>('/invoices/reconciliation');
    expect(listing.status).toBe(200);
    const firstClean = listing.body.findIndex((row) => row.exceptions.length === 0);
    const lastException = listing.body.map((row) => row.exceptions.length > 0).lastIndexOf(true);
    expect(lastException).toBeLessThan(firstClean);
    const paidRow = listing.body.find((row) => row.invoiceId === paidInvoice.id && row.status === 'succeeded');
    expect(paidRow).toMatchObject({
      companyId: paying.id,
      amount: '149.90',
      invoiceValue: '149.90',
      fee: '1.78',
      net: '148.12',
      exceptions: [],
    });
    expect(paidRow!.companyName).toEqual(expect.any(String));
    expect(listing.body.find((row) => row.paymentIntentId === wrong.id)).toMatchObject({
      amount: '20.00',
      invoiceValue: '149.90',
      exceptions: expect.arrayContaining(['amount_mismatch', 'succeeded_but_open']),
    });

    const onlyPaying = await operator.get<ReconciliationRow[]>(`/invoices/reconciliation?companyId=${paying.id}`);
    expect(onlyPaying.body.map((row) => row.companyId)).toEqual(onlyPaying.body.map(() => paying.id));
    const onlyExceptions = await operator.get<ReconciliationRow[]>('/invoices/reconciliation?status=exception');
    expect(onlyExceptions.body.every((row) => row.exceptions.length > 0)).toBe(true);
    const future = await operator.get<ReconciliationRow[]>('/invoices/reconciliation?from=2099-01-01');
    expect(future.body.filter((row) => row.invoiceId !== null)).toEqual([]);
    expect((await operator.get('/invoices/reconciliation?from=soon')).status).toBe(400);

    const csv = await operator.request<string>('GET', '/invoices/reconciliation/csv');
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe(
      'exceptions,date,company_id,company,invoice_id,invoice_value,amount,fee,net,refunded,status,payment_intent',
    );
    expect(csv.body).toContain(`,${paidInvoice.id},149.90,149.90,1.78,148.12,0.00,succeeded,`);

    expect((await paying.admin.get('/invoices/reconciliation')).status).toBe(403);
    expect((await paying.admin.get('/invoices/reconciliation/csv')).status).toBe(403);

    const paidIntent = await intentOf(billing, paidInvoice.id);
    await billing.stripe.refunds.create({ payment_intent: paidIntent.id, amount: 5000 });
    await eventually(async () => (await invoicesOf(paying.admin))[0]?.refundedAmount === '50.00', 15_000);
  });
});
