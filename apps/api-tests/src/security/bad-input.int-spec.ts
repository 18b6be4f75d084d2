import {
  AppError,
  SessionsSubjects,
  TicketsSubjects,
  type Actor,
  type ContactView,
  type QuickMessageView,
  type TagView,
} from '@atrium/contracts';
import type { RpcClient } from '@atrium/messaging';
import type { ApiResponse } from '../api-client.js';
import { createPlan } from '../identity-fixtures.js';
import { rpcFor, startSessionsStack, type SessionsStack } from '../sessions/sessions-fixtures.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { InboundPublisher } from '../tickets/inbound-publisher.js';
import { ownerQuery } from '../tickets/tickets-fixtures.js';

const TOO_BIG = 2_147_483_648;

/** A 400 ERR_VALIDATION that names `field`. */
function expectRefused(response: ApiResponse, field: string): void {
  expect({ status: response.status, body: response.body }).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  const fields = (response.body as { fields?: Array<{ field: string }> }).fields ?? [];
  expect(fields.map((f) => f.field)).toContain(field);
}

/**
 * Issue 9 item 6 (and item 8's empty uploads): malformed input that used to answer 500 is a 400
 * naming the field, at the gateway and at each service's NATS boundary, and stores nothing.
 */
describe('bad input is a 400 naming the field, never a 500', () => {
  let env: SessionsStack;
  let tenant: Tenant;
  let rpc: RpcClient;
  let actor: Actor;
  let tag: TagView;
  let quick: QuickMessageView;
  let contact: ContactView;

  beforeAll(async () => {
    env = await startSessionsStack({ services: ['identity', 'sessions', 'tickets'] });
    tenant = await signUpTenant(env.stack, (await createPlan(await superAdmin(env.stack), { connections: 2 })).id);
    rpc = rpcFor(env.stack);
    const user = tenant.adminSession.user;
    actor = {
      userId: user.id,
      companyId: tenant.companyId,
      profile: 'admin',
      super: false,
      queueIds: [],
      allTicket: 'enabled',
      sessionId: 'bad-input',
    };
    tag = (await tenant.admin.post<TagView>('/tags', { name: 'Etiqueta', color: '#123456' })).body;
    quick = (await tenant.admin.post<QuickMessageView>('/quick-messages', { shortcode: 'oi', message: 'Olá' })).body;
    contact = (await tenant.admin.post<ContactView>('/contacts', { name: 'Cliente', number: '5511987654321' })).body;
  });
  afterAll(async () => {
    await rpc?.close();
    await env.stop();
    await (await InboundPublisher.open(env.stack.env)).close();
  });

  describe('ids of 2147483648 and above', () => {
    it.each([
      ['GET', '/tickets/'],
      ['PUT', '/tickets/'],
      ['DELETE', '/tickets/'],
      ['GET', '/messages/'],
      ['POST', '/messages/'],
      ['DELETE', '/messages/'],
      ['GET', '/contacts/'],
      ['PUT', '/contacts/'],
      ['DELETE', '/contacts/'],
      ['GET', '/users/'],
      ['PUT', '/users/'],
      ['DELETE', '/users/'],
      ['GET', '/queue/'],
      ['PUT', '/queue/'],
      ['DELETE', '/queue/'],
      ['GET', '/tags/'],
      ['PUT', '/tags/'],
      ['DELETE', '/tags/'],
      ['GET', '/quick-messages/'],
      ['PUT', '/quick-messages/'],
      ['DELETE', '/quick-messages/'],
      ['DELETE', '/ticket-notes/'],
      ['GET', '/whatsapp/'],
      ['PUT', '/whatsapp/'],
      ['DELETE', '/whatsapp/'],
      ['GET', '/helps/'],
      ['GET', '/announcements/'],
    ])('in the path: %s %s{id}', async (method, path) => {
      const response = await tenant.admin.request(method, `${path}${TOO_BIG}`, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: 'ERR_VALIDATION' });
    });

    it('in the path of the super user’s routes (helps, announcements, companies, plans)', async () => {
      const platform = await superAdmin(env.stack);
      for (const [method, path] of [
        ['PUT', '/helps/'],
        ['DELETE', '/helps/'],
        ['PUT', '/announcements/'],
        ['DELETE', '/announcements/'],
        ['GET', '/companies/'],
        ['GET', '/plans/'],
      ]) {
        const response = await platform.request(method!, `${path}${TOO_BIG}`, method === 'PUT' ? {} : undefined);
        expect([method, path, response.status]).toEqual([method, path, 400]);
      }
    });

    it('in bodies', async () => {
      expectRefused(await tenant.admin.post('/tickets', { contactId: TOO_BIG, status: 'open' }), 'contactId');
      expectRefused(await tenant.admin.post('/ticket-notes', { note: 'nota', ticketId: TOO_BIG, contactId: contact.id }), 'ticketId');
      expectRefused(await tenant.admin.post('/tags/sync', { ticketId: 1, tags: [TOO_BIG] }), 'tags');
      expectRefused(await tenant.admin.put(`/users/${tenant.adminSession.user.id}`, { queueIds: [TOO_BIG] }), 'queueIds');
      expectRefused(await tenant.admin.put(`/whatsapp/1`, { queueIds: [TOO_BIG] }), 'queueIds');
      expectRefused(await tenant.admin.put(`/tags/${tag.id}`, { userId: TOO_BIG }), 'userId');
    });

    it('in queries', async () => {
      expectRefused(await tenant.admin.get(`/tickets?queueIds=${encodeURIComponent(JSON.stringify([TOO_BIG]))}`), 'queueIds');
      expectRefused(await tenant.admin.get(`/tickets?users=[${TOO_BIG}]`), 'users');
      expectRefused(await tenant.admin.get(`/ticket-notes/list?ticketId=${TOO_BIG}`), 'ticketId');
      expectRefused(await tenant.admin.get(`/quick-messages/list?userId=${TOO_BIG}`), 'userId');
    });

    it('at the services’ NATS boundary too', async () => {
      const refusal = (promise: Promise<unknown>) =>
        promise.then(
          () => undefined,
          (error: unknown) => (error instanceof AppError ? error.toBody() : error),
        );
      expect(await refusal(rpc.request(TicketsSubjects.tagsUpdate, { id: TOO_BIG, body: {} }, { actor }))).toMatchObject({
        error: 'ERR_VALIDATION',
        fields: [{ field: 'id' }],
      });
      // @ts-expect-error a payload the contract refuses, sent anyway: the service must refuse it too
      expect(await refusal(rpc.request(TicketsSubjects.tagsUpdate, { id: tag.id, body: { color: 123 } }, { actor }))).toMatchObject({
        error: 'ERR_VALIDATION',
        fields: [{ field: 'color' }],
      });
      // @ts-expect-error a payload the contract refuses, sent anyway: the service must refuse it too
      expect(await refusal(rpc.request(SessionsSubjects.whatsappCreate, { name: 'Conexão', provider: null }, { actor }))).toMatchObject({
        error: 'ERR_VALIDATION',
        fields: [{ field: 'provider' }],
      });
    });
  });

  describe('NUL characters', () => {
    it('in text fields', async () => {
      expectRefused(await tenant.admin.post('/contacts', { name: 'Ana\u0000', number: '5511987650000' }), 'name');
      expectRefused(await tenant.admin.post('/messages/1', { body: 'olá\u0000' }), 'body');
      expectRefused(await tenant.admin.post('/quick-messages', { shortcode: 'x', message: 'a\u0000b' }), 'message');
      expectRefused(await tenant.admin.post('/queue', { name: 'Fila\u0000', color: '#654321' }), 'name');
      expectRefused(await tenant.admin.put(`/tags/${tag.id}`, { name: 'Eti\u0000queta' }), 'name');
      expect(
        await ownerQuery(env.stack, 'select 1 from tickets.contacts where company_id = $1 and number = $2', [
          tenant.companyId,
          '5511987650000',
        ]),
      ).toEqual([]);
    });

    it('in searchParam', async () => {
      for (const path of ['/tickets', '/contacts', '/tags', '/quick-messages', '/users', '/announcements']) {
        expectRefused(await tenant.admin.get(`${path}?searchParam=%00&pageNumber=1`), 'searchParam');
      }
    });
  });

  describe('explicit null on fields that may only be left out', () => {
    it('PUT /tags/{id} {"color":null} or {"color":""}: not given (as Atendechat\'s tag dialog sends it), the colour kept', async () => {
      for (const color of [null, '', '  ']) {
        expect((await tenant.admin.put(`/tags/${tag.id}`, { color })).status).toBe(200);
        expect((await tenant.admin.get<TagView>(`/tags/${tag.id}`)).body.color).toBe('#123456');
      }
      expectRefused(await tenant.admin.put(`/tags/${tag.id}`, { color: 123 }), 'color');
      expect((await tenant.admin.get<TagView>(`/tags/${tag.id}`)).body.color).toBe('#123456');
    });

    it('quick message `message: null`', async () => {
      expectRefused(await tenant.admin.post('/quick-messages', { shortcode: 'nulo', message: null }), 'message');
      expectRefused(await tenant.admin.put(`/quick-messages/${quick.id}`, { message: null }), 'message');
      expect((await tenant.admin.get<QuickMessageView>(`/quick-messages/${quick.id}`)).body.message).toBe('Olá');
    });

    it('PUT /contacts/{id} {"email":null} clears the e-mail (issue 24: it answered 500); a null name or number is refused, the contact kept', async () => {
      expect((await tenant.admin.put(`/contacts/${contact.id}`, { email: 'cliente@example.com' })).status).toBe(200);
      const cleared = await tenant.admin.put<ContactView>(`/contacts/${contact.id}`, { email: null, extraInfo: null });
      expect({ status: cleared.status, email: cleared.body.email, extraInfo: cleared.body.extraInfo }).toEqual({
        status: 200,
        email: '',
        extraInfo: [],
      });
      expectRefused(await tenant.admin.put(`/contacts/${contact.id}`, { name: null }), 'name');
      expectRefused(await tenant.admin.put(`/contacts/${contact.id}`, { number: null }), 'number');
      expect((await tenant.admin.get<ContactView>(`/contacts/${contact.id}`)).body).toMatchObject({
        name: 'Cliente',
        number: '5511987654321',
        email: '',
      });
      const created = await tenant.admin.post<ContactView>('/contacts', { name: 'Sem e-mail', number: '5511987650000', email: null });
      expect({ status: created.status, email: created.body.email }).toEqual({ status: 201, email: '' });
    });

    it('POST /whatsapp {"provider":null}: refused, nothing created', async () => {
      expectRefused(await tenant.admin.post('/whatsapp', { name: 'Conexão', provider: null }), 'provider');
      expect(await ownerQuery(env.stack, 'select 1 from sessions.whatsapps where company_id = $1', [tenant.companyId])).toEqual([]);
    });
  });

  describe('impossible dates', () => {
    it('updatedAt=9999-99-99', async () => {
      expectRefused(await tenant.admin.get('/tickets?updatedAt=9999-99-99'), 'updatedAt');
      expectRefused(await tenant.admin.get('/tickets?date=2023-02-29'), 'date');
    });

    it('dateStart=0001-01-01&dateEnd=9999-12-31', async () => {
      const response = await tenant.admin.get('/contacts?dateStart=0001-01-01&dateEnd=9999-12-31');
      expectRefused(response, 'dateStart');
      expectRefused(response, 'dateEnd');
      expect((await tenant.admin.get('/contacts?dateStart=2020-01-01&dateEnd=2999-12-31')).status).toBe(200);
    });
  });

  describe('empty (0-byte) uploads', () => {
    it('a message’s file', async () => {
      const form = new FormData();
      form.append('body', 'vazio');
      form.append('medias', new Blob([]), 'vazio.png');
      expectRefused(await tenant.admin.post('/messages/1', form), 'medias[0]');
    });

    it('a quick message’s attachment: refused, none kept', async () => {
      const form = new FormData();
      form.append('file', new Blob([]), 'vazio.pdf');
      expectRefused(await tenant.admin.post(`/quick-messages/${quick.id}/media-upload`, form), 'file');
      expect((await tenant.admin.get<QuickMessageView>(`/quick-messages/${quick.id}`)).body.mediaPath).toBeFalsy();
    });

    it('an announcement’s image', async () => {
      const announcements = await superAdmin(env.stack);
      const created = await announcements.post<{ id: number }>('/announcements', {
        title: 'Aviso',
        text: 'Texto',
        priority: 1,
        status: true,
      });
      expect(created.status).toBe(201);
      const form = new FormData();
      form.append('file', new Blob([]), 'vazio.png');
      expectRefused(await announcements.post(`/announcements/${created.body.id}/media-upload`, form), 'file');
    });
  });
});
