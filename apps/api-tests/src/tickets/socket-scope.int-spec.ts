import type { ContactView, QueueView, TicketView } from '@atrium/contracts';
import { emitWithAck, socketOf, type SocketRecorder } from '../socket-client.js';
import { startStack, type Stack } from '../stack.js';
import { signUpTenant, type Tenant } from '../tenants.js';
import { aNumber } from './inbound-publisher.js';
import { announceConnection, createAgent, createQueue, ticketEventAbout, ticketEventsSeen, type Agent } from './tickets-fixtures.js';

/**
 * A socket's ticket scope (the queues, allTicket and profile its ticket and appMessage events are
 * chosen by) follows an admin's change to the user at once, without reconnecting and without
 * waiting for the client's 5-minute heartbeat.
 */
describe('socket scope follows the user’s changes', () => {
  let stack: Stack;
  let tenant: Tenant;
  let queueA: QueueView;
  let queueB: QueueView;
  let agent: Agent;
  let agentSocket: SocketRecorder;
  let adminSocket: SocketRecorder;

  beforeAll(async () => {
    stack = await startStack({ services: ['identity', 'tickets'] });
    tenant = await signUpTenant(stack);
    [queueA, queueB] = [await createQueue(tenant, 'Fila A'), await createQueue(tenant, 'Fila B')];
    agent = await createAgent(stack, tenant, { name: 'Agente Móvel', queueIds: [queueA.id] });
    await announceConnection(stack, tenant, { id: 9501, name: 'Conexão', isDefault: true });
    [agentSocket, adminSocket] = await Promise.all([socketOf(stack, agent.client), socketOf(stack, tenant.admin)]);
  });
  afterAll(async () => {
    agentSocket?.close();
    adminSocket?.close();
    await stack?.stop();
  });

  /** A pending ticket the admin opens for a new contact, in that queue (or none). */
  async function pendingTicket(queueId: number | null): Promise<TicketView> {
    const contact = (await tenant.admin.post<ContactView>('/contacts', { name: 'Cliente Novo', number: aNumber() })).body;
    const created = await tenant.admin.post<TicketView>('/tickets', {
      contactId: contact.id,
      status: 'pending',
      ...(queueId !== null && { queueId }),
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  /** Asserts the agent's socket heard nothing of `ticket`: once a later ticket of queue A reached it, anything about `ticket` would have come first. */
  async function agentNeverHears(ticket: TicketView): Promise<void> {
    await ticketEventAbout(adminSocket, tenant.companyId, ticket.id);
    const marker = await pendingTicket(queueA.id);
    await ticketEventAbout(agentSocket, tenant.companyId, marker.id);
    expect(ticketEventsSeen(agentSocket, tenant.companyId, ticket.id)).toEqual([]);
  }

  const changeAgent = async (fields: Record<string, unknown>) =>
    expect((await tenant.admin.put(`/users/${agent.user.id}`, fields)).status).toBe(200);

  it('a queue added to the user brings its tickets to the open socket at once; a queue taken away stops them', async () => {
    const earlier = await pendingTicket(queueB.id);
    // asking to follow it (older clients do) changes nothing
    expect(await emitWithAck(agentSocket.socket, 'joinChatBox', earlier.id)).toEqual({ ok: true });
    await agentNeverHears(earlier);

    await changeAgent({ queueIds: [queueA.id, queueB.id] });
    const later = await pendingTicket(queueB.id);
    expect(await ticketEventAbout(agentSocket, tenant.companyId, later.id, 2000)).toMatchObject({
      action: 'update',
      ticket: { id: later.id, queueId: queueB.id },
    });

    await changeAgent({ queueIds: [queueA.id] });
    await agentNeverHears(await pendingTicket(queueB.id));
  });

  it('allTicket and profile changes take effect on the open socket too', async () => {
    await agentNeverHears(await pendingTicket(null));
    await changeAgent({ allTicket: 'enabled' });
    const unqueued = await pendingTicket(null);
    expect(await ticketEventAbout(agentSocket, tenant.companyId, unqueued.id, 2000)).toMatchObject({
      action: 'update',
      ticket: { id: unqueued.id, queueId: null },
    });

    await changeAgent({ allTicket: 'desabled', profile: 'admin' });
    const inB = await pendingTicket(queueB.id);
    expect(await ticketEventAbout(agentSocket, tenant.companyId, inB.id, 2000)).toMatchObject({ action: 'update', ticket: { id: inB.id } });

    await changeAgent({ profile: 'user' });
    await agentNeverHears(await pendingTicket(queueB.id));
  });

  it('ends a deleted user’s open sockets at once', async () => {
    const leaving = await createAgent(stack, tenant, { name: 'Agente Saindo', queueIds: [queueA.id] });
    const socket = await socketOf(stack, leaving.client);
    const ended = new Promise<string>((resolve) => socket.socket.once('disconnect', resolve));
    expect((await tenant.admin.delete(`/users/${leaving.user.id}`)).status).toBe(200);
    expect(await ended).toBe('io server disconnect');
    expect(agentSocket.socket.connected).toBe(true);
  });
});
