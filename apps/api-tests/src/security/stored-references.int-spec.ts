import type { ContactView, QueueView, TagView, TicketView, UserView, WhatsappView } from '@atrium/contracts';
import type { ApiClient } from '../api-client.js';
import { aUser } from '@atrium/testing';
import { createPlan } from '../identity-fixtures.js';
import { startSessionsStack, type SessionsStack } from '../sessions/sessions-fixtures.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { createAgent, createQueue, ownerQuery, type Agent } from '../tickets/tickets-fixtures.js';
import { changedTables, StoredState } from './stored-state.js';

const NOWHERE = 999_999;

interface Company {
  tenant: Tenant;
  queue: QueueView;
  connection: WhatsappView;
  agent: Agent;
  tag: TagView;
  contact: ContactView;
  /** Records made for the general check below. */
  records: Records;
}

/** One record of each kind a request body can name, by the kind's name. */
interface Records {
  ticket: number;
  /** The ticket's contact. */
  ticketContact: number;
  /** A contact without a ticket. */
  freeContact: number;
  prompt: number;
  integration: number;
  flow: number;
  queueOption: number;
  contactList: number;
  fileList: number;
  schedule: number;
  chat: string;
}

/** The parts of the gateway's OpenAPI document read here. */
interface Schema {
  $ref?: string;
  properties?: Record<string, Schema>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
  components: { schemas: Record<string, Schema> };
}

/** A body field that names another record: `*Id` and `*Ids`, and the lists of ids named otherwise. */
const REFERENCE_FIELD = /(Id|Ids)$/;
const OTHER_REFERENCE_FIELDS = new Set(['POST /tags/sync tags', 'POST /chats users', 'PUT /chats/{id} users']);

/** Every body field of every route of the document that names another record, as `METHOD /path field`. */
function referenceFields(document: OpenApiDocument): string[] {
  const resolve = (schema: Schema | undefined): Schema =>
    schema?.$ref ? (document.components.schemas[schema.$ref.split('/').pop()!] ?? {}) : (schema ?? {});
  return Object.entries(document.paths)
    .flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) =>
        Object.values(operation.requestBody?.content ?? {}).flatMap(({ schema }) =>
          Object.keys(resolve(schema).properties ?? {}).map((field) => `${method.toUpperCase()} ${path} ${field}`),
        ),
      ),
    )
    .filter((key) => REFERENCE_FIELD.test(key.split(' ')[2]!) || OTHER_REFERENCE_FIELDS.has(key))
    .filter((key, index, all) => all.indexOf(key) === index)
    .sort();
}

/** How to send one reference field: the route's path and an otherwise valid body of company `a`, and whose records the field names. */
interface ReferenceCase {
  path: (a: Company) => string;
  body: (a: Company) => Record<string, unknown>;
  /** The id of company `b`'s record of the kind the field names. */
  foreign: (b: Company) => number;
  list?: boolean;
  /** The route's own refusal when it is not about the record (ERR_VALIDATION on the field or a not-found code otherwise). */
  refusedWith?: string;
}

const users = (c: Company) => c.agent.user.id;
const queue = (c: Company) => c.queue.id;
const connection = (c: Company) => c.connection.id;
const contact = (c: Company) => c.contact.id;

/** Every reference field of the API with what it takes to send it. A new field fails the test until it is added here or to NOT_CHECKED_HERE. */
const REFERENCE_CASES: Record<string, ReferenceCase> = {
  'POST /users queueIds': { path: () => '/users', body: () => ({ ...aUser() }), foreign: queue, list: true },
  'POST /users whatsappId': { path: () => '/users', body: () => ({ ...aUser() }), foreign: connection },
  'PUT /users/{id} queueIds': { path: (a) => `/users/${a.agent.user.id}`, body: () => ({}), foreign: queue, list: true },
  'PUT /users/{id} whatsappId': { path: (a) => `/users/${a.agent.user.id}`, body: () => ({}), foreign: connection },
  'POST /whatsapp queueIds': { path: () => '/whatsapp', body: () => ({ name: 'Outra', provider: 'sandbox' }), foreign: queue, list: true },
  'POST /whatsapp promptId': {
    path: () => '/whatsapp',
    body: () => ({ name: 'Outra', provider: 'sandbox' }),
    foreign: (b) => b.records.prompt,
  },
  'POST /whatsapp integrationId': {
    path: () => '/whatsapp',
    body: () => ({ name: 'Outra', provider: 'sandbox' }),
    foreign: (b) => b.records.integration,
  },
  'POST /whatsapp transferQueueId': { path: () => '/whatsapp', body: () => ({ name: 'Outra', provider: 'sandbox' }), foreign: queue },
  'PUT /whatsapp/{id} queueIds': { path: (a) => `/whatsapp/${a.connection.id}`, body: () => ({}), foreign: queue, list: true },
  'PUT /whatsapp/{id} promptId': { path: (a) => `/whatsapp/${a.connection.id}`, body: () => ({}), foreign: (b) => b.records.prompt },
  'PUT /whatsapp/{id} integrationId': {
    path: (a) => `/whatsapp/${a.connection.id}`,
    body: () => ({}),
    foreign: (b) => b.records.integration,
  },
  'PUT /whatsapp/{id} transferQueueId': { path: (a) => `/whatsapp/${a.connection.id}`, body: () => ({}), foreign: queue },
  'POST /queue integrationId': {
    path: () => '/queue',
    body: () => ({ name: 'Fila nova', color: '#0B0C0D' }),
    foreign: (b) => b.records.integration,
  },
  'POST /queue promptId': { path: () => '/queue', body: () => ({ name: 'Fila nova', color: '#0B0C0D' }), foreign: (b) => b.records.prompt },
  'PUT /queue/{id} integrationId': { path: (a) => `/queue/${a.queue.id}`, body: () => ({}), foreign: (b) => b.records.integration },
  'POST /queue flowId': { path: () => '/queue', body: () => ({ name: 'Fila nova', color: '#0B0C0D' }), foreign: (b) => b.records.flow },
  'PUT /queue/{id} flowId': { path: (a) => `/queue/${a.queue.id}`, body: () => ({}), foreign: (b) => b.records.flow },
  'POST /whatsapp flowId': {
    path: () => '/whatsapp',
    body: () => ({ name: 'Outra', provider: 'sandbox' }),
    foreign: (b) => b.records.flow,
  },
  'PUT /whatsapp/{id} flowId': { path: (a) => `/whatsapp/${a.connection.id}`, body: () => ({}), foreign: (b) => b.records.flow },
  'POST /flows/from-queue-menu whatsappId': {
    path: () => '/flows/from-queue-menu',
    body: () => ({}),
    foreign: connection,
    refusedWith: 'ERR_NO_WAPP_FOUND',
  },
  'PUT /queue/{id} promptId': { path: (a) => `/queue/${a.queue.id}`, body: () => ({}), foreign: (b) => b.records.prompt },
  'POST /queue-options queueId': {
    path: () => '/queue-options',
    body: (a) => ({ queueId: a.queue.id, title: 'Opção', option: 2, message: 'Texto' }),
    foreign: queue,
  },
  'POST /queue-options parentId': {
    path: () => '/queue-options',
    body: (a) => ({ queueId: a.queue.id, title: 'Opção', option: 2, message: 'Texto' }),
    foreign: (b) => b.records.queueOption,
  },
  'POST /tags/sync ticketId': {
    path: () => '/tags/sync',
    body: (a) => ({ ticketId: a.records.ticket, tags: [a.tag.id] }),
    foreign: (b) => b.records.ticket,
  },
  'POST /tags/sync tags': {
    path: () => '/tags/sync',
    body: (a) => ({ ticketId: a.records.ticket, tags: [a.tag.id] }),
    foreign: (b) => b.tag.id,
    list: true,
  },
  'PUT /tags/{id} userId': { path: (a) => `/tags/${a.tag.id}`, body: () => ({}), foreign: users },
  'POST /ticket-notes ticketId': {
    path: () => '/ticket-notes',
    body: (a) => ({ note: 'nota', ticketId: a.records.ticket, contactId: a.records.ticketContact }),
    foreign: (b) => b.records.ticket,
  },
  'POST /ticket-notes contactId': {
    path: () => '/ticket-notes',
    body: (a) => ({ note: 'nota', ticketId: a.records.ticket, contactId: a.records.ticketContact }),
    foreign: contact,
  },
  'POST /tickets contactId': {
    path: () => '/tickets',
    body: (a) => ({ contactId: a.records.freeContact, status: 'open', userId: a.agent.user.id }),
    foreign: contact,
  },
  'POST /tickets queueId': {
    path: () => '/tickets',
    body: (a) => ({ contactId: a.records.freeContact, status: 'open', userId: a.agent.user.id }),
    foreign: queue,
  },
  'POST /tickets whatsappId': {
    path: () => '/tickets',
    body: (a) => ({ contactId: a.records.freeContact, status: 'open', userId: a.agent.user.id }),
    foreign: connection,
  },
  'POST /tickets userId': { path: () => '/tickets', body: (a) => ({ contactId: a.records.freeContact, status: 'open' }), foreign: users },
  'PUT /tickets/{id} userId': { path: (a) => `/tickets/${a.records.ticket}`, body: () => ({}), foreign: users },
  'PUT /tickets/{id} queueId': { path: (a) => `/tickets/${a.records.ticket}`, body: () => ({}), foreign: queue },
  'PUT /tickets/{id} promptId': { path: (a) => `/tickets/${a.records.ticket}`, body: () => ({}), foreign: (b) => b.records.prompt },
  'PUT /tickets/{id} integrationId': {
    path: (a) => `/tickets/${a.records.ticket}`,
    body: () => ({}),
    foreign: (b) => b.records.integration,
  },
  'POST /chats users': { path: () => '/chats', body: () => ({ title: 'Conversa' }), foreign: users, list: true },
  'PUT /chats/{id} users': { path: (a) => `/chats/${a.records.chat}`, body: () => ({ title: 'Conversa' }), foreign: users, list: true },
  // only the caller's own unread count can be reset: any other user, of any company, is refused
  'POST /chats/{id}/read userId': {
    path: (a) => `/chats/${a.records.chat}/read`,
    body: () => ({}),
    foreign: users,
    refusedWith: 'ERR_NO_PERMISSION',
  },
  'POST /schedules contactId': {
    path: () => '/schedules',
    body: (a) => ({ body: 'Lembrete', sendAt: inADay(), contactId: a.contact.id }),
    foreign: contact,
  },
  'POST /schedules whatsappId': {
    path: () => '/schedules',
    body: (a) => ({ body: 'Lembrete', sendAt: inADay(), contactId: a.contact.id }),
    foreign: connection,
  },
  'PUT /schedules/{id} contactId': { path: (a) => `/schedules/${a.records.schedule}`, body: () => ({}), foreign: contact },
  'PUT /schedules/{id} whatsappId': { path: (a) => `/schedules/${a.records.schedule}`, body: () => ({}), foreign: connection },
  'POST /contact-list-items contactListId': {
    path: () => '/contact-list-items',
    body: () => ({ name: 'Pessoa', number: '5511955550001' }),
    foreign: (b) => b.records.contactList,
  },
  'POST /campaigns whatsappId': { path: () => '/campaigns', body: () => ({ name: 'Campanha', message1: 'Olá' }), foreign: connection },
  'POST /campaigns contactListId': {
    path: () => '/campaigns',
    body: () => ({ name: 'Campanha', message1: 'Olá' }),
    foreign: (b) => b.records.contactList,
  },
  'POST /campaigns tagListId': { path: () => '/campaigns', body: () => ({ name: 'Campanha', message1: 'Olá' }), foreign: (b) => b.tag.id },
  'POST /campaigns fileListId': {
    path: () => '/campaigns',
    body: () => ({ name: 'Campanha', message1: 'Olá' }),
    foreign: (b) => b.records.fileList,
  },
  'POST /prompt queueId': {
    path: () => '/prompt',
    body: () => ({ name: 'Atendente', prompt: 'Responda com gentileza.', apiKey: 'sk-test-0001' }),
    foreign: queue,
  },
  'PUT /prompt/{id} queueId': { path: (a) => `/prompt/${a.records.prompt}`, body: () => ({}), foreign: queue },
};

/** Reference fields this test does not send, each with the reason. */
/** A Cloud API connection's WhatsApp Business ids. */
const CLOUD_IDS =
  'Meta’s ids, not records of ours: the number is checked against Meta with the connection’s token (wrong → ERR_CLOUD_CREDENTIALS_REFUSED) and one number belongs to one company (ERR_CLOUD_NUMBER_IN_USE), cloud/cloud-api.int-spec.ts';

const NOT_CHECKED_HERE: Record<string, string> = {
  'POST /companies/cadastro planId':
    'plans are the platform’s, shared by every company: any existing plan is a valid choice (an unknown one is ERR_NO_PLAN_FOUND, signup.int-spec.ts)',
  'POST /companies planId': 'super users only, and plans are the platform’s (companies.int-spec.ts)',
  'POST /subscription invoiceId':
    'billing.int-spec.ts pays another company’s and a non-existent invoice (404 ERR_NO_INVOICE_FOUND, nothing charged); invoices need the billing job to exist',
  'PUT /sso-settings clientId':
    'the client id the company is registered under at its own identity provider, not one of our records (checked against the provider at each login, sso.int-spec.ts)',
  'POST /whatsapp phoneNumberId': CLOUD_IDS,
  'POST /whatsapp wabaId': CLOUD_IDS,
  'PUT /whatsapp/{id} phoneNumberId': CLOUD_IDS,
  'PUT /whatsapp/{id} wabaId': CLOUD_IDS,
};

function inADay(): string {
  return new Date(Date.now() + 86_400_000).toISOString();
}

/** The refusal names the field (ERR_VALIDATION) or is the spec's not-found code of the record. */
function refusesReference(response: { status: number; body: unknown }, field: string, refusedWith?: string): boolean {
  const body = response.body as { error?: string; fields?: Array<{ field: string }> } | undefined;
  if (response.status < 400 || response.status >= 500) return false;
  if (refusedWith) return body?.error === refusedWith;
  if (body?.error === 'ERR_VALIDATION')
    return (body.fields ?? []).some(
      (named) => named.field === field || named.field.startsWith(`${field}.`) || named.field.startsWith(`${field}[`),
    );
  return /^ERR_(NO_[A-Z_]+_FOUND|NOT_FOUND)$/.test(body?.error ?? '');
}

/**
 * Issue 9 item 5: a company's admin cannot store another company's (or a non-existent) queue,
 * connection, user, tag or contact in any of its records, whichever service owns the record.
 * Each refusal is a 4xx naming the field (or the spec's not-found code) and stores nothing.
 */
describe('security: stored references belong to the company', () => {
  let env: SessionsStack;
  let a: Company;
  let b: Company;

  async function company(): Promise<Company> {
    const plan = await createPlan(await superAdmin(env.stack), { connections: 3, queues: 6 });
    const tenant = await signUpTenant(env.stack, plan.id);
    const queue = await createQueue(tenant);
    const connection = (await tenant.admin.post<WhatsappView>('/whatsapp', { name: 'Principal', provider: 'sandbox' })).body;
    const agent = await createAgent(env.stack, tenant, { queueIds: [queue.id] });
    const tag = (await tenant.admin.post<TagView>('/tags', { name: `Etiqueta ${tenant.companyId}` })).body;
    const contact = (
      await tenant.admin.post<ContactView>('/contacts', { name: 'Cliente', number: `55119870${String(tenant.companyId).padStart(5, '0')}` })
    ).body;
    const records = await recordsOf(tenant, { queue, contact, agent });
    return { tenant, queue, connection, agent, tag, contact, records };
  }

  /** The records of the general check, each made through the API and checked made. */
  async function recordsOf(tenant: Tenant, own: { queue: QueueView; contact: ContactView; agent: Agent }): Promise<Records> {
    const made = async <T extends { id: number | string }>(
      client: ApiClient,
      path: string,
      body: Record<string, unknown>,
    ): Promise<T['id']> => {
      const response = await client.post<T>(path, body);
      if (response.status !== 201 && response.status !== 200)
        throw new Error(`${path} not made: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body.id;
    };
    const other = await tenant.admin.post<ContactView>('/contacts', {
      name: 'Outro cliente',
      number: `55119871${String(tenant.companyId).padStart(5, '0')}`,
    });
    const ticket = await made<TicketView>(tenant.admin, '/tickets', {
      contactId: other.body.id,
      status: 'open',
      userId: own.agent.user.id,
    });
    const free = await made<ContactView>(tenant.admin, '/contacts', {
      name: 'Cliente sem ticket',
      number: `55119872${String(tenant.companyId).padStart(5, '0')}`,
    });
    return {
      ticket: ticket as number,
      ticketContact: other.body.id,
      freeContact: free as number,
      prompt: (await made(tenant.admin, '/prompt', {
        name: 'Atendente',
        prompt: 'Responda com gentileza.',
        queueId: own.queue.id,
        apiKey: 'sk-test-0001',
      })) as number,
      integration: (await made(tenant.admin, '/queueIntegration', {
        type: 'n8n',
        name: `Fluxo ${tenant.companyId}`,
        urlN8N: 'https://n8n.example.com/webhook/atrium',
      })) as number,
      flow: (await made(tenant.admin, '/flows', { name: `Fluxo ${tenant.companyId}` })) as number,
      queueOption: (await made(tenant.admin, '/queue-options', {
        queueId: own.queue.id,
        title: 'Vendas',
        option: 1,
        message: 'Vendas',
      })) as number,
      contactList: (await made(tenant.admin, '/contact-lists', { name: 'Lista' })) as number,
      fileList: (await made(tenant.admin, '/files', { name: 'Catálogo', message: 'Segue', options: [{ name: 'PDF' }] })) as number,
      schedule: (await made(tenant.admin, '/schedules', { body: 'Lembrete', sendAt: inADay(), contactId: own.contact.id })) as number,
      chat: String(await made(tenant.admin, '/chats', { title: 'Equipe', users: [own.agent.user.id] })),
    };
  }

  beforeAll(async () => {
    env = await startSessionsStack({ services: ['identity', 'sessions', 'tickets', 'ai', 'campaigns', 'billing'] });
    a = await company();
    b = await company();
  });
  afterAll(async () => {
    await env?.stop();
  });

  const refused = (field: string) => ({ status: 400, body: { error: 'ERR_VALIDATION', fields: [expect.objectContaining({ field })] } });

  describe('identity: users', () => {
    it('refuses to create a user with another company’s or a non-existent queue or connection, and stores none', async () => {
      const attempts: Array<[Record<string, unknown>, string]> = [
        [{ queueIds: [b.queue.id] }, 'queueIds'],
        [{ queueIds: [a.queue.id, NOWHERE] }, 'queueIds'],
        [{ whatsappId: b.connection.id }, 'whatsappId'],
        [{ whatsappId: NOWHERE }, 'whatsappId'],
      ];
      for (const [fields, field] of attempts) {
        const user = aUser(fields);
        expect(await a.tenant.admin.post('/users', user)).toMatchObject(refused(field));
        expect(await ownerQuery(env.stack, 'select 1 from identity.users where email = $1', [user.email])).toEqual([]);
      }
      const valid = await a.tenant.admin.post<UserView>('/users', aUser({ queueIds: [a.queue.id], whatsappId: a.connection.id }));
      expect(valid.status).toBe(201);
      expect(valid.body).toMatchObject({ whatsappId: a.connection.id, queues: [expect.objectContaining({ id: a.queue.id })] });
    });

    it('refuses to give an existing user such a queue or connection, and leaves the user as it was', async () => {
      const user = a.agent.user;
      expect(await a.tenant.admin.put(`/users/${user.id}`, { queueIds: [a.queue.id, b.queue.id] })).toMatchObject(refused('queueIds'));
      expect(await a.tenant.admin.put(`/users/${user.id}`, { whatsappId: b.connection.id })).toMatchObject(refused('whatsappId'));
      expect(await ownerQuery(env.stack, 'select queue_id from identity.user_queues where user_id = $1', [user.id])).toEqual([
        { queue_id: a.queue.id },
      ]);
      expect(await ownerQuery(env.stack, 'select whatsapp_id from identity.users where id = $1', [user.id])).toEqual([
        { whatsapp_id: null },
      ]);
    });
  });

  describe('sessions: connections', () => {
    it('refuses another company’s or a non-existent queue on a new or an existing connection, and stores none', async () => {
      const before = await ownerQuery(env.stack, 'select id from sessions.whatsapps where company_id = $1', [a.tenant.companyId]);
      expect(await a.tenant.admin.post('/whatsapp', { name: 'Outra', provider: 'sandbox', queueIds: [b.queue.id] })).toMatchObject(
        refused('queueIds'),
      );
      expect(await ownerQuery(env.stack, 'select id from sessions.whatsapps where company_id = $1', [a.tenant.companyId])).toEqual(before);

      for (const queueIds of [[b.queue.id], [NOWHERE]]) {
        expect(await a.tenant.admin.put(`/whatsapp/${a.connection.id}`, { queueIds })).toMatchObject(refused('queueIds'));
      }
      expect(
        await ownerQuery(env.stack, 'select queue_id from sessions.whatsapp_queues where whatsapp_id = $1', [a.connection.id]),
      ).toEqual([]);
      expect((await a.tenant.admin.put(`/whatsapp/${a.connection.id}`, { queueIds: [a.queue.id] })).status).toBe(200);
    });

    it('refuses a prompt or integration the ai service does not know for the company on a connection or a queue', async () => {
      expect(await a.tenant.admin.put(`/whatsapp/${a.connection.id}`, { promptId: NOWHERE })).toMatchObject(refused('promptId'));
      expect(await a.tenant.admin.put(`/queue/${a.queue.id}`, { integrationId: NOWHERE })).toMatchObject(refused('integrationId'));
      expect(await ownerQuery(env.stack, 'select prompt_id from sessions.whatsapps where id = $1', [a.connection.id])).toEqual([
        { prompt_id: null },
      ]);
      expect(await ownerQuery(env.stack, 'select integration_id from tickets.queues where id = $1', [a.queue.id])).toEqual([
        { integration_id: null },
      ]);
    });
  });

  describe('tickets', () => {
    it('refuses a tag owned by another company’s user or by no user', async () => {
      for (const userId of [b.agent.user.id, NOWHERE]) {
        expect(await a.tenant.admin.put(`/tags/${a.tag.id}`, { userId })).toMatchObject({
          status: 404,
          body: { error: 'ERR_NO_USER_FOUND' },
        });
      }
      expect(await ownerQuery(env.stack, 'select user_id from tickets.tags where id = $1', [a.tag.id])).toEqual([
        { user_id: a.tenant.adminSession.user.id },
      ]);
      expect((await a.tenant.admin.put<TagView>(`/tags/${a.tag.id}`, { userId: a.agent.user.id })).body.userId).toBe(a.agent.user.id);
    });

    it('refuses a ticket with another company’s contact, queue, connection or user', async () => {
      const own = { contactId: a.contact.id, queueId: a.queue.id, whatsappId: a.connection.id, userId: a.agent.user.id, status: 'open' };
      const attempts: Array<[Record<string, unknown>, string]> = [
        [{ contactId: b.contact.id }, 'ERR_NO_CONTACT_FOUND'],
        [{ queueId: b.queue.id }, 'ERR_NO_QUEUE_FOUND'],
        [{ queueId: NOWHERE }, 'ERR_NO_QUEUE_FOUND'],
        [{ whatsappId: b.connection.id }, 'ERR_NO_WAPP_FOUND'],
        [{ userId: b.agent.user.id }, 'ERR_NO_USER_FOUND'],
      ];
      const before = await ownerQuery(env.stack, 'select id from tickets.tickets where company_id = $1', [a.tenant.companyId]);
      for (const [change, error] of attempts) {
        const response = await a.tenant.admin.post('/tickets', { ...own, ...change });
        expect({ status: response.status, error: (response.body as { error: string }).error }).toEqual({ status: 404, error });
      }
      expect(await ownerQuery(env.stack, 'select id from tickets.tickets where company_id = $1', [a.tenant.companyId])).toEqual(before);

      const ticket = (await a.tenant.admin.post<TicketView>('/tickets', own)).body;
      expect(ticket).toMatchObject({ contactId: a.contact.id, queueId: a.queue.id });
      for (const [change, error] of [
        [{ queueId: b.queue.id }, 'ERR_NO_QUEUE_FOUND'],
        [{ userId: b.agent.user.id }, 'ERR_NO_USER_FOUND'],
      ] as const) {
        expect((await a.tenant.admin.put(`/tickets/${ticket.id}`, change)).body).toMatchObject({ error });
      }
      expect(await a.tenant.admin.post('/tags/sync', { ticketId: ticket.id, tags: [a.tag.id, b.tag.id] })).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_TAG_FOUND' },
      });
      expect(await a.tenant.admin.post('/ticket-notes', { note: 'nota', ticketId: ticket.id, contactId: b.contact.id })).toMatchObject({
        status: 404,
      });
      const stored = await ownerQuery(env.stack, 'select queue_id, user_id from tickets.tickets where id = $1', [ticket.id]);
      expect(stored).toEqual([{ queue_id: a.queue.id, user_id: a.agent.user.id }]);
      expect(await ownerQuery(env.stack, 'select 1 from tickets.ticket_tags where ticket_id = $1', [ticket.id])).toEqual([]);
      expect(await ownerQuery(env.stack, 'select 1 from tickets.ticket_notes where ticket_id = $1', [ticket.id])).toEqual([]);
    });
  });

  describe('every reference field of every route (from the OpenAPI document)', () => {
    it('knows every body field that names another record: each is checked below or excused with a reason', async () => {
      const document = (await env.stack.client().get<OpenApiDocument>('/docs/openapi.json')).body;
      expect(referenceFields(document)).toEqual([...Object.keys(REFERENCE_CASES), ...Object.keys(NOT_CHECKED_HERE)].sort());
    });

    it('refuses another company’s and a non-existent record in each of them with a 4xx about that field, and stores nothing', async () => {
      const state = await StoredState.open(env.stack);
      const failures: string[] = [];
      try {
        for (const [key, reference] of Object.entries(REFERENCE_CASES)) {
          const [method, , field] = key.split(' ') as ['POST' | 'PUT', string, string];
          for (const [label, id] of [
            ['another company’s', reference.foreign(b)],
            ['a non-existent', NOWHERE],
          ] as const) {
            const before = await state.settled();
            const response = await a.tenant.admin.request(method, reference.path(a), {
              ...reference.body(a),
              [field]: reference.list ? [id] : id,
            });
            const changed = changedTables(before, await state.settled());
            if (!refusesReference(response, field, reference.refusedWith))
              failures.push(`${key} with ${label} id ${id}: ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
            if (changed.length > 0) failures.push(`${key} with ${label} id ${id}: stored in ${changed.join(', ')}`);
          }
        }
      } finally {
        await state.close();
      }
      expect(failures).toEqual([]);
    }, 240_000);
  });
});
