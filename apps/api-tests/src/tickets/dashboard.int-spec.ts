import type { ContactView, DashboardView, QueueView, TicketsPerDayView, TicketsPerUserView, TicketView } from '@atrium/contracts';
import { startStack, type Stack } from '../stack.js';
import { signUpTenant, type Tenant } from '../tenants.js';
import { aNumber } from './inbound-publisher.js';
import { announceConnection, createAgent, createQueue, ownerQuery, type Agent } from './tickets-fixtures.js';

/**
 * A scripted day of tickets (2026-03-10 in the platform's time zone, America/Sao_Paulo, UTC-3),
 * written straight into the tickets tables with known instants: the timeline triggers turn the
 * changes into the dashboard's rows, and every figure below is worked out by hand.
 */
const DAY = '2026-03-10';
/** A local time of the platform's calendar (UTC-3) as an instant. */
const at = (localDayTime: string): string => new Date(`${localDayTime}:00-03:00`).toISOString();

interface Step {
  /** local 'YYYY-MM-DDTHH:mm' */
  when: string;
  act: 'accept' | 'reply' | 'bot' | 'resolve';
  userId?: number;
}

describe('dashboard: GET /dashboard, /dashboard/ticketsUsers, /dashboard/ticketsDay', () => {
  let stack: Stack;
  let tenant: Tenant;
  let other: Tenant;
  let ana: Agent;
  let bruno: Agent;
  let vendas: QueueView;
  let suporte: QueueView;

  async function contact(owner: Tenant, name: string): Promise<number> {
    const [row] = await ownerQuery<{ id: number }>(
      stack,
      'insert into tickets.contacts (company_id, name, number) values ($1, $2, $3) returning id',
      [owner.companyId, name, aNumber()],
    );
    return row!.id;
  }

  /** A ticket queued at `queued` and then taken through `steps`, each at its own instant. */
  async function scriptedTicket(
    owner: Tenant,
    contactId: number,
    queueId: number | null,
    queued: string,
    steps: Step[] = [],
  ): Promise<number> {
    const [row] = await ownerQuery<{ id: number }>(
      stack,
      `insert into tickets.tickets (company_id, contact_id, queue_id, status, created_at, updated_at) values ($1, $2, $3, 'pending', $4, $4) returning id`,
      [owner.companyId, contactId, queueId, at(queued)],
    );
    const id = row!.id;
    for (const step of steps) {
      if (step.act === 'accept')
        await ownerQuery(stack, `update tickets.tickets set status = 'open', user_id = $2, updated_at = $3 where id = $1`, [
          id,
          step.userId,
          at(step.when),
        ]);
      if (step.act === 'resolve')
        await ownerQuery(stack, `update tickets.tickets set status = 'closed', updated_at = $2 where id = $1`, [id, at(step.when)]);
      if (step.act === 'reply' || step.act === 'bot')
        await ownerQuery(
          stack,
          `insert into tickets.messages (company_id, ticket_id, contact_id, body, from_me, created_at, updated_at) values ($1, $2, $3, 'Olá', true, $4, $4)`,
          [owner.companyId, id, contactId, at(step.when)],
        );
    }
    return id;
  }

  async function rate(ticketId: number, rating: number): Promise<void> {
    await ownerQuery(stack, 'update tickets.ticket_timelines set rating = $2 where ticket_id = $1', [ticketId, rating]);
  }

  beforeAll(async () => {
    stack = await startStack({ services: ['identity', 'tickets'] });
    [tenant, other] = await Promise.all([signUpTenant(stack), signUpTenant(stack)]);
    await announceConnection(stack, other, { id: 9501 });
    [vendas, suporte] = [await createQueue(tenant, 'Vendas'), await createQueue(tenant, 'Suporte')];
    ana = await createAgent(stack, tenant, { name: 'Ana', queueIds: [vendas.id, suporte.id] });
    bruno = await createAgent(stack, tenant, { name: 'Bruno', queueIds: [vendas.id, suporte.id] });
    const [c1, c2, c3, c4, c5, c6] = [
      await contact(tenant, 'C1'),
      await contact(tenant, 'C2'),
      await contact(tenant, 'C3'),
      await contact(tenant, 'C4'),
      await contact(tenant, 'C5'),
      await contact(tenant, 'C6'),
    ];
    const A = ana.user.id;
    const B = bruno.user.id;
    // T1: waits 10, first reply at 15, handled 30, resolved 40 after queueing; rated 3
    const t1 = await scriptedTicket(tenant, c1, vendas.id, `${DAY}T09:00`, [
      { when: `${DAY}T09:10`, act: 'accept', userId: A },
      { when: `${DAY}T09:15`, act: 'reply' },
      { when: `${DAY}T09:40`, act: 'resolve' },
    ]);
    // T2: waits 20, first reply at 30, handled 60, resolved 80 after queueing; rated 1
    const t2 = await scriptedTicket(tenant, c2, vendas.id, `${DAY}T10:00`, [
      { when: `${DAY}T10:20`, act: 'accept', userId: A },
      { when: `${DAY}T10:30`, act: 'reply' },
      { when: `${DAY}T10:45`, act: 'reply' },
      { when: `${DAY}T11:20`, act: 'resolve' },
    ]);
    // T3: the chatbot speaks before anyone accepts (not a first reply); waits 5, first reply at 6, handled 30, resolved 35; rated 2
    const t3 = await scriptedTicket(tenant, c3, suporte.id, `${DAY}T13:00`, [
      { when: `${DAY}T13:01`, act: 'bot' },
      { when: `${DAY}T13:05`, act: 'accept', userId: B },
      { when: `${DAY}T13:06`, act: 'reply' },
      { when: `${DAY}T13:35`, act: 'resolve' },
    ]);
    // T4: C1's second ticket (not a lead): waits 30, still open
    await scriptedTicket(tenant, c1, suporte.id, `${DAY}T15:00`, [{ when: `${DAY}T15:30`, act: 'accept', userId: B }]);
    // T5, T6: waiting without a queue; T6 is on the 11th in UTC but on the 10th in São Paulo
    await scriptedTicket(tenant, c4, null, `${DAY}T20:30`);
    await scriptedTicket(tenant, c5, null, `${DAY}T23:30`);
    // T7: the next day
    await scriptedTicket(tenant, c6, null, '2026-03-11T00:30');
    await rate(t1, 3);
    await rate(t2, 1);
    await rate(t3, 2);
    // the other company's day: two resolved tickets, same hours
    const foreign = await contact(other, 'F1');
    const foreignAgent = other.adminSession.user.id;
    await scriptedTicket(other, foreign, null, `${DAY}T09:00`, [
      { when: `${DAY}T09:01`, act: 'accept', userId: foreignAgent },
      { when: `${DAY}T12:00`, act: 'resolve' },
    ]);
    await scriptedTicket(other, await contact(other, 'F2'), null, `${DAY}T10:00`, [
      { when: `${DAY}T10:01`, act: 'accept', userId: foreignAgent },
      { when: `${DAY}T13:00`, act: 'resolve' },
    ]);
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('counts the day: cards in minutes, leads, first response', async () => {
    const { status, body } = await tenant.admin.get<DashboardView>(`/dashboard?date_from=${DAY}&date_to=${DAY}`);
    expect(status).toBe(200);
    expect(body.period).toEqual({ from: DAY, to: DAY });
    expect(body.counters).toEqual({
      supportHappening: 1,
      supportPending: 2,
      supportFinished: 3,
      leads: 5,
      avgSupportTime: 40, // (30 + 60 + 30) / 3
      avgWaitTime: 16.25, // (10 + 20 + 5 + 30) / 4
      avgFirstResponseTime: 17, // (15 + 30 + 6) / 3
    });
  });

  it('gives each attendant their tickets, rating, handling, first response, median and 90th percentile', async () => {
    const { body } = await tenant.admin.get<DashboardView>(`/dashboard?date_from=${DAY}&date_to=${DAY}`);
    const byName = Object.fromEntries(body.attendants.map((a) => [a.name, a]));
    expect(byName.Ana).toEqual({
      id: ana.user.id,
      name: 'Ana',
      online: false,
      tickets: 2,
      rating: 2,
      avgSupportTime: 45,
      avgFirstResponseTime: 22.5,
      medianResolutionTime: 60, // of 40 and 80
      p90ResolutionTime: 76, // 40 + 0.9 × 40
    });
    expect(byName.Bruno).toEqual({
      id: bruno.user.id,
      name: 'Bruno',
      online: false,
      tickets: 2,
      rating: 2,
      avgSupportTime: 30,
      avgFirstResponseTime: 6,
      medianResolutionTime: 35,
      p90ResolutionTime: 35,
    });
    // the admin handled nothing: listed with empty figures
    expect(body.attendants).toHaveLength(3);
    expect(body.attendants.find((a) => a.id === tenant.adminSession.user.id)).toMatchObject({
      tickets: 0,
      rating: null,
      avgSupportTime: null,
      medianResolutionTime: null,
    });
  });

  it('gives each queue its median and 90th percentile, and the tickets without a queue apart', async () => {
    const { body } = await tenant.admin.get<DashboardView>(`/dashboard?date_from=${DAY}&date_to=${DAY}`);
    expect(body.queues).toEqual([
      {
        id: suporte.id,
        name: 'Suporte',
        color: suporte.color,
        tickets: 2,
        avgFirstResponseTime: 6,
        medianResolutionTime: 35,
        p90ResolutionTime: 35,
      },
      {
        id: vendas.id,
        name: 'Vendas',
        color: vendas.color,
        tickets: 2,
        avgFirstResponseTime: 22.5,
        medianResolutionTime: 60,
        p90ResolutionTime: 76,
      },
      { id: null, name: '', color: null, tickets: 2, avgFirstResponseTime: null, medianResolutionTime: null, p90ResolutionTime: null },
    ]);
  });

  it('draws tickets per agent, and per hour of the platform calendar for one day', async () => {
    const users = await tenant.admin.get<TicketsPerUserView>(
      `/dashboard/ticketsUsers?initialDate=${DAY}&finalDate=${DAY}&companyId=${other.companyId}`,
    );
    expect(users.status).toBe(200);
    expect(users.body).toEqual({
      data: [
        { nome: 'Ana', quantidade: 2 },
        { nome: 'Bruno', quantidade: 2 },
      ],
      count: 4,
    });
    const hours = await tenant.admin.get<TicketsPerDayView>(`/dashboard/ticketsDay?initialDate=${DAY}&finalDate=${DAY}`);
    expect(hours.body).toEqual({
      data: ['09', '10', '13', '15', '20', '23'].map((horario) => ({ horario, total: 1 })),
      count: 6,
    });
  });

  it('draws tickets per day for a longer period', async () => {
    const days = await tenant.admin.get<TicketsPerDayView>(`/dashboard/ticketsDay?initialDate=2026-03-09&finalDate=2026-03-11`);
    expect(days.body).toEqual({
      data: [
        { data: DAY, total: 6 },
        { data: '2026-03-11', total: 1 },
      ],
      count: 7,
    });
  });

  it("never counts another company's tickets, whatever companyId is sent", async () => {
    const { body } = await other.admin.get<DashboardView>(`/dashboard?date_from=${DAY}&date_to=${DAY}`);
    expect(body.counters).toEqual({
      supportHappening: 0,
      supportPending: 0,
      supportFinished: 2,
      leads: 2,
      avgSupportTime: 179,
      avgWaitTime: 1,
      avgFirstResponseTime: null,
    });
    expect(body.attendants.map((a) => a.name)).not.toContain('Ana');
    const users = await other.admin.get<TicketsPerUserView>(
      `/dashboard/ticketsUsers?initialDate=${DAY}&finalDate=${DAY}&companyId=${tenant.companyId}`,
    );
    expect(users.body.count).toBe(2);
    expect(users.body.data.map((row) => row.nome)).not.toContain('Ana');
    const day = await other.admin.get<TicketsPerDayView>(
      `/dashboard/ticketsDay?initialDate=${DAY}&finalDate=${DAY}&companyId=${tenant.companyId}`,
    );
    expect(day.body.count).toBe(2);
  });

  it('is for admins only', async () => {
    for (const path of [
      `/dashboard?date_from=${DAY}&date_to=${DAY}`,
      `/dashboard/ticketsUsers?initialDate=${DAY}`,
      `/dashboard/ticketsDay?initialDate=${DAY}`,
    ]) {
      expect((await ana.client.get(path)).status).toBe(403);
      expect((await stack.client().get(path)).status).toBe(401);
    }
  });

  it('refuses impossible days, reversed and endless periods with 400', async () => {
    for (const query of [
      'date_from=2026-02-30',
      'date_from=2026-03-11&date_to=2026-03-10',
      'days=0',
      'days=abc',
      'date_from=1990-01-01&date_to=2026-01-01',
    ]) {
      const response = await tenant.admin.get<{ error: string }>(`/dashboard?${query}`);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
    }
    expect((await tenant.admin.get(`/dashboard/ticketsDay?initialDate=2026-03-12&finalDate=2026-03-11`)).status).toBe(400);
  });

  it('records the timeline of a ticket handled through the API (accept, resolve), counted today', async () => {
    const customer = (await other.admin.post<ContactView>('/contacts', { name: 'Live', number: aNumber() })).body;
    const created = await other.admin.post<TicketView>('/tickets', {
      contactId: customer.id,
      queueId: null,
      status: 'pending',
      userId: null,
    });
    expect(created.status).toBe(201);
    expect((await other.admin.put(`/tickets/${created.body.id}`, { status: 'open' })).status).toBe(200);
    expect((await other.admin.put(`/tickets/${created.body.id}`, { status: 'closed' })).status).toBe(200);
    const [timeline] = await ownerQuery<{ status: string; user_id: number; accepted_at: Date | null; resolved_at: Date | null }>(
      stack,
      'select status, user_id, accepted_at, resolved_at from tickets.ticket_timelines where ticket_id = $1',
      [created.body.id],
    );
    expect(timeline).toMatchObject({ status: 'closed', user_id: other.adminSession.user.id });
    expect(timeline!.accepted_at).not.toBeNull();
    expect(timeline!.resolved_at!.getTime()).toBeGreaterThanOrEqual(timeline!.accepted_at!.getTime());
    const { body } = await other.admin.get<DashboardView>('/dashboard?days=1');
    expect(body.period.from).toBe(body.period.to);
    expect(body.counters).toMatchObject({ supportFinished: 1, supportHappening: 0, supportPending: 0, leads: 1 });
    const defaults = await other.admin.get<DashboardView>('/dashboard');
    expect(defaults.body.period.from).toBe(`${defaults.body.period.to.slice(0, 8)}01`);
    expect(defaults.body.counters.supportFinished).toBe(1);
  });
});
