import {
  DEFAULT_SCHEDULE,
  type ContactView,
  type QueueEventPayload,
  type QueueView,
  type TicketView,
  type UserView,
} from '@atrium/contracts';
import { createPlan } from '../identity-fixtures.js';
import { eventually } from '../nats-fixtures.js';
import { startStack, type Stack } from '../stack.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { socketOf } from '../socket-client.js';
import { aNumber } from './inbound-publisher.js';
import { aColor, announceConnection, createAgent, createQueue, ticketEventAbout, ticketEventsSeen } from './tickets-fixtures.js';

describe('queues API', () => {
  let stack: Stack;
  let alpha: Tenant;
  let beta: Tenant;

  beforeAll(async () => {
    stack = await startStack({ services: ['identity', 'tickets'] });
    [alpha, beta] = await Promise.all([signUpTenant(stack), signUpTenant(stack)]);
  });
  afterAll(() => stack.stop());

  it('creates, lists, shows, updates and deletes a queue of the caller’s company only', async () => {
    const color = aColor();
    const created = await alpha.admin.post<QueueView>('/queue', { name: 'Vendas', color, greetingMessage: 'Olá!', orderQueue: 2 });
    expect(created).toMatchObject({
      status: 201,
      body: { name: 'Vendas', color, greetingMessage: 'Olá!', orderQueue: 2, companyId: alpha.companyId },
    });
    const id = created.body.id;
    expect((await alpha.admin.get<QueueView[]>('/queue')).body.map((q) => q.id)).toContain(id);
    expect((await beta.admin.get<QueueView[]>('/queue')).body.map((q) => q.id)).not.toContain(id);
    expect(await beta.admin.get(`/queue/${id}`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });
    expect((await beta.admin.put(`/queue/${id}`, { name: 'Taken' })).status).toBe(404);

    const renamed = await alpha.admin.put<QueueView>(`/queue/${id}`, { name: 'Vendas 2', orderQueue: '' });
    expect(renamed).toMatchObject({ status: 200, body: { name: 'Vendas 2', color, orderQueue: null } });
    expect((await alpha.admin.get<QueueView>(`/queue/${id}`)).body.name).toBe('Vendas 2');

    expect((await beta.admin.delete(`/queue/${id}`)).status).toBe(404);
    expect((await alpha.admin.delete(`/queue/${id}`)).status).toBe(200);
    expect((await alpha.admin.get(`/queue/${id}`)).status).toBe(404);
  });

  it('validates name 2-50 and colour 3-9 characters', async () => {
    const response = await alpha.admin.post<{ error: string; fields: { field: string }[] }>('/queue', { name: 'A', color: '#1' });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
    expect(response.body.fields.map((f) => f.field).sort()).toEqual(['color', 'name']);
    expect((await alpha.admin.post('/queue', { name: 'x'.repeat(51), color: aColor() })).status).toBe(400);
    expect((await alpha.admin.post('/queue', { name: 'Sem cor' })).status).toBe(400);
  });

  it('gives a new queue the spec’s default hours and keeps the hours a save sends (PUT /queue/{id} schedules)', async () => {
    const created = await alpha.admin.post<QueueView>('/queue', { name: 'Horários', color: aColor() });
    expect(created.body.schedules).toEqual(DEFAULT_SCHEDULE);
    expect(created.body.schedules.find((row) => row.weekdayEn === 'saturday')).toEqual({
      weekday: 'Sábado',
      weekdayEn: 'saturday',
      startTime: '08:00',
      endTime: '12:00',
    });

    const hours = [
      { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:30', endTime: '17:45', extra: 'dropped' },
      { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
      { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '', endTime: '' },
    ];
    const updated = await alpha.admin.put<QueueView>(`/queue/${created.body.id}`, { schedules: hours });
    expect(updated.status).toBe(200);
    expect(updated.body.schedules).toEqual(
      hours.map(({ weekday, weekdayEn, startTime, endTime }) => ({ weekday, weekdayEn, startTime, endTime })),
    );
    expect((await alpha.admin.get<QueueView>(`/queue/${created.body.id}`)).body.schedules).toEqual(updated.body.schedules);
  });

  it('refuses hours that are not HH:MM times, an end before its start or a weekday twice, storing nothing', async () => {
    const queue = (await alpha.admin.post<QueueView>('/queue', { name: 'Validada', color: aColor() })).body;
    const row = (startTime: string, endTime: string, weekdayEn = 'monday') => ({ weekday: 'Dia', weekdayEn, startTime, endTime });
    const refusals: [unknown[], string[]][] = [
      [[row('24:00', '18:00')], ['schedules.0.startTime']],
      [[row('8:00', '18:00')], ['schedules.0.startTime']],
      [[row('08:00', '18:60')], ['schedules.0.endTime']],
      [[row('08:00', 'noite')], ['schedules.0.endTime']],
      [[row('18:00', '08:00')], ['schedules.0.endTime']],
      [[row('08:00', '18:00'), row('13:00', '12:59', 'tuesday')], ['schedules.1.endTime']],
      [[row('08:00', '18:00'), row('09:00', '10:00')], ['schedules']],
      [[row('08:00', '18:00', 'someday')], ['schedules.0.weekdayEn']],
    ];
    for (const [schedules, fields] of refusals) {
      const response = await alpha.admin.put<{ error: string; fields: { field: string }[] }>(`/queue/${queue.id}`, {
        name: 'Mudou',
        schedules,
      });
      expect({ schedules, status: response.status, error: response.body.error, fields: response.body.fields.map((f) => f.field) }).toEqual({
        schedules,
        status: 400,
        error: 'ERR_VALIDATION',
        fields,
      });
    }
    const bad = await alpha.admin.post<{ error: string }>('/queue', { name: 'Nova', color: aColor(), schedules: [row('10:00', '09:00')] });
    expect(bad.status).toBe(400);
    expect((await alpha.admin.get<QueueView>(`/queue/${queue.id}`)).body).toMatchObject({ name: 'Validada', schedules: DEFAULT_SCHEDULE });
  });

  it('keeps a colour to one queue per company (any case), also under concurrent saves', async () => {
    const color = aColor();
    expect((await alpha.admin.post('/queue', { name: 'Primeira', color })).status).toBe(201);
    expect(await alpha.admin.post('/queue', { name: 'Segunda', color: color.toUpperCase() })).toMatchObject({
      status: 409,
      body: { error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' },
    });
    expect((await beta.admin.post('/queue', { name: 'Outra empresa', color })).status).toBe(201);

    const other = await alpha.admin.post<QueueView>('/queue', { name: 'Terceira', color: aColor() });
    expect(await alpha.admin.put(`/queue/${other.body.id}`, { color })).toMatchObject({
      status: 409,
      body: { error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' },
    });

    const shared = aColor();
    const race = await Promise.all([1, 2, 3].map((n) => alpha.admin.post('/queue', { name: `Corrida ${n}`, color: shared })));
    expect(race.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it('lets only admins change queues; every user reads them', async () => {
    const agent = await createAgent(stack, alpha);
    expect((await agent.client.get('/queue')).status).toBe(200);
    expect(await agent.client.post('/queue', { name: 'Nope', color: aColor() })).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    const queue = (await alpha.admin.post<QueueView>('/queue', { name: 'Suporte', color: aColor() })).body;
    expect((await agent.client.put(`/queue/${queue.id}`, { name: 'Mine' })).status).toBe(403);
    expect((await agent.client.delete(`/queue/${queue.id}`)).status).toBe(403);
  });

  it('enforces the plan’s queue limit, even when queues are created at once', async () => {
    const plan = await createPlan(await superAdmin(stack), { queues: 2 });
    const tiny = await signUpTenant(stack, plan.id);
    const attempts = await Promise.all([1, 2, 3, 4].map((n) => tiny.admin.post('/queue', { name: `Fila ${n}`, color: aColor() })));
    expect(attempts.map((r) => r.status).sort()).toEqual([201, 201, 403, 403]);
    expect(attempts.find((r) => r.status === 403)!.body).toEqual({ error: 'ERR_QUEUE_LIMIT_REACHED' });
  });

  it('announces queue changes live and identity names users’ queues from them', async () => {
    const socket = await socketOf(stack, alpha.admin);
    try {
      const queue = (await alpha.admin.post<QueueView>('/queue', { name: 'Financeiro', color: aColor() })).body;
      expect(await socket.next<QueueEventPayload>(`company-${alpha.companyId}-queue`)).toEqual({ action: 'create', queue });
      const agent = await createAgent(stack, alpha, { queueIds: [queue.id] });
      await eventually(async () => {
        const user = (await alpha.admin.get<UserView>(`/users/${agent.user.id}`)).body;
        return user.queues[0]?.name === 'Financeiro' && user.queues[0]?.color === queue.color;
      });

      await alpha.admin.put(`/queue/${queue.id}`, { name: 'Finanças' });
      expect(await socket.next<QueueEventPayload>(`company-${alpha.companyId}-queue`)).toMatchObject({
        action: 'update',
        queue: { name: 'Finanças' },
      });
      await eventually(async () => (await alpha.admin.get<UserView>(`/users/${agent.user.id}`)).body.queues[0]?.name === 'Finanças');

      await alpha.admin.delete(`/queue/${queue.id}`);
      expect(await socket.next<QueueEventPayload>(`company-${alpha.companyId}-queue`)).toEqual({ action: 'delete', queueId: queue.id });
      // a deleted queue leaves its members' queues, and their live state at once
      await eventually(async () => (await alpha.admin.get<UserView>(`/users/${agent.user.id}`)).body.queueIds.length === 0);
      await eventually(async () => (await agent.client.get<{ queueIds: number[] }>('/auth/me')).body.queueIds.length === 0);
    } finally {
      socket.close();
    }
  });

  it('leaves a deleted queue’s tickets without queue and tells each socket what it may see now', async () => {
    await announceConnection(stack, alpha, { id: 9401, name: 'Conexão das filas', isDefault: true });
    const doomed = await createQueue(alpha, 'Temporária');
    const kept = await createQueue(alpha, 'Permanente');
    const member = await createAgent(stack, alpha, { name: 'Membro Temporária', queueIds: [doomed.id] });
    const [memberSocket, adminSocket] = await Promise.all([socketOf(stack, member.client), socketOf(stack, alpha.admin)]);
    try {
      const newTicket = async (name: string, fields: Record<string, unknown>) => {
        const contact = (await alpha.admin.post<ContactView>('/contacts', { name, number: aNumber() })).body;
        const created = await alpha.admin.post<TicketView>('/tickets', { contactId: contact.id, ...fields });
        expect(created.status).toBe(201);
        return created.body;
      };
      const waiting = await newTicket('Espera na fila', { queueId: doomed.id, status: 'pending' });
      const assigned = await newTicket('Com o membro', { queueId: doomed.id, userId: member.user.id, status: 'open' });
      const other = await newTicket('Outra fila', { queueId: kept.id, status: 'pending' });
      for (const ticket of [waiting, assigned]) await ticketEventAbout(memberSocket, alpha.companyId, ticket.id);
      for (const ticket of [waiting, assigned, other]) await ticketEventAbout(adminSocket, alpha.companyId, ticket.id);

      expect((await alpha.admin.delete(`/queue/${doomed.id}`)).status).toBe(200);

      // the member saw the waiting ticket only through the queue: it drops it; the assigned one stays theirs, without queue
      expect(await ticketEventAbout(memberSocket, alpha.companyId, waiting.id)).toEqual({ action: 'delete', ticketId: waiting.id });
      expect(await ticketEventAbout(memberSocket, alpha.companyId, assigned.id)).toMatchObject({
        action: 'update',
        ticket: { id: assigned.id, queueId: null, queue: null, userId: member.user.id, status: 'open' },
      });
      for (const ticket of [waiting, assigned]) {
        expect(await ticketEventAbout(adminSocket, alpha.companyId, ticket.id)).toMatchObject({
          action: 'update',
          ticket: { id: ticket.id, queueId: null, queue: null, status: ticket.status },
        });
      }
      // the tickets are announced in order: once the last one arrived, nothing else about them was sent
      expect(ticketEventsSeen(memberSocket, alpha.companyId, waiting.id)).toEqual([]);
      expect(ticketEventsSeen(adminSocket, alpha.companyId, other.id)).toEqual([]);

      expect((await alpha.admin.get<TicketView>(`/tickets/${waiting.id}`)).body).toMatchObject({ queueId: null, queue: null });
      expect((await alpha.admin.get<TicketView>(`/tickets/${other.id}`)).body.queueId).toBe(kept.id);
      expect((await member.client.get(`/tickets/${waiting.id}`)).status).toBe(403);
      expect((await member.client.get(`/tickets/${assigned.id}`)).status).toBe(200);
    } finally {
      memberSocket.close();
      adminSocket.close();
    }
  });
});
