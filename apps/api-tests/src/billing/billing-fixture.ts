import { startStripeSandbox, type RunningStripeSandbox } from '@atrium/app-stripe-sandbox';
import { BillingAppModule, BillingConfig, InvoiceIssuer } from '@atrium/app-billing';
import { loadConfig } from '@atrium/config';
import { startService } from '@atrium/service-kit';
import type { InvoicePage, InvoiceView, PixChargeView } from '@atrium/contracts';
import Stripe from 'stripe';
import pg from 'pg';
import type { ApiClient } from '../api-client.js';
import { createPlan, signedUpAdmin } from '../identity-fixtures.js';
import { socketOf, type SocketRecorder } from '../socket-client.js';
import { startStack, type Stack } from '../stack.js';
import { superAdmin } from '../tenants.js';

export const WEBHOOK_SECRET = 'whsec_billing_api_tests';

/** The gateway, identity and billing against a stripe-sandbox whose webhooks reach the gateway. */
export interface BillingStack {
  stack: Stack;
  sandbox: RunningStripeSandbox;
  /** The official SDK on the sandbox, as a test's view of "Stripe". */
  stripe: Stripe;
  webhookUrl: string;
  stop(): Promise<void>;
}

export async function startBillingStack(): Promise<BillingStack> {
  const sandbox = await startStripeSandbox({
    PORT: 0,
    LOG_LEVEL: 'silent',
    STRIPE_SANDBOX_WEBHOOK_RETRY_MS: 200,
    STRIPE_SANDBOX_WEBHOOK_RETRY_MAX_MS: 1000,
    STRIPE_SANDBOX_WEBHOOK_ATTEMPTS: 5,
  });
  const stack = await startStack({
    services: ['identity', 'billing'],
    env: {
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(sandbox.port),
      STRIPE_API_PROTOCOL: 'http',
      STRIPE_SECRET_KEY: sandbox.secretKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      BILLING_JOBS_EVERY_MS: '1000',
    },
  });
  const webhookUrl = `${stack.url}/subscription/webhook`;
  sandbox.webhooks.addEndpoint({ url: webhookUrl, enabledEvents: ['*'], secret: WEBHOOK_SECRET, description: 'billing api tests' });
  const stripe = new Stripe(sandbox.secretKey, { ...sandbox.sdkOptions, maxNetworkRetries: 0 });
  return {
    stack,
    sandbox,
    stripe,
    webhookUrl,
    async stop() {
      await stack.stop();
      await sandbox.close();
    },
  };
}

/** Stops the billing service (while it is down, nobody answers Stripe's webhooks). */
export async function stopBilling(billing: BillingStack): Promise<void> {
  await billing.stack.apps.billing!.close();
  delete billing.stack.apps.billing;
}

/** Starts the billing service again, as a restart after an outage would. */
export async function restartBilling(billing: BillingStack): Promise<void> {
  const config = loadConfig(BillingConfig, billing.stack.env);
  billing.stack.apps.billing = await startService({ service: 'billing', config, module: BillingAppModule.forRoot(config) });
}

/** Runs the invoice issuer of the billing service in this process, as its periodic job does. */
export function issueInvoices(billing: BillingStack): Promise<number> {
  return billing.stack.apps.billing!.get(InvoiceIssuer).issueDue();
}

export async function invoicesOf(client: ApiClient, query = ''): Promise<InvoiceView[]> {
  const response = await client.get<InvoicePage>(`/invoices/all${query ? `${query}&` : '?'}paged=true`);
  if (response.status !== 200) throw new Error(`invoices: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.invoices;
}

export async function checkout(client: ApiClient, invoiceId: number, extra: object = {}): Promise<PixChargeView> {
  const response = await client.post<PixChargeView>('/subscription', { invoiceId, ...extra });
  if (response.status !== 201) throw new Error(`subscription: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** A test-only call of the sandbox (the payer's bank, the network). */
export async function sandboxCall(billing: BillingStack, path: string, body: object = {}): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${billing.sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

export async function intentOf(billing: BillingStack, invoiceId: number): Promise<Stripe.PaymentIntent> {
  const found = await billing.stripe.paymentIntents.search({ query: `metadata['invoiceId']:'${invoiceId}'` });
  const [latest] = found.data.sort((a, b) => Number(b.metadata.attempt) - Number(a.metadata.attempt));
  if (!latest) throw new Error(`no PaymentIntent for invoice ${invoiceId}`);
  return latest;
}

/** POSTs a webhook body to the gateway with the given Stripe-Signature (none: unsigned). */
export async function postWebhook(billing: BillingStack, payload: string, signature?: string): Promise<number> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== undefined) headers['stripe-signature'] = signature;
  const response = await fetch(billing.webhookUrl, { method: 'POST', headers, body: payload });
  await response.text();
  return response.status;
}

/** A company signed up on a plan, its admin, and a socket listening as that admin. */
export interface BillingCompany {
  id: number;
  admin: ApiClient;
  email: string;
  dueDate: string;
  socket: SocketRecorder;
}

/** Signs up a company on the plan; its socket is added to `sockets` (for the suite to close). */
export async function aBillingCompany(billing: BillingStack, planId: number, sockets: SocketRecorder[]): Promise<BillingCompany> {
  const { client, session } = await signedUpAdmin(billing.stack, planId);
  const socket = await socketOf(billing.stack, client);
  sockets.push(socket);
  return { id: session.user.companyId, admin: client, email: session.user.email, dueDate: session.user.company.dueDate!, socket };
}

/** Runs the issuer and answers the company's open invoice. */
export async function openInvoiceFor(billing: BillingStack, company: BillingCompany): Promise<InvoiceView> {
  await issueInvoices(billing);
  const [invoice] = await invoicesOf(company.admin);
  if (!invoice) throw new Error('no invoice issued');
  return invoice;
}

/** The company's due date as identity has it (asked by a super user). */
export async function dueDateAsOperatorSees(operator: ApiClient, company: BillingCompany): Promise<string | null> {
  const response = await operator.get<{ dueDate: string | null }>(`/companies/${company.id}`);
  return response.body.dueDate;
}

/** Kinds of the reconciliation exceptions recorded for a PaymentIntent. */
export async function exceptionKindsOf(billing: BillingStack, paymentIntentId: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: billing.stack.database.ownerUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ kind: string }>(
      'select kind from billing.reconciliation_exceptions where payment_intent_id = $1',
      [paymentIntentId],
    );
    return rows.map((row) => row.kind);
  } finally {
    await client.end();
  }
}

/** A suite's billing stack, super user and plan, with the helpers its tests share. */
export interface BillingSuite {
  readonly billing: BillingStack;
  readonly operator: ApiClient;
  aCompany(): Promise<BillingCompany>;
  openInvoiceOf(company: BillingCompany): Promise<InvoiceView>;
  dueDateOf(company: BillingCompany): Promise<string | null>;
  exceptionsOf(paymentIntentId: string): Promise<string[]>;
}

/**
 * Registers the suite's beforeAll/afterAll: a billing stack, a super user and a plan of R$ 149,90,
 * closed (sockets included) after the suite.
 */
export function billingSuite(): BillingSuite {
  let billing: BillingStack | undefined;
  let operator: ApiClient | undefined;
  let planId = 0;
  const sockets: SocketRecorder[] = [];
  beforeAll(async () => {
    billing = await startBillingStack();
    operator = await superAdmin(billing.stack);
    planId = (await createPlan(operator, { value: 149.9 })).id;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await billing?.stop();
  });
  const started = (): { billing: BillingStack; operator: ApiClient } => {
    if (!billing || !operator) throw new Error('the billing suite has not started');
    return { billing, operator };
  };
  return {
    get billing() {
      return started().billing;
    },
    get operator() {
      return started().operator;
    },
    aCompany: () => aBillingCompany(started().billing, planId, sockets),
    openInvoiceOf: (company) => openInvoiceFor(started().billing, company),
    dueDateOf: (company) => dueDateAsOperatorSees(started().operator, company),
    exceptionsOf: (paymentIntentId) => exceptionKindsOf(started().billing, paymentIntentId),
  };
}
