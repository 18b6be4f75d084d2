import type {
  MentionEventPayload,
  MessagesPageView,
  TicketNoteEventPayload,
  TicketNoteView,
  TicketView,
  WhatsappView,
} from '@atrium/contracts';
import { createPlan } from '../identity-fixtures.js';
import { eventually } from '../nats-fixtures.js';
import { connectSandboxNumber, sandboxCall, startSessionsStack, type SessionsStack } from '../sessions/sessions-fixtures.js';
import { socketOf, type SocketRecorder } from '../socket-client.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { InboundPublisher } from './inbound-publisher.js';
import { createAgent, type Agent } from './tickets-fixtures.js';

const BUSINESS = '5511972000071';
const CUSTOMER = '5511987007101';

type SandboxMessage = { id: string; body: string };

/**
 * The conversation's team side with the real sessions service and wa-sandbox, in a company that
 * has no queue at all: an admin assigns the customer's ticket to an agent without choosing a
 * queue; private notes written in the conversation reach the ticket's viewers live and name
 * colleagues (@), who alone are told, and never reach the customer, the messages or the ticket's
 * last message.
 */
describe('conversation: assignment without queue, private notes and mentions', () => {
  let env: SessionsStack;
  let tenant: Tenant;
  let other: Tenant;
  let connection: WhatsappView;
  let alice: Agent;
  let bruno: Agent;
  let carla: Agent;
  let adminSocket: SocketRecorder;
  let aliceSocket: SocketRecorder;
  let brunoSocket: SocketRecorder;
  let carlaSocket: SocketRecorder;
  let otherSocket: SocketRecorder;
  let ticket: TicketView;

  beforeAll(async () => {
    env = await startSessionsStack({ services: ['identity', 'sessions', 'tickets'] });
    const plan = await createPlan(await superAdmin(env.stack), { connections: 1, queues: 0 });
    [tenant, other] = await Promise.all([signUpTenant(env.stack, plan.id), signUpTenant(env.stack)]);
    [alice, bruno, carla] = await Promise.all([
      createAgent(env.stack, tenant, { name: 'Alice Sem Fila', queueIds: [] }),
      createAgent(env.stack, tenant, { name: 'Bruno Colega', queueIds: [] }),
      createAgent(env.stack, tenant, { name: 'Carla Outra', queueIds: [] }),
    ]);
    adminSocket = await socketOf(env.stack, tenant.admin);
    connection = await connectSandboxNumber(env, tenant.admin, adminSocket, tenant.companyId, BUSINESS);
    [aliceSocket, brunoSocket, carlaSocket, otherSocket] = await Promise.all(
      [alice.client, bruno.client, carla.client, other.admin].map((client) => socketOf(env.stack, client)),
    );
  });
  afterAll(async () => {
    for (const socket of [adminSocket, aliceSocket, brunoSocket, carlaSocket, otherSocket]) socket?.close();
    await env?.stop();
    await (await InboundPublisher.open(env.stack.env)).close(); // deletes the test's stream
  });

  const customerSends = (body: string) =>
    sandboxCall<{ id: string }>(env.sandbox, 'POST', '/messages', { from: CUSTOMER, to: BUSINESS, pushName: 'Dora Cliente', body });
  const customerInbox = async () => (await sandboxCall<SandboxMessage[]>(env.sandbox, 'GET', `/messages?customer=${CUSTOMER}`)).body;

  it('an admin assigns the ticket to an agent with no queue chosen (the company has none): the agent sees and works it', async () => {
    await customerSends('Preciso de ajuda');
    await eventually(async () => {
      const page = await tenant.admin.get<{ tickets: TicketView[] }>(`/tickets?showAll=true&searchParam=${CUSTOMER}`);
      ticket = page.body.tickets[0]!;
      return ticket !== undefined;
    }, 15_000);
    expect(ticket).toMatchObject({ status: 'pending', queueId: null, whatsappId: connection.id });
    expect((await alice.client.get(`/tickets/${ticket.id}`)).status).toBe(403);

    const assigned = await tenant.admin.put<TicketView>(`/tickets/${ticket.id}`, { userId: alice.user.id, queueId: null });
    expect(assigned).toMatchObject({ status: 200, body: { userId: alice.user.id, user: { name: 'Alice Sem Fila' }, queueId: null } });
    await aliceSocket.nextWhere(
      `company-${tenant.companyId}-ticket`,
      (p: { action: string; ticket?: TicketView }) => p.ticket?.id === ticket.id && p.ticket.userId === alice.user.id,
    );
    expect((await alice.client.get<TicketView>(`/tickets/${ticket.id}`)).status).toBe(200);
    const accepted = await alice.client.put<TicketView>(`/tickets/${ticket.id}`, { status: 'open' });
    expect(accepted.body).toMatchObject({ status: 'open', userId: alice.user.id, queueId: null });
    ticket = accepted.body;
  });

  it("a note naming a colleague reaches the ticket's viewers live and tells the named colleague only", async () => {
    const text = 'Cliente VIP, @Bruno Colega confira o pedido 123 antes de responder';
    const created = await alice.client.post<TicketNoteView>('/ticket-notes', {
      note: text,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      mentions: [bruno.user.id],
    });
    expect(created).toMatchObject({
      status: 201,
      body: { note: text, ticketId: ticket.id, user: { id: alice.user.id, name: 'Alice Sem Fila' } },
    });
    const note = created.body;

    const mention = await brunoSocket.nextWhere<MentionEventPayload>(`company-${tenant.companyId}-mention`, (p) => p.note.id === note.id);
    expect(mention).toEqual({ action: 'create', note, ticket: { id: ticket.id, uuid: ticket.uuid }, contact: { name: 'Dora Cliente' } });
    for (const socket of [adminSocket, aliceSocket]) {
      expect(
        await socket.nextWhere<TicketNoteEventPayload>(
          `company-${tenant.companyId}-ticketNote`,
          (p) => p.action === 'create' && p.note.id === note.id,
        ),
      ).toEqual({ action: 'create', note });
    }
    for (const socket of [adminSocket, aliceSocket, carlaSocket, otherSocket])
      expect(socket.events().filter((name) => name.endsWith('-mention'))).toEqual([]);
    // Carla may not see the ticket (no queue, not hers): no note event either; the other company hears nothing
    expect(carlaSocket.events().filter((name) => name.endsWith('-ticketNote'))).toEqual([]);
    expect(otherSocket.events().filter((name) => name.includes('ticketNote') || name.includes('mention'))).toEqual([]);

    const listed = await alice.client.get<TicketNoteView[]>(`/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`);
    expect(listed.body.map((n) => n.id)).toEqual([note.id]);
  });

  it('a note is never sent: the customer, the messages and the ticket’s last message know nothing of it', async () => {
    const secret = 'Nota interna: desconto máximo de 15%';
    expect((await alice.client.post('/ticket-notes', { note: secret, ticketId: ticket.id, contactId: ticket.contactId })).status).toBe(201);
    // a reply sent after the note: once the customer has it, a note sent before would be there too
    expect((await alice.client.post(`/messages/${ticket.id}`, { body: 'Já verifico para você' })).status).toBe(201);
    await eventually(async () => (await customerInbox()).some((m) => m.body.includes('Já verifico para você')), 15_000);
    const inbox = await customerInbox();
    expect(inbox.filter((m) => m.body.includes('Nota interna') || m.body.includes('pedido 123'))).toEqual([]);

    const messages = await alice.client.get<MessagesPageView>(`/messages/${ticket.id}`);
    expect(
      messages.body.messages.map((m) => m.body).filter((body) => body.includes('Nota interna') || body.includes('pedido 123')),
    ).toEqual([]);
    const shown = await alice.client.get<TicketView>(`/tickets/${ticket.id}`);
    expect(shown.body.lastMessage).not.toContain('Nota interna');
  });

  it('refuses to name a user of another company or one that does not exist, and stores nothing', async () => {
    const before = (await alice.client.get<TicketNoteView[]>(`/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`)).body
      .length;
    for (const mentions of [[other.adminSession.user.id], [99_999_999], [bruno.user.id, other.adminSession.user.id]]) {
      const refused = await alice.client.post('/ticket-notes', {
        note: 'Para quem?',
        ticketId: ticket.id,
        contactId: ticket.contactId,
        mentions,
      });
      expect(refused).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    }
    expect(
      await alice.client.post('/ticket-notes', { note: 'Para quem?', ticketId: ticket.id, contactId: ticket.contactId, mentions: ['abc'] }),
    ).toMatchObject({ status: 400 });
    expect(
      (await alice.client.get<TicketNoteView[]>(`/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`)).body,
    ).toHaveLength(before);
    expect(otherSocket.events().filter((name) => name.includes('mention'))).toEqual([]);
  });

  it('a deleted note leaves the viewers’ conversations live', async () => {
    const note = (
      await alice.client.post<TicketNoteView>('/ticket-notes', { note: 'Apagar depois', ticketId: ticket.id, contactId: ticket.contactId })
    ).body;
    expect((await alice.client.delete(`/ticket-notes/${note.id}`)).status).toBe(200);
    expect(
      await adminSocket.nextWhere<TicketNoteEventPayload>(
        `company-${tenant.companyId}-ticketNote`,
        (p) => p.action === 'delete' && p.noteId === note.id,
      ),
    ).toEqual({ action: 'delete', noteId: note.id, ticketId: ticket.id });
    // over the whole conversation, only Bruno was ever named
    for (const socket of [adminSocket, aliceSocket, carlaSocket, otherSocket])
      expect(socket.events().filter((name) => name.endsWith('-mention'))).toEqual([]);
  });
});
