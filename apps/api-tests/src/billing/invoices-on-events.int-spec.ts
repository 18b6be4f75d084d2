import { InvoiceIssuer } from '@atrium/app-billing';
import type { CompanyView, InvoicePage, InvoiceView, PlanView } from '@atrium/contracts';
import { addDays, dateIn } from '@atrium/kernel';
import { aCompany } from '@atrium/testing';
import type { ApiClient } from '../api-client.js';
import { createPlan, loggedIn, signedUpAdmin } from '../identity-fixtures.js';
import { eventually } from '../nats-fixtures.js';
import { startStack, type Stack } from '../stack.js';
import { superAdmin } from '../tenants.js';

const TIME_ZONE = 'America/Sao_Paulo';
/** The periodic job (the safety net) runs once at start and then not again during this file: what issues invoices here are the events. */
const A_DAY_MS = String(24 * 3600 * 1000);

describe("billing: a company's invoice is issued on identity's company events, not at the next periodic run", () => {
  let stack: Stack;
  let operator: ApiClient;
  let plan: PlanView;

  beforeAll(async () => {
    stack = await startStack({
      services: ['identity', 'billing'],
      env: { TIME_ZONE, BILLING_JOBS_EVERY_MS: A_DAY_MS, INVOICE_DAYS_BEFORE_DUE: '20' },
    });
    operator = await superAdmin(stack);
    plan = await createPlan(operator, { value: 99.9 });
  });
  afterAll(() => stack.stop());

  const inDays = (days: number) => addDays(dateIn(TIME_ZONE), days);

  async function invoicesOf(client: ApiClient): Promise<InvoiceView[]> {
    const response = await client.get<InvoicePage>('/invoices/all?paged=true');
    if (response.status !== 200) throw new Error(`invoices: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.invoices;
  }

  /** Waits (no fixed sleep) until the company's invoices read `expected`, then answers them. */
  async function invoicesReach(client: ApiClient, expected: (invoices: InvoiceView[]) => boolean): Promise<InvoiceView[]> {
    let last: InvoiceView[] = [];
    await eventually(async () => expected((last = await invoicesOf(client))), 10_000, 100);
    return last;
  }

  async function createdCompany(dueDate: string, planId = plan.id): Promise<{ company: CompanyView; admin: ApiClient }> {
    const dto = aCompany(planId, { dueDate, password: 'secret123' });
    const response = await operator.post<CompanyView>('/companies', dto);
    if (response.status !== 201) throw new Error(`company: ${response.status} ${JSON.stringify(response.body)}`);
    return { company: response.body, admin: (await loggedIn(stack, dto.email, 'secret123')).client };
  }

  it('a company created with its due date in 5 days has its open invoice within seconds', async () => {
    const dueDate = inDays(5);
    const { company, admin } = await createdCompany(dueDate);
    const invoices = await invoicesReach(admin, (found) => found.length > 0);
    expect(invoices).toEqual([
      expect.objectContaining({ companyId: company.id, dueDate, value: '99.90', detail: plan.name, status: 'open' }),
    ]);
  });

  it("a signed-up trial has its invoice at once, and its login counts days on the platform's calendar", async () => {
    const { client, session } = await signedUpAdmin(stack, plan.id);
    expect(session.user.company).toMatchObject({ dueDate: inDays(3), calendarTimeZone: TIME_ZONE });
    const invoices = await invoicesReach(client, (found) => found.length > 0);
    expect(invoices).toEqual([expect.objectContaining({ companyId: session.user.companyId, dueDate: inDays(3), status: 'open' })]);
  });

  it("a due date moved near issues that period's invoice; a plan change corrects it; never two for one period", async () => {
    const { company, admin } = await createdCompany(inDays(60));
    const other = await createPlan(operator, { value: 45 });
    // a later event of the same kind proves the first was handled: nothing issued 60 days ahead
    expect((await operator.put(`/companies/${company.id}`, { planId: other.id })).status).toBe(200);
    expect(await invoicesOf(admin)).toEqual([]);

    const dueDate = inDays(4);
    expect((await operator.put(`/companies/${company.id}`, { dueDate })).status).toBe(200);
    await invoicesReach(admin, (found) => found.length === 1);
    expect(await invoicesOf(admin)).toEqual([expect.objectContaining({ dueDate, value: '45.00', detail: other.name })]);

    expect((await operator.put(`/companies/${company.id}`, { planId: plan.id })).status).toBe(200);
    const corrected = await invoicesReach(admin, (found) => found[0]?.value === '99.90');
    expect(corrected).toEqual([expect.objectContaining({ dueDate, value: '99.90', detail: plan.name, status: 'open' })]);

    // the safety net running over the same companies (several at once) adds nothing
    const issuer = stack.apps.billing!.get(InvoiceIssuer);
    await Promise.all([issuer.issueDue(), issuer.issueDue(), issuer.issueDue()]);
    expect(await invoicesOf(admin)).toHaveLength(1);
  });

  it('a company whose due date is far away gets no invoice from its creation', async () => {
    const { admin } = await createdCompany(inDays(90));
    // the event is handled in order with later ones: a following near company's invoice proves it was seen
    const { admin: near } = await createdCompany(inDays(2));
    await invoicesReach(near, (found) => found.length === 1);
    expect(await invoicesOf(admin)).toEqual([]);
  });
});
