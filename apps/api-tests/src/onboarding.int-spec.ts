import type { OnboardingView, PlanView, QueueView, WhatsappView } from '@atrium/contracts';
import { aUser } from '@atrium/testing';
import { createPlan } from './identity-fixtures.js';
import { startSessionsStack, type SessionsStack } from './sessions/sessions-fixtures.js';
import { signUpTenant, superAdmin, type Tenant } from './tenants.js';

const NOTHING_DONE = [
  { key: 'connection', done: false },
  { key: 'queue', done: false },
  { key: 'agent', done: false },
  { key: 'greeting', done: false },
];

describe('GET/PUT /onboarding: the first-run checklist of a new company', () => {
  let env: SessionsStack;
  let plan: PlanView;

  beforeAll(async () => {
    env = await startSessionsStack({ services: ['identity', 'sessions', 'tickets'] });
    plan = await createPlan(await superAdmin(env.stack), { connections: 3, queues: 5, users: 5 });
  });
  afterAll(() => env.stop());

  async function checklistOf(tenant: Tenant): Promise<OnboardingView> {
    const response = await tenant.admin.get<OnboardingView>('/onboarding');
    if (response.status !== 200) throw new Error(`onboarding: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  }

  const doneOf = (view: OnboardingView) => Object.fromEntries(view.steps.map((step) => [step.key, step.done]));

  it('a new company has every step to do; each is ticked as soon as its data exists, in that company only', async () => {
    const [alpha, beta] = await Promise.all([signUpTenant(env.stack, plan.id), signUpTenant(env.stack, plan.id)]);
    expect(await checklistOf(alpha)).toEqual({ dismissed: false, complete: false, steps: NOTHING_DONE });

    const queue = await alpha.admin.post<QueueView>('/queue', { name: 'Vendas', color: '#0f9d58', greetingMessage: '' });
    expect(queue.status).toBe(201);
    expect(doneOf(await checklistOf(alpha))).toEqual({ connection: false, queue: true, agent: false, greeting: false });

    expect((await alpha.admin.post<WhatsappView>('/whatsapp', { name: 'Principal', provider: 'sandbox' })).status).toBe(201);
    expect((await alpha.admin.post('/users', aUser())).status).toBe(201);
    expect(doneOf(await checklistOf(alpha))).toEqual({ connection: true, queue: true, agent: true, greeting: false });

    expect((await alpha.admin.put(`/queue/${queue.body.id}`, { greetingMessage: 'Olá! Digite 1 para vendas.' })).status).toBe(200);
    expect(await checklistOf(alpha)).toMatchObject({ dismissed: false, complete: true });

    // the other company's data tick nothing of its own
    expect(await checklistOf(beta)).toEqual({ dismissed: false, complete: false, steps: NOTHING_DONE });
  });

  it('dismissing closes it for every admin of the company (and only that company), and can be undone', async () => {
    const [alpha, beta] = await Promise.all([signUpTenant(env.stack, plan.id), signUpTenant(env.stack, plan.id)]);
    const colleague = aUser({ profile: 'admin' });
    expect((await alpha.admin.post('/users', colleague)).status).toBe(201);
    const other = env.stack.client();
    await other.login(colleague.email, colleague.password);

    expect(await alpha.admin.put<OnboardingView>('/onboarding', { dismissed: true })).toMatchObject({
      status: 200,
      body: { dismissed: true },
    });
    expect(await other.get('/onboarding')).toMatchObject({ status: 200, body: { dismissed: true } });
    expect(await checklistOf(beta)).toMatchObject({ dismissed: false });

    expect(await other.put('/onboarding', { dismissed: false })).toMatchObject({ status: 200, body: { dismissed: false } });
    expect(await checklistOf(alpha)).toMatchObject({ dismissed: false });
  });

  it('answers bad input with 400 and changes nothing; agents get 403', async () => {
    const alpha = await signUpTenant(env.stack, plan.id);
    // (1/0, "1"/"0" and "true"/"false" are booleans, as every flag of the API reads them: input-rules.spec)
    for (const body of [{}, { dismissed: 'yes' }, { dismissed: null }, { dismissed: 2 }]) {
      expect(await alpha.admin.put('/onboarding', body)).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    }
    expect(await checklistOf(alpha)).toMatchObject({ dismissed: false });

    const agent = aUser();
    expect((await alpha.admin.post('/users', agent)).status).toBe(201);
    const client = env.stack.client();
    await client.login(agent.email, agent.password);
    expect((await client.get('/onboarding')).status).toBe(403);
    expect((await client.put('/onboarding', { dismissed: true })).status).toBe(403);
    expect((await env.stack.client().get('/onboarding')).status).toBe(401);
  });
});
