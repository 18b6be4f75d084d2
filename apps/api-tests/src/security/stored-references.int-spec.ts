import type { ContactView, QueueView, TagView, TicketView, UserView, WhatsappView } from '@atrium/contracts';
import { aUser } from '@atrium/testing';
import { createPlan } from '../identity-fixtures.js';
import { startSessionsStack, type SessionsStack } from '../sessions/sessions-fixtures.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { createAgent, createQueue, ownerQuery, type Agent } from '../tickets/tickets-fixtures.js';

const NOWHERE = 999_999;

interface Company {
  tenant: Tenant;
  queue: QueueView;
  connection: WhatsappView;
  agent: Agent;
  tag: TagView;
  contact: ContactView;
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
    const plan = await createPlan(await superAdmin(env.stack), { connections: 3, queues: 5 });
    const tenant = await signUpTenant(env.stack, plan.id);
    const queue = await createQueue(tenant);
    const connection = (await tenant.admin.post<WhatsappView>('/whatsapp', { name: 'Principal', provider: 'sandbox' })).body;
    const agent = await createAgent(env.stack, tenant, { queueIds: [queue.id] });
    const tag = (await tenant.admin.post<TagView>('/tags', { name: `Etiqueta ${tenant.companyId}` })).body;
    const contact = (await tenant.admin.post<ContactView>('/contacts', { name: 'Cliente', number: `55119870${String(tenant.companyId).padStart(5, '0')}` })).body;
    return { tenant, queue, connection, agent, tag, contact };
  }

  beforeAll(async () => {
    env = await startSessionsStack({ services: ['identity', 'sessions', 'tickets', 'ai'] });
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
      expect(await ownerQuery(env.stack, 'select queue_id from identity.user_queues where user_id = $1', [user.id])).toEqual([{ queue_id: a.queue.id }]);
      expect(await ownerQuery(env.stack, 'select whatsapp_id from identity.users where id = $1', [user.id])).toEqual([{ whatsapp_id: null }]);
    });
  });

  describe('sessions: connections', () => {
    it('refuses another company’s or a non-existent queue on a new or an existing connection, and stores none', async () => {
      const before = await ownerQuery(env.stack, 'select id from sessions.whatsapps where company_id = $1', [a.tenant.companyId]);
      expect(await a.tenant.admin.post('/whatsapp', { name: 'Outra', provider: 'sandbox', queueIds: [b.queue.id] })).toMatchObject(refused('queueIds'));
      expect(await ownerQuery(env.stack, 'select id from sessions.whatsapps where company_id = $1', [a.tenant.companyId])).toEqual(before);

      for (const queueIds of [[b.queue.id], [NOWHERE]]) {
        expect(await a.tenant.admin.put(`/whatsapp/${a.connection.id}`, { queueIds })).toMatchObject(refused('queueIds'));
      }
      expect(await ownerQuery(env.stack, 'select queue_id from sessions.whatsapp_queues where whatsapp_id = $1', [a.connection.id])).toEqual([]);
      expect((await a.tenant.admin.put(`/whatsapp/${a.connection.id}`, { queueIds: [a.queue.id] })).status).toBe(200);
    });

    it('refuses a prompt or integration the ai service does not know for the company on a connection or a queue', async () => {
      expect(await a.tenant.admin.put(`/whatsapp/${a.connection.id}`, { promptId: NOWHERE })).toMatchObject(refused('promptId'));
      expect(await a.tenant.admin.put(`/queue/${a.queue.id}`, { integrationId: NOWHERE })).toMatchObject(refused('integrationId'));
      expect(await ownerQuery(env.stack, 'select prompt_id from sessions.whatsapps where id = $1', [a.connection.id])).toEqual([{ prompt_id: null }]);
      expect(await ownerQuery(env.stack, 'select integration_id from tickets.queues where id = $1', [a.queue.id])).toEqual([{ integration_id: null }]);
    });
  });

  describe('tickets', () => {
    it('refuses a tag owned by another company’s user or by no user', async () => {
      for (const userId of [b.agent.user.id, NOWHERE]) {
        expect(await a.tenant.admin.put(`/tags/${a.tag.id}`, { userId })).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
      }
      expect(await ownerQuery(env.stack, 'select user_id from tickets.tags where id = $1', [a.tag.id])).toEqual([{ user_id: a.tenant.adminSession.user.id }]);
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
      for (const [change, error] of attempts) {
        const response = await a.tenant.admin.post('/tickets', { ...own, ...change });
        expect({ status: response.status, error: (response.body as { error: string }).error }).toEqual({ status: 404, error });
      }
      expect(await ownerQuery(env.stack, 'select id from tickets.tickets where company_id = $1', [a.tenant.companyId])).toEqual([]);

      const ticket = (await a.tenant.admin.post<TicketView>('/tickets', own)).body;
      expect(ticket).toMatchObject({ contactId: a.contact.id, queueId: a.queue.id });
      for (const [change, error] of [[{ queueId: b.queue.id }, 'ERR_NO_QUEUE_FOUND'], [{ userId: b.agent.user.id }, 'ERR_NO_USER_FOUND']] as const) {
        expect((await a.tenant.admin.put(`/tickets/${ticket.id}`, change)).body).toMatchObject({ error });
      }
      expect(await a.tenant.admin.post('/tags/sync', { ticketId: ticket.id, tags: [a.tag.id, b.tag.id] })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TAG_FOUND' } });
      expect(await a.tenant.admin.post('/ticket-notes', { note: 'nota', ticketId: ticket.id, contactId: b.contact.id })).toMatchObject({ status: 404 });
      const stored = await ownerQuery(env.stack, 'select queue_id, user_id from tickets.tickets where id = $1', [ticket.id]);
      expect(stored).toEqual([{ queue_id: a.queue.id, user_id: a.agent.user.id }]);
      expect(await ownerQuery(env.stack, 'select 1 from tickets.ticket_tags where ticket_id = $1', [ticket.id])).toEqual([]);
      expect(await ownerQuery(env.stack, 'select 1 from tickets.ticket_notes where ticket_id = $1', [ticket.id])).toEqual([]);
    });
  });
});
