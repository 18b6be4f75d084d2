import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FlowStatsView, FlowView, QueueView, TicketNoteView, TicketView, WhatsappView } from '@atrium/contracts';
import { createPlan } from '../identity-fixtures.js';
import { eventually } from '../nats-fixtures.js';
import { connectSandboxNumber, sandboxCall, startSessionsStack, type SessionsStack } from '../sessions/sessions-fixtures.js';
import { socketOf } from '../socket-client.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { createAgent, createQueue, ownerQuery, ticketAppears, type Agent } from '../tickets/tickets-fixtures.js';

const BUSINESS = '5511972700001';
type SandboxMessage = { id: string; body: string };
const at = { x: 0, y: 0 };
const n = (id: string, type: string, data: Record<string, unknown>) => ({ id, type, position: at, data });
const e = (source: string, target: string, sourceHandle?: string) => ({
  id: `${source}-${sourceHandle ?? 'out'}`,
  source,
  target,
  sourceHandle,
});

/**
 * Flows (issue 27) end to end: `/flows` through the gateway, a flow attached to a sandbox
 * connection, and sandbox customers walking it through tickets and the ai service's runtime
 * (identity, sessions, tickets and ai real; an HTTP receiver on loopback, allowlisted).
 */
describe('flows', () => {
  let env: SessionsStack;
  let tenant: Tenant;
  let other: Tenant;
  let connection: WhatsappView;
  let salesQueue: QueueView;
  let seller: Agent;
  let receiver: Server;
  let receiverUrl: string;
  const received: Array<{ path: string; body: string; signature: string | undefined }> = [];
  let customerNumber = 5511987300000;

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ path: request.url ?? '', body, signature: request.headers['x-atrium-signature'] as string | undefined });
        if (request.url?.startsWith('/fail')) return void response.writeHead(500).end('{}');
        if (request.url?.startsWith('/hook')) {
          // a webhook integration's receiver: answers what the customer wrote
          const { message } = JSON.parse(body) as { message: { text: string } };
          const replies = [{ type: 'text', body: `Robô: ${message.text}` }];
          return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ replies }));
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ conta: { saldo: 12.5 } }));
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    // the ai service in the stack (in single mode the one process runs it: a second one beside it would take half its work)
    env = await startSessionsStack({
      services: ['identity', 'sessions', 'tickets', 'ai'],
      env: { INTEGRATION_URL_ALLOWLIST: `127.0.0.1:${(receiver.address() as AddressInfo).port}` },
    });
    const root = await superAdmin(env.stack);
    const plan = await createPlan(root, { connections: 2, queues: 10, useIntegrations: true });
    [tenant, other] = await Promise.all([signUpTenant(env.stack, plan.id), signUpTenant(env.stack, plan.id)]);
    salesQueue = await createQueue(tenant, 'Vendas');
    seller = await createAgent(env.stack, tenant, { name: 'Vera Vendas', queueIds: [salesQueue.id] });
    const socket = await socketOf(env.stack, tenant.admin);
    try {
      connection = await connectSandboxNumber(env, tenant.admin, socket, tenant.companyId, BUSINESS);
    } finally {
      socket.close();
    }
  }, 240_000);
  afterAll(async () => {
    await env?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
  }, 60_000);

  const newCustomer = () => String(++customerNumber);
  const customerSends = (customer: string, body: string) =>
    sandboxCall(env.sandbox, 'POST', '/messages', { from: customer, to: BUSINESS, pushName: `Cliente ${customer.slice(-4)}`, body });
  const inboxOf = async (customer: string) =>
    (await sandboxCall<SandboxMessage[]>(env.sandbox, 'GET', `/messages?customer=${customer}`)).body.map((m) => m.body);
  const receives = (customer: string, count: number, timeoutMs = 20_000) =>
    eventually(async () => (await inboxOf(customer)).length >= count, timeoutMs, 100);
  const ticketOf = (customer: string) => ticketAppears(tenant.admin, (t) => t.contact.number === customer);
  const notesOf = async (ticket: TicketView) =>
    (await tenant.admin.get<TicketNoteView[]>(`/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`)).body.map(
      (x) => x.note,
    );

  /** Creates, saves and publishes a flow, and attaches it to the connection (waiting for tickets' read model). */
  async function publishAndAttach(name: string, nodes: unknown[], edges: unknown[]): Promise<FlowView> {
    const flow = (await tenant.admin.post<FlowView>('/flows', { name })).body;
    expect((await tenant.admin.put(`/flows/${flow.id}`, { name, nodes, edges })).status).toBe(200);
    expect(await tenant.admin.post(`/flows/${flow.id}/publish`, {})).toMatchObject({ status: 200, body: { version: 1 } });
    await attach(flow.id);
    return flow;
  }
  async function attach(flowId: number | null): Promise<void> {
    expect((await tenant.admin.put(`/whatsapp/${connection.id}`, { queueIds: [], flowId })).status).toBe(200);
    await eventually(async () => {
      const [row] = await ownerQuery<{ flow_id: number | null }>(
        env.stack,
        "select (automation->>'flowId')::int as flow_id from tickets.whatsapp_refs where id = $1",
        [connection.id],
      );
      return row?.flow_id === flowId;
    }, 10_000);
  }

  it('keeps drafts and immutable versions: CRUD, clear validation errors, publish checks, list with hasMore, admins with the plan flag only', async () => {
    const created = await tenant.admin.post<FlowView>('/flows', { name: 'Boas-vindas' });
    expect(created).toMatchObject({ status: 201, body: { name: 'Boas-vindas', version: null, nodes: [], edges: [] } });
    const id = created.body.id;
    const bad = await tenant.admin.put(`/flows/${id}`, {
      name: 'Boas-vindas',
      nodes: [n('s', 'start', { trigger: 'sometimes' }), n('m', 'teleport', {})],
      edges: [e('s', 'nowhere')],
    });
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect((bad.body as { fields: Array<{ field: string }> }).fields.map((f) => f.field)).toEqual([
      'nodes.0.data.trigger',
      'nodes.1.type',
      'edges.0.target',
    ]);
    const incomplete = [n('s', 'start', { trigger: 'new-conversation' }), n('m', 'message', { text: '' })];
    expect((await tenant.admin.put(`/flows/${id}`, { name: 'Boas-vindas', nodes: incomplete, edges: [e('s', 'm')] })).status).toBe(200);
    const refused = await tenant.admin.post(`/flows/${id}/publish`, {});
    expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect((refused.body as { data: { problems: Array<{ nodeId: string; message: string }> } }).data.problems).toEqual([
      { field: 'nodes.1.data.text', nodeId: 'm', message: 'is required' },
      { field: 'nodes.1', nodeId: 'm', message: 'its output is not connected' },
    ]);
    const nodes = [n('s', 'start', { trigger: 'new-conversation' }), n('m', 'end', { text: 'Oi' })];
    expect((await tenant.admin.put(`/flows/${id}`, { name: 'Boas-vindas 2', nodes, edges: [e('s', 'm')] })).status).toBe(200);
    expect((await tenant.admin.post(`/flows/${id}/publish`, {})).body).toEqual({ version: 1 });
    expect((await tenant.admin.post(`/flows/${id}/publish`, {})).body).toEqual({ version: 2 });
    expect((await tenant.admin.get<FlowView>(`/flows/${id}`)).body).toMatchObject({
      name: 'Boas-vindas 2',
      version: 2,
      nodes,
      publishedAt: expect.any(String),
    });
    const list = await tenant.admin.get<{ flows: FlowView[]; hasMore: boolean }>('/flows?searchParam=vindas');
    expect(list.body).toMatchObject({ flows: [{ id, name: 'Boas-vindas 2', version: 2 }], hasMore: false });
    // another company sees nothing of it, and cannot attach it
    expect((await other.admin.get(`/flows/${id}`)).body).toMatchObject({ error: 'ERR_NO_FLOW_FOUND' });
    expect((await other.admin.get<{ flows: unknown[] }>('/flows')).body.flows).toEqual([]);
    const otherQueue = await createQueue(other, 'Fila alheia');
    expect(await other.admin.put(`/queue/${otherQueue.id}`, { flowId: id })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION' },
    });
    expect(await tenant.admin.put(`/queue/${salesQueue.id}`, { flowId: 999_999 })).toMatchObject({ status: 400 });
    expect(await tenant.admin.put<QueueView>(`/queue/${salesQueue.id}`, { flowId: id })).toMatchObject({
      status: 200,
      body: { flowId: id },
    });
    expect(await tenant.admin.put<QueueView>(`/queue/${salesQueue.id}`, { flowId: null })).toMatchObject({
      status: 200,
      body: { flowId: null },
    });
    // agents may not, and a plan without useIntegrations may not
    expect((await seller.client.get('/flows')).status).toBe(403);
    const root = await superAdmin(env.stack);
    const poor = await signUpTenant(env.stack, (await createPlan(root, { useIntegrations: false })).id);
    expect((await poor.admin.get('/flows')).status).toBe(403);
    expect((await tenant.admin.delete(`/flows/${id}`)).status).toBe(200);
    expect((await tenant.admin.get(`/flows/${id}`)).status).toBe(404);
  }, 60_000);

  it('walks menu, question, condition, http and end as sandbox customers, both handles of each branching node, counting per node', async () => {
    const flow = await publishAndAttach(
      'Atendimento',
      [
        n('start', 'start', { trigger: 'new-conversation' }),
        n('hello', 'message', { text: 'Olá {{firstName}}! Protocolo {{protocol}}.' }),
        n('menu', 'menu', {
          text: 'Escolha:',
          options: [
            { id: 'saldo', label: 'Saldo' },
            { id: 'humano', label: 'Atendente' },
          ],
          invalidText: 'Opção inválida.',
        }),
        n('email', 'question', { text: 'Seu e-mail?', variable: 'email', validation: 'email', invalidText: 'E-mail inválido.' }),
        n('vip', 'condition', { match: 'all', rules: [{ variable: 'email', operator: 'contains', value: '@vip.com' }] }),
        n('http', 'http', {
          method: 'POST',
          url: `${receiverUrl}/saldo?n={{number}}`,
          body: '{"email":"{{email}}"}',
          saveAs: { saldo: '$.conta.saldo' },
        }),
        n('done', 'end', { text: 'Seu saldo: {{saldo}}', closeTicket: true }),
        n('plain', 'end', { text: 'Obrigado, {{email}}.' }),
        n('toSales', 'transfer', { queueId: salesQueue.id }),
      ],
      [
        e('start', 'hello'),
        e('hello', 'menu'),
        e('menu', 'email', 'saldo'),
        e('menu', 'toSales', 'humano'),
        e('email', 'vip', 'answered'),
        e('vip', 'http', 'true'),
        e('vip', 'plain', 'false'),
        e('http', 'done', 'ok'),
      ],
    );
    const vip = newCustomer();
    await customerSends(vip, 'oi');
    await receives(vip, 2);
    const ticket = await ticketOf(vip);
    expect(await inboxOf(vip)).toEqual([`Olá Cliente! Protocolo ${ticket.id}.`, 'Escolha:\n1 - Saldo\n2 - Atendente']);
    await customerSends(vip, 'talvez');
    await receives(vip, 4);
    await customerSends(vip, 'saldo');
    await receives(vip, 5);
    await customerSends(vip, 'nao-e-email');
    await receives(vip, 6);
    await customerSends(vip, 'ana@vip.com');
    await receives(vip, 7);
    expect((await inboxOf(vip)).slice(2)).toEqual([
      'Opção inválida.',
      'Escolha:\n1 - Saldo\n2 - Atendente',
      'Seu e-mail?',
      'E-mail inválido.',
      'Seu saldo: 12.5',
    ]);
    const call = received.find((r) => r.path === `/saldo?n=${vip}`)!;
    expect(call).toMatchObject({ body: '{"email":"ana@vip.com"}', signature: expect.stringMatching(/^t=\d+,v1=[0-9a-f]{64}$/) });
    await eventually(async () => (await tenant.admin.get<TicketView>(`/tickets/${ticket.id}`)).body.status === 'closed', 10_000);

    const plain = newCustomer();
    await customerSends(plain, 'oi');
    await receives(plain, 2);
    await customerSends(plain, '1');
    await receives(plain, 3);
    await customerSends(plain, 'bia@gmail.com');
    await receives(plain, 4);
    expect((await inboxOf(plain)).at(-1)).toBe('Obrigado, bia@gmail.com.');
    // the end node without closeTicket gives the conversation to people
    const plainTicket = await ticketOf(plain);
    await eventually(async () => (await tenant.admin.get<TicketView>(`/tickets/${plainTicket.id}`)).body.chatbot === false, 10_000);
    expect((await tenant.admin.get<TicketView>(`/tickets/${plainTicket.id}`)).body.status).toBe('pending');

    const human = newCustomer();
    await customerSends(human, 'oi');
    await receives(human, 2);
    await customerSends(human, 'Atendente');
    await eventually(async () => (await ticketOf(human)).queueId === salesQueue.id, 10_000);
    expect(await inboxOf(human)).toHaveLength(2);

    // the transfer is sent before the walk's counters are stored
    const statsOf = async () => (await tenant.admin.get<FlowStatsView>(`/flows/${flow.id}/stats`)).body;
    await eventually(async () => (await statsOf()).nodes.find((s) => s.nodeId === 'menu')?.left === 3, 10_000);
    const stats = await statsOf();
    const of = (nodeId: string) => stats.nodes.find((s) => s.nodeId === nodeId);
    expect(of('start')).toEqual({ nodeId: 'start', entered: 3, left: 3, dropped: 0 });
    // an invalid option asks again without entering the menu again
    expect(of('menu')).toMatchObject({ entered: 3, left: 3 });
    expect(of('vip')).toMatchObject({ entered: 2, left: 2 });
    expect(of('done')).toMatchObject({ entered: 1, left: 0 });
  }, 120_000);

  it('keeps a message sent during a delay for the next question, times a question out, and a conversation mid-flow stays on its version after a publish', async () => {
    const flow = await publishAndAttach(
      'Espera',
      [
        n('start', 'start', { trigger: 'new-conversation' }),
        n('wait', 'message', { text: 'Aguarde um instante.' }),
        n('pause', 'delay', { seconds: 2 }),
        n('name', 'question', { text: 'Seu nome?', variable: 'nome', validation: 'text', timeoutSeconds: 3 }),
        n('bye', 'end', { text: 'Obrigado, {{nome}} (v1).' }),
        n('late', 'end', { text: 'Tempo esgotado.' }),
      ],
      [e('start', 'wait'), e('wait', 'pause'), e('pause', 'name'), e('name', 'bye', 'answered'), e('name', 'late', 'timeout')],
    );
    const early = newCustomer();
    await customerSends(early, 'oi');
    await receives(early, 1);
    await customerSends(early, 'Joana');
    await receives(early, 3, 20_000);
    expect(await inboxOf(early)).toEqual(['Aguarde um instante.', 'Seu nome?', 'Obrigado, Joana (v1).']);

    const silent = newCustomer();
    await customerSends(silent, 'oi');
    await receives(silent, 3, 30_000);
    expect(await inboxOf(silent)).toEqual(['Aguarde um instante.', 'Seu nome?', 'Tempo esgotado.']);

    // version pinning: a customer waits at the question while v2 is published
    const pinned = newCustomer();
    await customerSends(pinned, 'oi');
    await receives(pinned, 2, 20_000);
    const draft = (await tenant.admin.get<FlowView>(`/flows/${flow.id}`)).body;
    const nodes = draft.nodes.map((node) => (node.id === 'bye' ? { ...node, data: { text: 'Obrigado, {{nome}} (v2).' } } : node));
    expect((await tenant.admin.put(`/flows/${flow.id}`, { name: draft.name, nodes, edges: draft.edges })).status).toBe(200);
    expect((await tenant.admin.post(`/flows/${flow.id}/publish`, {})).body).toEqual({ version: 2 });
    await customerSends(pinned, 'Paulo');
    await receives(pinned, 3);
    expect((await inboxOf(pinned)).at(-1)).toBe('Obrigado, Paulo (v1).');
    const fresh = newCustomer();
    await customerSends(fresh, 'oi');
    await receives(fresh, 2, 20_000);
    await customerSends(fresh, 'Rita');
    await receives(fresh, 3);
    expect((await inboxOf(fresh)).at(-1)).toBe('Obrigado, Rita (v2).');
  }, 120_000);

  it("tags the ticket, takes an HTTP node's error handle, and hands the conversation to a webhook integration", async () => {
    const tag = (await tenant.admin.post<{ id: number }>('/tags', { name: 'Fluxo' })).body;
    const hook = (
      await tenant.admin.post<{ id: number }>('/queueIntegration', {
        type: 'webhook',
        name: 'Robô do fluxo',
        urlN8N: `${receiverUrl}/hook`,
      })
    ).body;
    const flow = await publishAndAttach(
      'Ramos',
      [
        n('start', 'start', { trigger: 'new-conversation' }),
        n('tagIt', 'tag', { add: [tag.id] }),
        n('lookup', 'http', { method: 'GET', url: `${receiverUrl}/fail?n={{number}}` }),
        n('found', 'end', { text: 'Nunca enviado.' }),
        n('sorry', 'message', { text: 'Consulta indisponível.' }),
        n('robot', 'integration', { integrationId: hook.id }),
      ],
      [e('start', 'tagIt'), e('tagIt', 'lookup'), e('lookup', 'found', 'ok'), e('lookup', 'sorry', 'error'), e('sorry', 'robot')],
    );
    const customer = newCustomer();
    await customerSends(customer, 'oi');
    await receives(customer, 1);
    const ticket = await ticketOf(customer);
    expect(received.some((r) => r.path === `/fail?n=${customer}`)).toBe(true);
    await eventually(async () => {
      const tags = await ownerQuery<{ tag_id: number }>(env.stack, 'select tag_id from tickets.ticket_tags where ticket_id = $1', [
        ticket.id,
      ]);
      return tags.length === 1 && tags[0]!.tag_id === tag.id;
    }, 10_000);
    // from here the integration answers the conversation
    await customerSends(customer, 'Quero ajuda');
    await receives(customer, 2);
    await customerSends(customer, 'Obrigado');
    await receives(customer, 3);
    expect(await inboxOf(customer)).toEqual(['Consulta indisponível.', 'Robô: Quero ajuda', 'Robô: Obrigado']);
    expect((await tenant.admin.get<TicketView>(`/tickets/${ticket.id}`)).body.chatbot).toBe(true);
    const stats = (await tenant.admin.get<FlowStatsView>(`/flows/${flow.id}/stats`)).body;
    expect(stats.nodes.find((s) => s.nodeId === 'lookup')).toMatchObject({ entered: 1, left: 1 });
    // the ok handle's node was never entered
    expect(stats.nodes.find((s) => s.nodeId === 'found')?.entered ?? 0).toBe(0);
    await attach(null);
  }, 90_000);

  it('stops when an agent accepts the ticket, and hands the ticket to people with a note when the flow fails', async () => {
    await publishAndAttach(
      'Parada',
      [
        n('start', 'start', { trigger: 'new-conversation' }),
        n('name', 'question', { text: 'Seu nome?', variable: 'nome', validation: 'text', timeoutSeconds: 2 }),
        n('http', 'http', { method: 'GET', url: `${receiverUrl}/fail` }),
        n('late', 'end', { text: 'Tempo esgotado.' }),
        n('done', 'end', { text: 'Nunca enviado.' }),
      ],
      [e('start', 'name'), e('name', 'http', 'answered'), e('name', 'late', 'timeout'), e('http', 'done', 'ok')],
    );
    const taken = newCustomer();
    await customerSends(taken, 'oi');
    await receives(taken, 1);
    const ticket = await ticketOf(taken);
    const admin = tenant.admin;
    expect((await admin.put(`/tickets/${ticket.id}`, { status: 'open', userId: tenant.adminSession.user.id })).status).toBe(200);
    await customerSends(taken, 'Carlos');
    // the question's timeout passes too: nothing more from the flow
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(await inboxOf(taken)).toEqual(['Seu nome?']);

    const failing = newCustomer();
    await customerSends(failing, 'oi');
    await receives(failing, 1);
    await customerSends(failing, 'Dora');
    const failed = await ticketOf(failing);
    await eventually(async () => (await notesOf(failed)).some((note) => note.includes('falhou')), 15_000);
    expect((await notesOf(failed))[0]).toMatch(/^Fluxo interrompido: a requisição HTTP do nó "http" falhou/);
    expect((await admin.get<TicketView>(`/tickets/${failed.id}`)).body).toMatchObject({ status: 'pending', chatbot: false });
    expect(await inboxOf(failing)).toEqual(['Seu nome?']);
    await attach(null);
  }, 90_000);
});
