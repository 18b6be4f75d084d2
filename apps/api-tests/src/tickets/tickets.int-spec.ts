import {
  SessionsSubjects,
  type AppMessageEventPayload,
  type ContactView,
  type MessagesPageView,
  type QueueView,
  type TagView,
  type TicketEventPayload,
  type TicketsPageView,
  type TicketView,
} from '@atrium/contracts';
import { eventually, NatsFixture } from '../nats-fixtures.js';
import { emitWithAck, socketOf, type SocketRecorder } from '../socket-client.js';
import { startStack, type Stack } from '../stack.js';
import { signUpTenant, type Tenant } from '../tenants.js';
import { aNumber, customerText, InboundPublisher } from './inbound-publisher.js';
import { announceConnection, createAgent, createQueue, ticketEventAbout, type Agent } from './tickets-fixtures.js';

/** Connection whose customers land in queue A; connection without queue. */
const QUEUED = 9201;
const UNQUEUED = 9202;

describe('tickets: visibility, transitions, filters and live events', () => {
  let stack: Stack;
  let tenant: Tenant;
  let other: Tenant;
  let publisher: InboundPublisher;
  let queueA: QueueView;
  let queueB: QueueView;
  let agentA: Agent;
  let agentB: Agent;
  let allTicketAgent: Agent;
  const sockets: SocketRecorder[] = [];
  let adminSocket: SocketRecorder;
  let socketA: SocketRecorder;
  let socketB: SocketRecorder;
  let socketAll: SocketRecorder;

  beforeAll(async () => {
    stack = await startStack({ services: ['identity', 'tickets', 'ai'] });
    [tenant, other] = await Promise.all([signUpTenant(stack), signUpTenant(stack)]);
    queueA = await createQueue(tenant, 'Fila A');
    queueB = await createQueue(tenant, 'Fila B');
    [agentA, agentB, allTicketAgent] = await Promise.all([
      createAgent(stack, tenant, { name: 'Alice Agente', queueIds: [queueA.id] }),
      createAgent(stack, tenant, { name: 'Bruno Agente', queueIds: [queueB.id] }),
      createAgent(stack, tenant, { name: 'Carla Geral', allTicket: 'enabled' }),
    ]);
    await announceConnection(stack, tenant, { id: QUEUED, name: 'Com fila', queueIds: [queueA.id], isDefault: true });
    await announceConnection(stack, tenant, { id: UNQUEUED, name: 'Sem fila', queueIds: [], isDefault: false });
    publisher = await InboundPublisher.open(stack.env);
    [adminSocket, socketA, socketB, socketAll] = await Promise.all(
      [tenant.admin, agentA.client, agentB.client, allTicketAgent.client].map((c) => socketOf(stack, c)),
    );
    sockets.push(adminSocket, socketA, socketB, socketAll);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await stack.stop();
    await publisher.close();
  });

  const eventAbout = (socket: SocketRecorder, ticketId: number): Promise<TicketEventPayload> =>
    ticketEventAbout(socket, tenant.companyId, ticketId);

  async function customerWrites(whatsappId: number, body = 'Olá'): Promise<TicketView> {
    const number = aNumber();
    await publisher.publish(tenant.companyId, whatsappId, { type: 'message', message: customerText(number, body) });
    let found: TicketView | undefined;
    await eventually(async () => {
      const page = await tenant.admin.get<TicketsPageView>(`/tickets?showAll=true&searchParam=${number}`);
      found = page.body.tickets[0];
      return found !== undefined;
    }, 10_000);
    return found!;
  }

  const ids = (page: { body: TicketsPageView }) => page.body.tickets.map((t) => t.id);

  describe('visibility (spec 000 sections 5 and 6)', () => {
    let inA: TicketView;
    let withoutQueue: TicketView;

    beforeAll(async () => {
      inA = await customerWrites(QUEUED, 'para a fila A');
      withoutQueue = await customerWrites(UNQUEUED, 'sem fila');
    });

    it('puts a connection’s customers in its only queue', () => {
      expect(inA).toMatchObject({ status: 'pending', queueId: queueA.id, queue: { id: queueA.id, name: 'Fila A', color: queueA.color } });
      expect(withoutQueue).toMatchObject({ status: 'pending', queueId: null, queue: null });
    });

    it('lists a queue’s ticket to its members and admins only', async () => {
      expect(ids(await agentA.client.get<TicketsPageView>('/tickets?status=pending'))).toContain(inA.id);
      expect(ids(await tenant.admin.get<TicketsPageView>('/tickets?status=pending'))).toContain(inA.id);
      expect(ids(await agentB.client.get<TicketsPageView>('/tickets?status=pending'))).not.toContain(inA.id);
      expect(ids(await agentB.client.get<TicketsPageView>(`/tickets?showAll=true&searchParam=${inA.contact.number}`))).toEqual([]);
      expect(ids(await other.admin.get<TicketsPageView>('/tickets?showAll=true'))).toEqual([]);
    });

    it('never shows another queue’s ticket by id or uuid: ERR_NO_PERMISSION', async () => {
      expect((await agentA.client.get<TicketView>(`/tickets/${inA.id}`)).body.id).toBe(inA.id);
      expect(await agentB.client.get(`/tickets/${inA.id}`)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      expect(await agentB.client.get(`/tickets/u/${inA.uuid}`)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      expect(await agentB.client.get(`/messages/${inA.id}`)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      expect(await agentB.client.put(`/tickets/${inA.id}`, { status: 'open' })).toMatchObject({
        status: 403,
        body: { error: 'ERR_NO_PERMISSION' },
      });
      expect((await tenant.admin.get<TicketView>(`/tickets/u/${inA.uuid}`)).body.id).toBe(inA.id);
      expect(await other.admin.get(`/tickets/${inA.id}`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
      expect(await tenant.admin.get('/tickets/u/not-a-uuid')).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    });

    it('shows pending tickets without queue to allTicket users only', async () => {
      expect(ids(await allTicketAgent.client.get<TicketsPageView>('/tickets?status=pending'))).toContain(withoutQueue.id);
      expect(ids(await allTicketAgent.client.get<TicketsPageView>('/tickets?status=pending'))).not.toContain(inA.id);
      expect(ids(await agentA.client.get<TicketsPageView>('/tickets?status=pending'))).not.toContain(withoutQueue.id);
      expect((await agentA.client.get(`/tickets/${withoutQueue.id}`)).status).toBe(403);
    });

    it('acknowledges joinChatBox for a well-formed id, whoever asks: it follows nothing', async () => {
      expect(await emitWithAck(socketA.socket, 'joinChatBox', inA.id)).toEqual({ ok: true });
      expect(await emitWithAck(socketB.socket, 'joinChatBox', inA.id)).toEqual({ ok: true });
      expect(await emitWithAck(socketB.socket, 'joinChatBox', 99_999_999)).toEqual({ ok: true });
      expect(await emitWithAck(adminSocket.socket, 'joinChatBox', String(inA.id))).toEqual({ ok: true });
      expect(await emitWithAck(socketB.socket, 'joinChatBox', 'abc')).toEqual({ error: 'ERR_VALIDATION' });
    });

    it('emits a ticket’s events only to the sockets allowed to see it', async () => {
      const ticket = await customerWrites(QUEUED, 'evento para A');
      expect(await eventAbout(socketA, ticket.id)).toMatchObject({ action: 'update', ticket: { id: ticket.id, queueId: queueA.id } });
      expect(await eventAbout(adminSocket, ticket.id)).toMatchObject({ action: 'update' });
      // asking to follow the ticket brings B nothing of it
      expect(await emitWithAck(socketB.socket, 'joinChatBox', ticket.id)).toEqual({ ok: true });
      expect(await emitWithAck(socketAll.socket, 'joinChatBox', ticket.id)).toEqual({ ok: true });
      await customerWrites(QUEUED, 'depois do joinChatBox');
      // B hears about B's queue: once B got a later event, anything about A's ticket would have come before it
      const forB = await customerWrites(UNQUEUED, 'nada para B');
      await tenant.admin.put(`/tickets/${forB.id}`, { queueId: queueB.id });
      await eventually(async () =>
        socketB.received.some((r) => r.event.endsWith('-ticket') && JSON.stringify(r.payload).includes(`"id":${forB.id},`)),
      );
      const aboutTicket = (r: { event: string; payload: unknown }) =>
        /-(ticket|appMessage)$/.test(r.event) && JSON.stringify(r.payload).includes(`"id":${ticket.id},`);
      expect(socketB.received.filter(aboutTicket)).toEqual([]);
      expect(socketAll.received.filter(aboutTicket)).toEqual([]);
    });
  });

  describe('transitions (spec 000 section 4)', () => {
    it('accepts, returns, resolves and reopens, with the integration fields kept until closed', async () => {
      const ticket = await customerWrites(QUEUED);
      // prompts and integrations are the ai service's, which has none: an id of one is refused
      expect(await tenant.admin.put(`/tickets/${ticket.id}`, { useIntegration: true, promptId: 3, integrationId: 4 })).toMatchObject({
        status: 400,
        body: {
          error: 'ERR_VALIDATION',
          fields: [expect.objectContaining({ field: 'promptId' }), expect.objectContaining({ field: 'integrationId' })],
        },
      });
      await tenant.admin.put(`/tickets/${ticket.id}`, { useIntegration: true, promptId: null, integrationId: null });

      const accepted = await agentA.client.put<TicketView>(`/tickets/${ticket.id}`, { status: 'open', userId: agentA.user.id });
      expect(accepted).toMatchObject({
        status: 200,
        body: {
          status: 'open',
          userId: agentA.user.id,
          user: { id: agentA.user.id, name: 'Alice Agente' },
          useIntegration: true,
          promptId: null,
          integrationId: null,
        },
      });
      expect(ids(await agentA.client.get<TicketsPageView>('/tickets?status=open'))).toContain(ticket.id);

      const returned = await agentA.client.put<TicketView>(`/tickets/${ticket.id}`, { status: 'pending', userId: null });
      expect(returned.body).toMatchObject({ status: 'pending', userId: null, user: null, queueId: queueA.id, useIntegration: true });

      await agentA.client.put(`/tickets/${ticket.id}`, { status: 'open', userId: agentA.user.id });
      const resolved = await agentA.client.put<TicketView>(`/tickets/${ticket.id}`, {
        status: 'closed',
        userId: agentA.user.id,
        queueId: queueA.id,
      });
      expect(resolved.body).toMatchObject({
        status: 'closed',
        userId: agentA.user.id,
        queueId: queueA.id,
        useIntegration: false,
        promptId: null,
        integrationId: null,
      });
      expect(ids(await agentA.client.get<TicketsPageView>('/tickets?status=closed'))).toContain(ticket.id);

      const reopened = await agentA.client.put<TicketView>(`/tickets/${ticket.id}`, { status: 'open', userId: agentA.user.id });
      expect(reopened.body).toMatchObject({ status: 'open', userId: agentA.user.id, queueId: queueA.id });
    });

    it('transfers to a queue: pending there, nobody assigned; the old queue’s agents get a delete, the new one’s an update', async () => {
      const ticket = await customerWrites(QUEUED);
      await agentA.client.put(`/tickets/${ticket.id}`, { status: 'open', userId: agentA.user.id });
      // the accept announces `delete` from pending, then the update
      let accepted = await eventAbout(socketA, ticket.id);
      while (!(accepted.action === 'update' && accepted.ticket.status === 'open')) accepted = await eventAbout(socketA, ticket.id);
      const moved = await agentA.client.put<TicketView>(`/tickets/${ticket.id}`, { queueId: queueB.id, userId: null, status: 'pending' });
      expect(moved.body).toMatchObject({ status: 'pending', queueId: queueB.id, userId: null });
      // A (no longer allowed) is told to drop it; B (now allowed) receives it
      let forA = await eventAbout(socketA, ticket.id);
      while (forA.action === 'update' && forA.ticket.status === 'open') forA = await eventAbout(socketA, ticket.id);
      expect(forA).toEqual({ action: 'delete', ticketId: ticket.id });
      // B hears the move first (a delete from 'open', a no-op for lists without it), then the update
      expect(await eventAbout(socketB, ticket.id)).toEqual({ action: 'delete', ticketId: ticket.id, fromStatus: 'open' });
      expect(await eventAbout(socketB, ticket.id)).toMatchObject({ action: 'update', ticket: { queueId: queueB.id, status: 'pending' } });
      expect((await agentA.client.get(`/tickets/${ticket.id}`)).status).toBe(403);
      expect((await agentB.client.get(`/tickets/${ticket.id}`)).status).toBe(200);
    });

    it('transfers to a user: the user becomes the agent and sees it even outside its queue', async () => {
      const ticket = await customerWrites(QUEUED);
      await agentA.client.put(`/tickets/${ticket.id}`, { status: 'open', userId: agentA.user.id });
      const transferred = await agentA.client.put<TicketView>(`/tickets/${ticket.id}`, { userId: agentB.user.id });
      expect(transferred.body).toMatchObject({
        status: 'open',
        userId: agentB.user.id,
        user: { name: 'Bruno Agente' },
        queueId: queueA.id,
      });
      expect((await agentB.client.get(`/tickets/${ticket.id}`)).status).toBe(200);
      expect(ids(await agentB.client.get<TicketsPageView>('/tickets?status=open'))).toContain(ticket.id);
    });

    it('puts a deleted agent’s open tickets back in their queue as pending, live', async () => {
      const leaving = await createAgent(stack, tenant, { name: 'Diego Saindo', queueIds: [queueA.id] });
      const ticket = await customerWrites(QUEUED);
      expect(
        (await leaving.client.put<TicketView>(`/tickets/${ticket.id}`, { status: 'open', userId: leaving.user.id })).body,
      ).toMatchObject({ status: 'open' });
      const resolved = await customerWrites(QUEUED);
      await leaving.client.put(`/tickets/${resolved.id}`, { status: 'closed', userId: leaving.user.id, queueId: queueA.id });

      expect((await tenant.admin.delete(`/users/${leaving.user.id}`)).status).toBe(200);
      const back = await socketA.nextWhere<TicketEventPayload>(
        `company-${tenant.companyId}-ticket`,
        (p) => p.action === 'update' && p.ticket.id === ticket.id && p.ticket.status === 'pending',
      );
      expect(back).toMatchObject({ ticket: { status: 'pending', userId: null, queueId: queueA.id } });
      // a resolved ticket keeps who resolved it
      expect((await tenant.admin.get<TicketView>(`/tickets/${resolved.id}`)).body).toMatchObject({
        status: 'closed',
        userId: leaving.user.id,
      });
    });

    it('refuses a transfer to a user or queue of another company', async () => {
      const ticket = await customerWrites(QUEUED);
      expect(await tenant.admin.put(`/tickets/${ticket.id}`, { userId: other.adminSession.user.id })).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_USER_FOUND' },
      });
      const foreignQueue = await createQueue(other, 'Alheia');
      expect(await tenant.admin.put(`/tickets/${ticket.id}`, { queueId: foreignQueue.id })).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_QUEUE_FOUND' },
      });
      expect(await tenant.admin.put(`/tickets/${ticket.id}`, { status: 'archived' })).toMatchObject({
        status: 400,
        body: { error: 'ERR_VALIDATION' },
      });
    });

    it('refuses to reopen a ticket while the contact has another one open: ERR_OTHER_OPEN_TICKET with it', async () => {
      const number = aNumber();
      await publisher.publish(tenant.companyId, QUEUED, { type: 'message', message: customerText(number, 'um') });
      let first: TicketView | undefined;
      await eventually(
        async () =>
          (first = (await tenant.admin.get<TicketsPageView>(`/tickets?showAll=true&searchParam=${number}`)).body.tickets[0]) !== undefined,
      );
      await tenant.admin.put(`/tickets/${first!.id}`, { status: 'closed' });
      await publisher.publish(tenant.companyId, QUEUED, { type: 'message', message: customerText(number, 'dois') });
      let second: TicketView | undefined;
      await eventually(
        async () =>
          (second = (await tenant.admin.get<TicketsPageView>(`/tickets?showAll=true&status=pending&searchParam=${number}`)).body
            .tickets[0]) !== undefined,
      );
      const reopen = await tenant.admin.put<{ error: string; data: TicketView }>(`/tickets/${first!.id}`, { status: 'open' });
      expect(reopen).toMatchObject({ status: 409, body: { error: 'ERR_OTHER_OPEN_TICKET', data: { id: second!.id, status: 'pending' } } });
    });

    it('deletes a ticket (admins only) and tells its viewers', async () => {
      const ticket = await customerWrites(QUEUED);
      expect(await agentA.client.delete(`/tickets/${ticket.id}`)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      expect((await tenant.admin.delete(`/tickets/${ticket.id}`)).status).toBe(200);
      let event = await eventAbout(socketA, ticket.id);
      while (event.action !== 'delete') event = await eventAbout(socketA, ticket.id);
      expect(event).toEqual({ action: 'delete', ticketId: ticket.id });
      expect(await tenant.admin.get(`/tickets/${ticket.id}`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
      expect(await tenant.admin.delete(`/tickets/${ticket.id}`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    });
  });

  describe('POST /tickets', () => {
    let contact: ContactView;

    beforeAll(async () => {
      contact = (await tenant.admin.post<ContactView>('/contacts', { name: 'Paula Nova', number: aNumber() })).body;
    });

    it('opens a ticket for the acting agent on the default connection', async () => {
      const created = await agentA.client.post<TicketView>('/tickets', {
        contactId: contact.id,
        queueId: queueA.id,
        userId: agentA.user.id,
        status: 'open',
      });
      expect(created).toMatchObject({
        status: 201,
        body: {
          status: 'open',
          userId: agentA.user.id,
          queueId: queueA.id,
          whatsappId: QUEUED,
          contact: { id: contact.id, name: 'Paula Nova' },
        },
      });
      expect(created.body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('answers ERR_OTHER_OPEN_TICKET with the existing ticket, also under concurrent clicks', async () => {
      const again = await agentB.client.post<{ error: string; data: TicketView }>('/tickets', {
        contactId: contact.id,
        queueId: queueB.id,
        status: 'open',
      });
      expect(again).toMatchObject({
        status: 409,
        body: { error: 'ERR_OTHER_OPEN_TICKET', data: { contactId: contact.id, userId: agentA.user.id, queue: { name: 'Fila A' } } },
      });

      const fresh = (await tenant.admin.post<ContactView>('/contacts', { name: 'Rui Duplo', number: aNumber() })).body;
      const race = await Promise.all([1, 2, 3].map(() => tenant.admin.post('/tickets', { contactId: fresh.id, status: 'open' })));
      expect(race.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    });

    it("requires a queue from non-admins ('Selecione uma fila') and known contact, queue and connection", async () => {
      const someone = (await tenant.admin.post<ContactView>('/contacts', { name: 'Sem Fila', number: aNumber() })).body;
      expect(await agentA.client.post('/tickets', { contactId: someone.id })).toMatchObject({
        status: 400,
        body: { error: 'ERR_QUEUE_REQUIRED' },
      });
      expect(await tenant.admin.post('/tickets', { contactId: 99_999_999 })).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_CONTACT_FOUND' },
      });
      expect(await tenant.admin.post('/tickets', { contactId: someone.id, queueId: 99_999_999 })).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_QUEUE_FOUND' },
      });
      expect(await tenant.admin.post('/tickets', { contactId: someone.id, whatsappId: 99_999 })).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_WAPP_FOUND' },
      });
      const foreign = (await other.admin.post<ContactView>('/contacts', { name: 'Outra Casa', number: aNumber() })).body;
      expect(await other.admin.post('/tickets', { contactId: foreign.id })).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_DEF_WAPP_FOUND' },
      });
      expect(await tenant.admin.post('/tickets', { contactId: foreign.id })).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_CONTACT_FOUND' },
      });
      expect(await tenant.admin.post('/tickets', { contactId: 'x' })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    });
  });

  describe('GET /tickets filters', () => {
    let tagged: TicketView;
    let tag: TagView;

    beforeAll(async () => {
      tagged = await customerWrites(UNQUEUED, 'procuro a palavra abacaxi');
      tag = (await tenant.admin.post<TagView>('/tags', { name: 'Urgente' })).body;
      await tenant.admin.post('/tags/sync', { ticketId: tagged.id, tags: [{ id: tag.id, name: 'Urgente' }] });
    });

    it('searches contact names, numbers and message bodies', async () => {
      expect(ids(await tenant.admin.get<TicketsPageView>('/tickets?searchParam=abacaxi'))).toEqual([tagged.id]);
      expect(ids(await tenant.admin.get<TicketsPageView>(`/tickets?searchParam=${tagged.contact.number!.slice(-8)}`))).toEqual([tagged.id]);
      expect(ids(await tenant.admin.get<TicketsPageView>(`/tickets?searchParam=${encodeURIComponent(tagged.contact.name)}`))).toContain(
        tagged.id,
      );
      expect(ids(await tenant.admin.get<TicketsPageView>('/tickets?searchParam=%25'))).toEqual([]);
    });

    it('filters by tags, queues, users, status, unread and dates', async () => {
      expect(
        ids(await tenant.admin.get<TicketsPageView>(`/tickets?showAll=true&tags=${encodeURIComponent(JSON.stringify([tag.id]))}`)),
      ).toEqual([tagged.id]);
      const inB = ids(
        await tenant.admin.get<TicketsPageView>(`/tickets?showAll=true&queueIds=${encodeURIComponent(JSON.stringify([queueB.id]))}`),
      );
      expect(inB).toContain(tagged.id); // tickets without queue show in every queue filter ('SEM FILA')
      const pageA = (await tenant.admin.get<TicketsPageView>(`/tickets?showAll=true&queueIds=[${queueA.id}]`)).body.tickets;
      expect(pageA.every((t) => t.queueId === queueA.id || t.queueId === null)).toBe(true);

      await tenant.admin.put(`/tickets/${tagged.id}`, { status: 'open', userId: allTicketAgent.user.id });
      expect(ids(await tenant.admin.get<TicketsPageView>(`/tickets?showAll=true&users=[${allTicketAgent.user.id}]`))).toEqual([tagged.id]);
      const open = (await tenant.admin.get<TicketsPageView>('/tickets?showAll=true&status=open')).body.tickets;
      expect(open.every((t) => t.status === 'open')).toBe(true);

      const unread = (await tenant.admin.get<TicketsPageView>('/tickets?showAll=true&withUnreadMessages=true')).body.tickets;
      expect(unread.length).toBeGreaterThan(0);
      expect(unread.every((t) => t.unreadMessages > 0)).toBe(true);

      const today = new Date(tagged.createdAt).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
      expect(ids(await tenant.admin.get<TicketsPageView>(`/tickets?showAll=true&date=${today}&searchParam=abacaxi`))).toEqual([tagged.id]);
      expect(ids(await tenant.admin.get<TicketsPageView>(`/tickets?showAll=true&updatedAt=${today}&searchParam=abacaxi`))).toEqual([
        tagged.id,
      ]);
      expect(ids(await tenant.admin.get<TicketsPageView>('/tickets?showAll=true&date=2001-01-01'))).toEqual([]);
      expect((await tenant.admin.get('/tickets?date=yesterday')).status).toBe(400);
      expect((await tenant.admin.get('/tickets?queueIds=[x]')).status).toBe(400);
    });

    it('shows an agent only their own and the pending tickets unless searching; admins all with showAll', async () => {
      const mine = (await allTicketAgent.client.get<TicketsPageView>('/tickets?status=open')).body.tickets;
      expect(mine.every((t) => t.userId === allTicketAgent.user.id)).toBe(true);
      const adminOwn = (await tenant.admin.get<TicketsPageView>('/tickets?status=open')).body.tickets;
      expect(adminOwn.every((t) => t.userId === tenant.adminSession.user.id)).toBe(true);
      expect(ids(await tenant.admin.get<TicketsPageView>('/tickets?status=open&showAll=true'))).toContain(tagged.id);
      // showAll is an admin switch: ignored for agents
      const agentAll = (await agentA.client.get<TicketsPageView>('/tickets?status=open&showAll=true')).body.tickets;
      expect(agentAll.every((t) => t.userId === agentA.user.id)).toBe(true);
    });

    it('pages 40 at a time, newest activity first, with count and hasMore', async () => {
      const first = (await tenant.admin.get<TicketsPageView>('/tickets?showAll=true&pageNumber=1')).body;
      expect(first.count).toBeGreaterThan(0);
      expect(first.tickets.length).toBe(Math.min(40, first.count));
      expect(first.hasMore).toBe(first.count > 40);
      const times = first.tickets.map((t) => t.updatedAt);
      expect([...times].sort().reverse()).toEqual(times);
      const beyond = (await tenant.admin.get<TicketsPageView>('/tickets?showAll=true&pageNumber=999')).body;
      expect(beyond).toMatchObject({ tickets: [], hasMore: false });
    });
  });

  describe('opening a ticket', () => {
    it('resets its unread count and tells its viewers (updateUnread)', async () => {
      const ticket = await customerWrites(QUEUED, 'não lida');
      expect(ticket.unreadMessages).toBe(1);
      const page = await agentA.client.get<MessagesPageView>(`/messages/${ticket.id}`);
      expect(page.body).toMatchObject({ ticket: { id: ticket.id, unreadMessages: 0 }, count: 1, hasMore: false });
      expect(page.body.messages[0]).toMatchObject({ body: 'não lida', read: true, fromMe: false });
      let event = await eventAbout(adminSocket, ticket.id);
      while (event.action !== 'updateUnread') event = await eventAbout(adminSocket, ticket.id);
      expect(event).toEqual({ action: 'updateUnread', ticketId: ticket.id });
      expect((await tenant.admin.get<TicketView>(`/tickets/${ticket.id}`)).body.unreadMessages).toBe(0);
    });

    it('by someone who may not see it (403, or another company’s 404) leaves it unread', async () => {
      const ticket = await customerWrites(QUEUED, 'não é sua');
      expect(await agentB.client.get(`/messages/${ticket.id}`)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      expect(await other.admin.get(`/messages/${ticket.id}`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
      const peek = await tenant.admin.get<MessagesPageView>(`/messages/${ticket.id}?markRead=false`);
      expect(peek.body).toMatchObject({ ticket: { id: ticket.id, unreadMessages: 1, updatedAt: ticket.updatedAt }, count: 1 });
      expect(peek.body.messages[0]).toMatchObject({ body: 'não é sua', read: false });
    });

    it('markRead=false (an admin’s peek) leaves the unread count and WhatsApp’s read receipts alone', async () => {
      const ticket = await customerWrites(QUEUED, 'espiada');
      const nats = await NatsFixture.open(stack);
      const commands = await nats.record(SessionsSubjects.command);
      const markReads = () => commands.received.filter((c) => c.includes('"markRead"') && c.includes(ticket.contact.number ?? '-'));
      try {
        const peek = await tenant.admin.get<MessagesPageView>(`/messages/${ticket.id}?markRead=false`);
        expect(peek.status).toBe(200);
        expect(peek.body).toMatchObject({ ticket: { id: ticket.id, unreadMessages: 1 }, count: 1 });
        expect(peek.body.messages[0]).toMatchObject({ body: 'espiada', read: false });
        expect((await tenant.admin.get<TicketView>(`/tickets/${ticket.id}`)).body.unreadMessages).toBe(1);
        expect(await tenant.admin.get(`/messages/${ticket.id}?markRead=maybe`)).toMatchObject({
          status: 400,
          body: { error: 'ERR_VALIDATION' },
        });

        // the agent opening it afterwards sends the one markRead command: the peek sent none before it
        const opened = await agentA.client.get<MessagesPageView>(`/messages/${ticket.id}?markRead=true`);
        expect(opened.body.ticket.unreadMessages).toBe(0);
        await eventually(async () => markReads().length > 0, 10_000);
        expect(markReads()).toHaveLength(1);
      } finally {
        commands.stop();
        await nats.close();
      }
    });

    it('pages the conversation 20 messages at a time, oldest first, older pages further back', async () => {
      const number = aNumber();
      for (let i = 1; i <= 25; i += 1) {
        await publisher.publish(tenant.companyId, QUEUED, { type: 'message', message: customerText(number, `m${i}`) });
      }
      let ticket: TicketView | undefined;
      await eventually(async () => {
        ticket = (await tenant.admin.get<TicketsPageView>(`/tickets?showAll=true&searchParam=${number}`)).body.tickets[0];
        return ticket?.lastMessage === 'm25';
      }, 10_000);
      const first = (await tenant.admin.get<MessagesPageView>(`/messages/${ticket!.id}`)).body;
      expect(first.messages.map((m) => m.body)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 6}`));
      expect(first).toMatchObject({ count: 25, hasMore: true });
      const second = (await tenant.admin.get<MessagesPageView>(`/messages/${ticket!.id}?pageNumber=2`)).body;
      expect(second.messages.map((m) => m.body)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
      expect(second.hasMore).toBe(false);
    });

    it('announces new messages to the ticket’s viewers with message, ticket and contact', async () => {
      const ticket = await customerWrites(QUEUED, 'primeira');
      const number = ticket.contact.number!;
      await publisher.publish(tenant.companyId, QUEUED, { type: 'message', message: customerText(number, 'segunda') });
      let event: AppMessageEventPayload;
      do event = await socketA.next<AppMessageEventPayload>(`company-${tenant.companyId}-appMessage`, 10_000);
      while (event.message.body !== 'segunda');
      expect(event).toMatchObject({ action: 'create', ticket: { id: ticket.id, unreadMessages: 2 }, contact: { id: ticket.contactId } });
      expect(
        socketB.received.filter((r) => r.event.endsWith('-appMessage') && (r.payload as AppMessageEventPayload).ticket.id === ticket.id),
      ).toEqual([]);
    });
  });
});
