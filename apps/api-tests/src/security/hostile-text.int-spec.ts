import {
  inboundStreamName,
  type ContactView,
  type InboundFailureView,
  type MessagesPageView,
  type TicketView,
  type WhatsappView,
} from '@atrium/contracts';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { eventually } from '../nats-fixtures.js';
import { connectSandboxNumber, sandboxCall, startSessionsStack, type SessionsStack } from '../sessions/sessions-fixtures.js';
import { socketOf, type SocketRecorder } from '../socket-client.js';
import { signUpTenant, type Tenant } from '../tenants.js';
import { customerText, InboundPublisher } from '../tickets/inbound-publisher.js';
import { createAgent, ownerQuery, ticketAppears, type Agent } from '../tickets/tickets-fixtures.js';

const BUSINESS = '5511972009001';
const CUSTOMER = '5511987009001';
const NUL = '\u0000';

type SandboxMessage = { id: string; body: string };

/**
 * Issue 9 item 3: characters PostgreSQL refuses (U+0000, lone surrogates) reaching the platform
 * from customers, address books and agents. Nothing is delivered that the conversation does not
 * show, a customer's message is stored cleaned (not redelivered forever), and an event that
 * cannot be stored becomes a dead letter the company's admins see.
 */
describe('security: hostile text', () => {
  let env: SessionsStack;
  let tenant: Tenant;
  let agent: Agent;
  let socket: SocketRecorder;
  let connection: WhatsappView;
  let inbound: InboundPublisher;

  beforeAll(async () => {
    // two attempts before a dead letter, so the test does not wait out the production backoff
    env = await startSessionsStack({ services: ['identity', 'sessions', 'tickets'], env: { INBOUND_MAX_DELIVERIES: '2' } });
    tenant = await signUpTenant(env.stack);
    agent = await createAgent(env.stack, tenant, { name: 'Agente Texto' });
    socket = await socketOf(env.stack, tenant.admin);
    connection = await connectSandboxNumber(env, tenant.admin, socket, tenant.companyId, BUSINESS);
    inbound = await InboundPublisher.open(env.stack.env);
  });
  afterAll(async () => {
    socket?.close();
    await env.stop();
    await inbound?.close();
  });

  /** The tickets service's durable consumer of the stack's inbound stream. */
  async function consumerInfo() {
    const nats = await connect({ servers: env.stack.env.NATS_URL });
    try {
      const manager = await jetstreamManager(nats);
      return await manager.consumers.info(inboundStreamName(env.stack.env.NATS_SUBJECT_PREFIX ?? ''), 'tickets');
    } finally {
      await nats.close();
    }
  }

  const failures = async () =>
    ownerQuery<{ reason: string; attempts: number }>(
      env.stack,
      'select reason, attempts from tickets.failed_inbound_events where company_id = $1',
      [tenant.companyId],
    );

  it('stores a customer message and sender name with U+0000 cleaned, once, without redelivery', async () => {
    const sent = await sandboxCall(env.sandbox, 'POST', '/messages', {
      from: CUSTOMER,
      to: BUSINESS,
      pushName: `Ana${NUL} Cliente`,
      body: `Olá${NUL} tudo bem?`,
    });
    expect(sent.status).toBe(201);
    const ticket = await ticketAppears(tenant.admin, (t) => t.contact.number === CUSTOMER);
    expect(ticket.contact.name).toBe('Ana Cliente');
    const page = await tenant.admin.get<MessagesPageView>(`/messages/${ticket.id}?markRead=false`);
    expect(page.body.messages.map((m) => m.body)).toEqual(['Olá tudo bem?']);
    expect(ticket.lastMessage).toBe('Olá tudo bem?');

    await eventually(async () => (await consumerInfo()).num_ack_pending === 0);
    expect((await consumerInfo()).num_redelivered).toBe(0);
    expect(await failures()).toEqual([]);
  });

  it('never delivers an agent message the conversation does not show (U+0000 refused or cleaned, never a 500)', async () => {
    const ticket = await ticketAppears(tenant.admin, (t) => t.contact.number === CUSTOMER);
    const answer = await tenant.admin.post(`/messages/${ticket.id}`, { body: `Resposta${NUL} do agente` });
    expect([201, 400]).toContain(answer.status);

    const stored = (await tenant.admin.get<MessagesPageView>(`/messages/${ticket.id}?markRead=false`)).body.messages.filter(
      (m) => m.fromMe,
    );
    const delivered = (await sandboxCall<SandboxMessage[]>(env.sandbox, 'GET', `/messages?customer=${CUSTOMER}`)).body.filter((m) =>
      m.body.startsWith('Resposta'),
    );
    if (answer.status === 400) {
      expect(answer.body).toMatchObject({ error: 'ERR_VALIDATION' });
      expect(delivered).toEqual([]);
      expect(stored).toEqual([]);
    } else {
      expect(delivered.map((m) => m.body)).toEqual(['Resposta do agente']);
      expect(stored.map((m) => [m.body, m.id !== undefined])).toEqual([['Resposta do agente', true]]);
    }
  });

  it('imports an address book whose names hold U+0000 and half surrogate pairs, cleaned', async () => {
    const book = [
      { number: '5511987009101', name: `Bia${NUL} Agenda` },
      { number: '5511987009102', name: `Caio \uD83D Lima` },
      { number: '5511987009103', name: 'Duda Normal' },
    ];
    expect((await sandboxCall(env.sandbox, 'PUT', `/sessions/${BUSINESS}/contacts`, { contacts: book })).status).toBe(200);
    const imported = await tenant.admin.post<ContactView[]>('/contacts/import', {});
    expect(imported.status).toBe(201);
    expect(
      imported.body
        .map((c) => [c.number, c.name])
        .filter(([n]) => n!.startsWith('55119870091'))
        .sort(),
    ).toEqual([
      ['5511987009101', 'Bia Agenda'],
      ['5511987009102', 'Caio  Lima'],
      ['5511987009103', 'Duda Normal'],
    ]);
  });

  it('gives an event that cannot be stored to the dead letters after its attempts, for the admins to see', async () => {
    // a chat id longer than any number column: no attempt can store it
    const poison = customerText('9'.repeat(70), 'nunca armazenada');
    await inbound.publish(tenant.companyId, connection.id, { type: 'message', message: poison });

    let listed: InboundFailureView[] = [];
    await eventually(async () => {
      listed = (await tenant.admin.get<InboundFailureView[]>('/inbound-failures')).body;
      return Array.isArray(listed) && listed.length === 1;
    }, 20_000);
    expect(listed[0]).toMatchObject({ whatsappId: connection.id, eventType: 'message', attempts: 2 });
    expect(listed[0]!.reason).toMatch(/too long/);
    expect(JSON.parse(listed[0]!.event)).toMatchObject({ message: { id: poison.id, body: 'nunca armazenada' } });

    // terminated, not redelivered: it stays one dead letter, and nothing waits for an ack
    await eventually(async () => (await consumerInfo()).num_ack_pending === 0);
    await new Promise((resolve) => setTimeout(resolve, 2_500)); // longer than the redelivery delay it would get
    expect(await failures()).toHaveLength(1);

    // the admins of this company only
    expect((await agent.client.get('/inbound-failures')).status).toBe(403);
    const other = await signUpTenant(env.stack);
    expect((await other.admin.get<InboundFailureView[]>('/inbound-failures')).body).toEqual([]);
    // and the conversation of others goes on
    await sandboxCall(env.sandbox, 'POST', '/messages', { from: CUSTOMER, to: BUSINESS, body: 'ainda aqui' });
    await eventually(async () => {
      const ticket = await ticketAppears(tenant.admin, (t: TicketView) => t.contact.number === CUSTOMER);
      return ticket.lastMessage === 'ainda aqui';
    }, 10_000);
  });
});
