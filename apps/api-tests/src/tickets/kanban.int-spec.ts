import type { ContactView, KanbanTicketsView, QueueView, TagView, TicketView } from '@atrium/contracts';
import type { ApiClient } from '../api-client.js';
import { createPlan, signedUpAdmin, superClient } from '../identity-fixtures.js';
import { eventually } from '../nats-fixtures.js';
import { socketOf } from '../socket-client.js';
import { startStack, type Stack } from '../stack.js';
import { signUpTenant, type Tenant } from '../tenants.js';
import { aNumber, customerText, InboundPublisher } from './inbound-publisher.js';
import { announceConnection, createAgent, createQueue, ownerQuery, ticketEventAbout, type Agent } from './tickets-fixtures.js';

const WHATSAPP_ID = 9401;
const OTHER_WHATSAPP_ID = 9402;

describe('kanban: GET /tags/kanban, GET /ticket/kanban, PUT and DELETE /ticket-tags', () => {
  let stack: Stack;
  let tenant: Tenant;
  let other: Tenant;
  let sales: QueueView;
  let support: QueueView;
  let salesAgent: Agent;
  let lanes: { novo: TagView; proposta: TagView; vip: TagView };
  let foreignLane: TagView;
  let publisher: InboundPublisher;

  beforeAll(async () => {
    stack = await startStack({ services: ['identity', 'tickets'] });
    [tenant, other] = await Promise.all([signUpTenant(stack), signUpTenant(stack)]);
    [sales, support] = [await createQueue(tenant, 'Vendas'), await createQueue(tenant, 'Suporte')];
    salesAgent = await createAgent(stack, tenant, { name: 'Vera Vendas', queueIds: [sales.id] });
    await announceConnection(stack, tenant, { id: WHATSAPP_ID, queueIds: [sales.id, support.id] });
    await announceConnection(stack, other, { id: OTHER_WHATSAPP_ID });
    lanes = {
      novo: await createTag(tenant.admin, 'Novo', 1),
      proposta: await createTag(tenant.admin, 'Proposta', 1),
      vip: await createTag(tenant.admin, 'VIP', 0),
    };
    foreignLane = await createTag(other.admin, 'Novo', 1);
    publisher = await InboundPublisher.open(stack.env);
  });
  afterAll(async () => {
    await stack.stop();
    await publisher.close();
  });

  async function createTag(client: ApiClient, name: string, kanban: 0 | 1): Promise<TagView> {
    const response = await client.post<TagView>('/tags', { name, color: kanban ? '#1677ff' : '#f5222d', kanban });
    if (response.status !== 201) throw new Error(`tag not created: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  }

  async function ticketOf(
    owner: Tenant,
    name: string,
    queueId: number | null,
    status: 'open' | 'pending' = 'pending',
  ): Promise<TicketView> {
    const contact = (await owner.admin.post<ContactView>('/contacts', { name, number: aNumber() })).body;
    const created = await owner.admin.post<TicketView>('/tickets', {
      contactId: contact.id,
      queueId,
      status,
      userId: status === 'open' ? owner.adminSession.user.id : null,
    });
    if (created.status !== 201) throw new Error(`ticket not created: ${created.status} ${JSON.stringify(created.body)}`);
    return created.body;
  }

  async function board(client: ApiClient, query = ''): Promise<TicketView[]> {
    const response = await client.get<KanbanTicketsView>(`/ticket/kanban${query}`);
    expect(response.status).toBe(200);
    return response.body.tickets;
  }

  async function tagLinks(ticketId: number): Promise<number[]> {
    const rows = await ownerQuery<{ tag_id: number }>(
      stack,
      'select tag_id from tickets.ticket_tags where ticket_id = $1 order by tag_id',
      [ticketId],
    );
    return rows.map((row) => row.tag_id);
  }

  it('lists the kanban tags only, as `lista`', async () => {
    const { body } = await tenant.admin.get<{ lista: TagView[] }>('/tags/kanban');
    expect(body.lista.map((tag) => tag.name)).toEqual(['Novo', 'Proposta']);
    expect(body.lista.every((tag) => tag.kanban === 1)).toBe(true);
  });

  it('shows open and pending tickets with contact, last message and tags, never closed ones', async () => {
    const number = aNumber();
    await publisher.publish(tenant.companyId, WHATSAPP_ID, { type: 'message', message: customerText(number, 'quero um orçamento') });
    let card: TicketView | undefined;
    await eventually(async () => (card = (await board(tenant.admin)).find((t) => t.contact.number === number)) !== undefined, 10_000);
    expect(card).toMatchObject({ status: 'pending', lastMessage: 'quero um orçamento', contact: { number }, tags: [] });
    expect(card!.uuid).toMatch(/^[0-9a-f-]{36}$/);

    const closed = await ticketOf(tenant, 'Carla Fechada', sales.id, 'open');
    expect((await tenant.admin.put(`/tickets/${closed.id}`, { status: 'closed' })).status).toBe(200);
    expect((await board(tenant.admin)).map((t) => t.id)).not.toContain(closed.id);
  });

  it('moves a card: DELETE takes it out of its kanban lanes keeping other tags, PUT puts it in the new lane', async () => {
    const ticket = await ticketOf(tenant, 'Marcos Movido', sales.id);
    expect((await tenant.admin.post('/tags/sync', { ticketId: ticket.id, tags: [lanes.novo.id, lanes.vip.id] })).status).toBe(201);

    const removed = await tenant.admin.delete<TicketView>(`/ticket-tags/${ticket.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.tags.map((tag) => tag.id)).toEqual([lanes.vip.id]);
    expect(await tagLinks(ticket.id)).toEqual([lanes.vip.id]);

    const added = await tenant.admin.put<TicketView>(`/ticket-tags/${ticket.id}/${lanes.proposta.id}`);
    expect(added.status).toBe(200);
    expect(added.body.tags.map((tag) => tag.name).sort()).toEqual(['Proposta', 'VIP']);
    expect(await tagLinks(ticket.id)).toEqual([lanes.proposta.id, lanes.vip.id].sort((a, b) => a - b));
    // the same link again changes nothing
    expect((await tenant.admin.put(`/ticket-tags/${ticket.id}/${lanes.proposta.id}`)).status).toBe(200);
    expect(await tagLinks(ticket.id)).toHaveLength(2);

    const card = (await board(tenant.admin)).find((t) => t.id === ticket.id);
    expect(card?.tags.map((tag) => tag.id).sort()).toEqual([lanes.proposta.id, lanes.vip.id].sort((a, b) => a - b));
  });

  it('combines the filters (queueIds as JSON text, tags, search, status): each narrows the others', async () => {
    const inSalesTagged = await ticketOf(tenant, 'Filtro Ana', sales.id);
    const inSalesUntagged = await ticketOf(tenant, 'Filtro Bia', sales.id);
    const inSupportTagged = await ticketOf(tenant, 'Filtro Caio', support.id);
    const openInSales = await ticketOf(tenant, 'Filtro Davi', sales.id, 'open');
    for (const ticket of [inSalesTagged, inSupportTagged, openInSales]) {
      expect((await tenant.admin.put(`/ticket-tags/${ticket.id}/${lanes.novo.id}`)).status).toBe(200);
    }
    const ours = [inSalesTagged.id, inSalesUntagged.id, inSupportTagged.id, openInSales.id];
    const ids = async (query: string) =>
      (await board(tenant.admin, query))
        .map((t) => t.id)
        .filter((id) => ours.includes(id))
        .sort((a, b) => a - b);
    const sorted = (...list: number[]) => list.sort((a, b) => a - b);

    expect(await ids('?searchParam=Filtro')).toEqual(sorted(...ours));
    expect(await ids(`?searchParam=Filtro&queueIds=${encodeURIComponent(JSON.stringify([sales.id]))}&teste=true`)).toEqual(
      sorted(inSalesTagged.id, inSalesUntagged.id, openInSales.id),
    );
    expect(await ids(`?searchParam=Filtro&tags=${encodeURIComponent(JSON.stringify([lanes.novo.id]))}`)).toEqual(
      sorted(inSalesTagged.id, inSupportTagged.id, openInSales.id),
    );
    expect(await ids(`?searchParam=Filtro&queueIds=${encodeURIComponent(JSON.stringify([sales.id]))}&tags=[${lanes.novo.id}]`)).toEqual(
      sorted(inSalesTagged.id, openInSales.id),
    );
    expect(await ids(`?searchParam=Filtro&queueIds=[${sales.id}]&tags=[${lanes.novo.id}]&status=pending`)).toEqual([inSalesTagged.id]);
    expect(await ids(`?searchParam=Filtro%20Bia&queueIds=[${sales.id}]`)).toEqual([inSalesUntagged.id]);
    expect((await tenant.admin.get('/ticket/kanban?status=closed')).body).toMatchObject({ error: 'ERR_VALIDATION' });
    expect((await tenant.admin.get('/ticket/kanban?queueIds=[abc]')).status).toBe(400);
  });

  it("shows an agent only their queues' tickets and refuses moves on the others, storing nothing", async () => {
    const mine = await ticketOf(tenant, 'Agente Sim', sales.id);
    const notMine = await ticketOf(tenant, 'Agente Nao', support.id);
    const seen = (await board(salesAgent.client)).map((t) => t.id);
    expect(seen).toContain(mine.id);
    expect(seen).not.toContain(notMine.id);
    expect((await board(tenant.admin)).map((t) => t.id)).toEqual(expect.arrayContaining([mine.id, notMine.id]));

    expect(await salesAgent.client.put(`/ticket-tags/${notMine.id}/${lanes.novo.id}`)).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect((await tenant.admin.put(`/ticket-tags/${notMine.id}/${lanes.proposta.id}`)).status).toBe(200);
    expect(await salesAgent.client.delete(`/ticket-tags/${notMine.id}`)).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect(await tagLinks(notMine.id)).toEqual([lanes.proposta.id]);

    expect((await salesAgent.client.put<TicketView>(`/ticket-tags/${mine.id}/${lanes.novo.id}`)).status).toBe(200);
    expect(await tagLinks(mine.id)).toEqual([lanes.novo.id]);
  });

  it("refuses another company's ticket or tag, a tag that is not a lane and bad ids, storing nothing", async () => {
    const ours = await ticketOf(tenant, 'Nosso Ticket', sales.id);
    const theirs = await ticketOf(other, 'Ticket Alheio', null);

    expect(await tenant.admin.put(`/ticket-tags/${theirs.id}/${lanes.novo.id}`)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_TICKET_FOUND' },
    });
    expect(await tenant.admin.delete(`/ticket-tags/${theirs.id}`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    expect(await tenant.admin.put(`/ticket-tags/${ours.id}/${foreignLane.id}`)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_TAG_FOUND' },
    });
    expect(await tenant.admin.put(`/ticket-tags/${ours.id}/${lanes.vip.id}`)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_TAG_FOUND' },
    });
    expect((await tenant.admin.put(`/ticket-tags/${ours.id}/abc`)).status).toBe(400);
    expect((await tenant.admin.delete('/ticket-tags/0')).status).toBe(400);

    expect(await tagLinks(ours.id)).toEqual([]);
    expect(await tagLinks(theirs.id)).toEqual([]);
    expect((await board(tenant.admin)).map((t) => t.id)).not.toContain(theirs.id);
  });

  it('announces a move as the ticket update to whoever sees the ticket', async () => {
    const ticket = await ticketOf(tenant, 'Ao Vivo', sales.id);
    const socket = await socketOf(stack, salesAgent.client);
    try {
      expect((await tenant.admin.put(`/ticket-tags/${ticket.id}/${lanes.proposta.id}`)).status).toBe(200);
      const added = await ticketEventAbout(socket, tenant.companyId, ticket.id);
      expect(added).toMatchObject({ action: 'update', ticket: { id: ticket.id, tags: [{ id: lanes.proposta.id, kanban: 1 }] } });

      expect((await tenant.admin.delete(`/ticket-tags/${ticket.id}`)).status).toBe(200);
      expect(await ticketEventAbout(socket, tenant.companyId, ticket.id)).toMatchObject({
        action: 'update',
        ticket: { id: ticket.id, tags: [] },
      });
    } finally {
      socket.close();
    }
  });

  it('refuses every kanban route to a company whose plan lacks useKanban', async () => {
    const plan = await createPlan(await superClient(stack), { useKanban: false });
    const { client } = await signedUpAdmin(stack, plan.id);
    for (const [method, path] of [
      ['GET', '/tags/kanban'],
      ['GET', '/ticket/kanban'],
      ['PUT', '/ticket-tags/1/1'],
      ['DELETE', '/ticket-tags/1'],
    ] as const) {
      expect(await client.request(method, path)).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
    }
  });
});
