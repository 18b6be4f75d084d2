import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  ContactEventPayload,
  ContactsPageView,
  ContactView,
  QuickMessagesPageView,
  QuickMessageView,
  TagsPageView,
  TagView,
  TicketNoteView,
  TicketsPageView,
  TicketView,
} from '@atrium/contracts';
import { eventually } from '../nats-fixtures.js';
import { startStack, type Stack } from '../stack.js';
import { signUpTenant, type Tenant } from '../tenants.js';
import { socketOf } from '../socket-client.js';
import { aNumber, customerText, InboundPublisher } from './inbound-publisher.js';
import { announceConnection, createAgent, createQueue, type Agent } from './tickets-fixtures.js';

const WHATSAPP_ID = 9301;

describe('contacts, tags, ticket notes and quick messages', () => {
  let stack: Stack;
  let tenant: Tenant;
  let other: Tenant;
  let agent: Agent;
  let outsider: Agent;
  let publisher: InboundPublisher;

  let storageDir: string;

  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(tmpdir(), 'atrium-tickets-'));
    stack = await startStack({ services: ['identity', 'tickets'], env: { STORAGE_DIR: storageDir } });
    [tenant, other] = await Promise.all([signUpTenant(stack), signUpTenant(stack)]);
    const [queue, otherQueue] = [await createQueue(tenant, 'Atendimento'), await createQueue(tenant, 'Outra')];
    agent = await createAgent(stack, tenant, { name: 'Ana Notas', queueIds: [queue.id] });
    outsider = await createAgent(stack, tenant, { name: 'Otto Fora', queueIds: [otherQueue.id] });
    await announceConnection(stack, tenant, { id: WHATSAPP_ID, queueIds: [queue.id] });
    publisher = await InboundPublisher.open(stack.env);
  });
  afterAll(async () => {
    await stack.stop();
    await publisher.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  async function customerTicket(): Promise<TicketView> {
    const number = aNumber();
    await publisher.publish(tenant.companyId, WHATSAPP_ID, { type: 'message', message: customerText(number, 'oi') });
    let ticket: TicketView | undefined;
    await eventually(
      async () =>
        (ticket = (await tenant.admin.get<TicketsPageView>(`/tickets?showAll=true&searchParam=${number}`)).body.tickets[0]) !== undefined,
      10_000,
    );
    return ticket!;
  }

  describe('contacts', () => {
    it('creates a contact with the spec fields, normalising the number, announced live', async () => {
      const socket = await socketOf(stack, agent.client);
      try {
        const created = await agent.client.post<ContactView>('/contacts', {
          name: '  Marta Lima ',
          number: '+55 (11) 98888-1234',
          email: 'marta@example.com',
          extraInfo: [{ name: 'CPF', value: '123' }],
        });
        expect(created).toMatchObject({
          status: 201,
          body: {
            name: 'Marta Lima',
            number: '5511988881234',
            email: 'marta@example.com',
            extraInfo: [{ name: 'CPF', value: '123' }],
            companyId: tenant.companyId,
            // created by hand: no source connection
            whatsappId: null,
            whatsapp: null,
          },
        });
        expect(await socket.next<ContactEventPayload>(`company-${tenant.companyId}-contact`)).toEqual({
          action: 'create',
          contact: created.body,
        });
        const updated = await agent.client.put<ContactView>(`/contacts/${created.body.id}`, { name: 'Marta L.', extraInfo: [] });
        expect(updated.body).toMatchObject({ name: 'Marta L.', number: '5511988881234', extraInfo: [] });
        expect(await socket.next<ContactEventPayload>(`company-${tenant.companyId}-contact`)).toMatchObject({
          action: 'update',
          contact: { name: 'Marta L.' },
        });
      } finally {
        socket.close();
      }
    });

    it('validates name 2-50, number 8-50 digits and e-mail', async () => {
      const bad = await agent.client.post<{ error: string; fields: { field: string }[] }>('/contacts', {
        name: 'A',
        number: '1234',
        email: 'not-mail',
      });
      expect(bad.status).toBe(400);
      expect(bad.body.fields.map((f) => f.field).sort()).toEqual(['email', 'name', 'number']);
      expect((await agent.client.post('/contacts', { name: 'Ok Name', number: 'abc12345678' })).status).toBe(400);
      expect((await agent.client.post('/contacts', { name: 'Ok Name', number: aNumber(), email: '' })).status).toBe(201);
      expect((await agent.client.post('/contacts', { name: 'Ok Name', number: aNumber(), extraInfo: [{ value: 'x' }] })).status).toBe(400);
    });

    it('refuses a number the company already has: ERR_DUPLICATED_CONTACT, also under concurrent saves', async () => {
      const number = aNumber();
      expect((await agent.client.post('/contacts', { name: 'Primeiro', number })).status).toBe(201);
      expect(await agent.client.post('/contacts', { name: 'Segundo', number })).toMatchObject({
        status: 409,
        body: { error: 'ERR_DUPLICATED_CONTACT' },
      });
      expect((await other.admin.post('/contacts', { name: 'Outra empresa', number })).status).toBe(201);
      const another = (await agent.client.post<ContactView>('/contacts', { name: 'Terceiro', number: aNumber() })).body;
      expect(await agent.client.put(`/contacts/${another.id}`, { number })).toMatchObject({
        status: 409,
        body: { error: 'ERR_DUPLICATED_CONTACT' },
      });
      const shared = aNumber();
      const race = await Promise.all([1, 2, 3].map((n) => agent.client.post('/contacts', { name: `Corrida ${n}`, number: shared })));
      expect(race.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    });

    it('searches and pages contacts, filters by creation date, and lists them for pickers', async () => {
      const name = `Zuleica ${Date.now()}`;
      const created = (await agent.client.post<ContactView>('/contacts', { name, number: aNumber(), email: 'zu@example.com' })).body;
      const found = await agent.client.get<ContactsPageView>(`/contacts?searchParam=${encodeURIComponent(name.toLowerCase())}`);
      expect(found.body).toMatchObject({ contacts: [{ id: created.id }], count: 1, hasMore: false });
      expect(
        (await agent.client.get<ContactsPageView>(`/contacts?searchParam=${created.number!.slice(-6)}`)).body.contacts.map((c) => c.id),
      ).toEqual([created.id]);
      const today = new Date(created.createdAt).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
      expect((await agent.client.get<ContactsPageView>(`/contacts?date=${today}&searchParam=${encodeURIComponent(name)}`)).body.count).toBe(
        1,
      );
      expect((await agent.client.get<ContactsPageView>(`/contacts?dateStart=2000-01-01&dateEnd=2000-01-02`)).body.count).toBe(0);
      expect(
        (await agent.client.get<ContactsPageView>(`/contacts?dateStart=${today}&dateEnd=${today}&searchParam=${encodeURIComponent(name)}`))
          .body.count,
      ).toBe(1);
      const first = (await agent.client.get<ContactsPageView>('/contacts?pageNumber=1')).body;
      expect(first.contacts.length).toBe(Math.min(20, first.count));
      expect(first.hasMore).toBe(first.count > 20);
      const list = (await agent.client.get<ContactView[]>(`/contacts/list?companyId=${other.companyId}`)).body;
      expect(list.map((c) => c.id)).toContain(created.id);
      expect(list.every((c) => c.companyId === tenant.companyId)).toBe(true);
    });

    it('keeps contacts to their company and lets only admins delete them', async () => {
      const created = (await agent.client.post<ContactView>('/contacts', { name: 'Apagável', number: aNumber() })).body;
      expect(await other.admin.get(`/contacts/${created.id}`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
      expect((await other.admin.put(`/contacts/${created.id}`, { name: 'Roubado' })).status).toBe(404);
      expect((await other.admin.delete(`/contacts/${created.id}`)).status).toBe(404);
      expect(await agent.client.delete(`/contacts/${created.id}`)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      expect((await tenant.admin.delete(`/contacts/${created.id}`)).status).toBe(200);
      expect((await agent.client.get(`/contacts/${created.id}`)).status).toBe(404);
    });

    it('deletes a contact with its tickets, and tells the tickets’ viewers', async () => {
      const ticket = await customerTicket();
      const socket = await socketOf(stack, agent.client);
      try {
        expect((await tenant.admin.delete(`/contacts/${ticket.contactId}`)).status).toBe(200);
        expect(await socket.next(`company-${tenant.companyId}-ticket`)).toEqual({ action: 'delete', ticketId: ticket.id });
        expect(await socket.next(`company-${tenant.companyId}-contact`)).toEqual({ action: 'delete', contactId: ticket.contactId });
      } finally {
        socket.close();
      }
      expect((await tenant.admin.get(`/tickets/${ticket.id}`)).status).toBe(404);
    });
  });

  describe('tags', () => {
    it('creates tags by name (the picker) or with a colour, one per name, and lists them', async () => {
      const created = await agent.client.post<TagView>('/tags', { name: 'Cliente VIP' });
      expect(created).toMatchObject({ status: 201, body: { name: 'Cliente VIP', kanban: 0, ticketsCount: 0 } });
      expect(created.body.color).toMatch(/^#/);
      const again = await agent.client.post<TagView>('/tags', { name: 'cliente vip' });
      expect(again.body.id).toBe(created.body.id);
      expect((await agent.client.get<TagView[]>('/tags/list')).body.map((t) => t.name)).toContain('Cliente VIP');
      expect((await other.admin.get<TagView[]>('/tags/list')).body.map((t) => t.id)).not.toContain(created.body.id);
      expect(await agent.client.post('/tags', { name: 'ab' })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    });

    it('syncs a ticket’s tags and counts tickets per tag on the tags page', async () => {
      const ticket = await customerTicket();
      const [red, blue] = [
        (await tenant.admin.post<TagView>('/tags', { name: 'Vermelha', color: '#FF0000' })).body,
        (await tenant.admin.post<TagView>('/tags', { name: 'Azul', color: '#0000FF' })).body,
      ];
      const synced = await agent.client.post<TicketView>('/tags/sync', { ticketId: ticket.id, tags: [red, blue] });
      expect(synced.body.tags.map((t) => t.name).sort()).toEqual(['Azul', 'Vermelha']);
      const page = (await tenant.admin.get<TagsPageView>('/tags?searchParam=verm')).body;
      expect(page).toMatchObject({ tags: [{ id: red.id, ticketsCount: 1 }], count: 1, hasMore: false });
      const reduced = await agent.client.post<TicketView>('/tags/sync', { ticketId: ticket.id, tags: [blue.id] });
      expect(reduced.body.tags.map((t) => t.id)).toEqual([blue.id]);
      expect((await tenant.admin.get<TagView>(`/tags/${red.id}`)).body.ticketsCount).toBe(0);
      expect(await outsider.client.post('/tags/sync', { ticketId: ticket.id, tags: [] })).toMatchObject({
        status: 403,
        body: { error: 'ERR_NO_PERMISSION' },
      });
      const foreign = (await other.admin.post<TagView>('/tags', { name: 'Alheia' })).body;
      expect(await agent.client.post('/tags/sync', { ticketId: ticket.id, tags: [foreign.id] })).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_TAG_FOUND' },
      });
    });

    it('updates and deletes tags; kanban lanes are for admins and supervisors', async () => {
      const tag = (await agent.client.post<TagView>('/tags', { name: 'Renomear' })).body;
      expect((await agent.client.put<TagView>(`/tags/${tag.id}`, { name: 'Renomeada', color: '#00FF00' })).body).toMatchObject({
        name: 'Renomeada',
        color: '#00FF00',
      });
      expect(await agent.client.put(`/tags/${tag.id}`, { kanban: 1 })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      // the whole form sent back, the flag unchanged: fine for an agent
      expect((await agent.client.put<TagView>(`/tags/${tag.id}`, { name: 'Renomeada', kanban: 0 })).status).toBe(200);
      expect((await tenant.admin.put<TagView>(`/tags/${tag.id}`, { kanban: 1 })).body.kanban).toBe(1);
      expect(await agent.client.put(`/tags/${tag.id}`, { kanban: 0 })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      expect((await agent.client.put<TagView>(`/tags/${tag.id}`, { name: 'Renomeada', kanban: 1 })).status).toBe(200);
      expect((await tenant.admin.get<{ lista: TagView[] }>('/tags/kanban')).body.lista.map((t) => t.id)).toContain(tag.id);
      await agent.client.post('/tags', { name: 'Ocupada' });
      expect(await agent.client.put(`/tags/${tag.id}`, { name: 'OCUPADA' })).toMatchObject({
        status: 409,
        body: { error: 'ERR_TAG_NAME_ALREADY_EXISTS' },
      });
      expect((await other.admin.delete(`/tags/${tag.id}`)).status).toBe(404);
      expect((await agent.client.delete(`/tags/${tag.id}`)).status).toBe(200);
      expect(await agent.client.get(`/tags/${tag.id}`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_TAG_FOUND' } });
    });
  });

  describe('ticket notes', () => {
    it('adds, lists and deletes notes of a ticket its viewers may see', async () => {
      const ticket = await customerTicket();
      const note = await agent.client.post<TicketNoteView>('/ticket-notes', {
        note: 'Cliente pediu retorno',
        ticketId: ticket.id,
        contactId: ticket.contactId,
      });
      expect(note).toMatchObject({ status: 201, body: { note: 'Cliente pediu retorno', user: { id: agent.user.id, name: 'Ana Notas' } } });
      const list = await agent.client.get<TicketNoteView[]>(`/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`);
      expect(list.body.map((n) => n.id)).toEqual([note.body.id]);

      expect(await agent.client.post('/ticket-notes', { note: 'x', ticketId: ticket.id, contactId: ticket.contactId })).toMatchObject({
        status: 400,
        body: { error: 'ERR_VALIDATION' },
      });
      expect(await outsider.client.get(`/ticket-notes/list?ticketId=${ticket.id}`)).toMatchObject({
        status: 403,
        body: { error: 'ERR_NO_PERMISSION' },
      });
      expect(
        await outsider.client.post('/ticket-notes', { note: 'intrusa', ticketId: ticket.id, contactId: ticket.contactId }),
      ).toMatchObject({ status: 403 });
      expect(await other.admin.delete(`/ticket-notes/${note.body.id}`)).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_TICKET_NOTE_FOUND' },
      });

      const byAdmin = (
        await tenant.admin.post<TicketNoteView>('/ticket-notes', { note: 'Do admin', ticketId: ticket.id, contactId: ticket.contactId })
      ).body;
      expect(await agent.client.delete(`/ticket-notes/${byAdmin.id}`)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      expect((await agent.client.delete(`/ticket-notes/${note.body.id}`)).status).toBe(200);
      expect((await agent.client.get<TicketNoteView[]>(`/ticket-notes/list?ticketId=${ticket.id}`)).body.map((n) => n.id)).toEqual([
        byAdmin.id,
      ]);
    });
  });

  describe('quick messages', () => {
    it('keeps personal quick messages to their author and shares general ones', async () => {
      const mine = await agent.client.post<QuickMessageView>('/quick-messages', { shortcode: 'oi', message: 'Olá {{firstName}}!' });
      expect(mine).toMatchObject({
        status: 201,
        body: { shortcode: 'oi', message: 'Olá {{firstName}}!', geral: false, status: true, isMedia: false, userId: agent.user.id },
      });
      const shared = (
        await tenant.admin.post<QuickMessageView>('/quick-messages', {
          shortcode: 'horario',
          message: 'Atendemos das 8h às 18h',
          geral: true,
        })
      ).body;
      const agentList = (
        await agent.client.get<QuickMessageView[]>(`/quick-messages/list?companyId=${tenant.companyId}&userId=${agent.user.id}`)
      ).body.map((q) => q.id);
      expect(agentList).toEqual(expect.arrayContaining([mine.body.id, shared.id]));
      const outsiderList = (await outsider.client.get<QuickMessageView[]>('/quick-messages/list')).body.map((q) => q.id);
      expect(outsiderList).toContain(shared.id);
      expect(outsiderList).not.toContain(mine.body.id);
      expect(await outsider.client.get(`/quick-messages/${mine.body.id}`)).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_QUICK_MESSAGE_FOUND' },
      });
      expect(await agent.client.put(`/quick-messages/${shared.id}`, { message: 'alterado' })).toMatchObject({
        status: 403,
        body: { error: 'ERR_NO_PERMISSION' },
      });
      expect((await other.admin.get<QuickMessageView[]>('/quick-messages/list')).body).toEqual([]);
    });

    it('searches and pages quick messages, updates and deletes them', async () => {
      const created = (await agent.client.post<QuickMessageView>('/quick-messages', { shortcode: 'preco', message: 'Tabela de preços' }))
        .body;
      const page = (await agent.client.get<QuickMessagesPageView>('/quick-messages?searchParam=PRE')).body;
      expect(page).toMatchObject({ records: [{ id: created.id }], count: 1, hasMore: false });
      expect(
        (await agent.client.put<QuickMessageView>(`/quick-messages/${created.id}`, { message: 'Nova tabela', status: false })).body,
      ).toMatchObject({ message: 'Nova tabela', status: false });
      expect((await agent.client.get<QuickMessageView[]>('/quick-messages/list')).body.map((q) => q.id)).not.toContain(created.id);
      expect(await agent.client.post('/quick-messages', { shortcode: '', message: 'x' })).toMatchObject({
        status: 400,
        body: { error: 'ERR_VALIDATION' },
      });
      expect((await agent.client.delete(`/quick-messages/${created.id}`)).status).toBe(200);
      expect((await agent.client.get(`/quick-messages/${created.id}`)).status).toBe(404);
    });

    it('attaches a file (any kind, spaces in its name made underscores), serves it to the company only, and removes it', async () => {
      const created = (await agent.client.post<QuickMessageView>('/quick-messages', { shortcode: 'catalogo', message: 'Nosso catálogo' }))
        .body;
      const form = new FormData();
      form.append('typeArch', 'quickMessage');
      form.append('file', new Blob([Buffer.from('%PDF-1.4 catálogo')], { type: 'application/pdf' }), 'Catálogo 2025.pdf');
      const uploaded = await agent.client.post<QuickMessageView>(`/quick-messages/${created.id}/media-upload`, form);
      expect(uploaded).toMatchObject({ status: 201, body: { isMedia: true, mediaName: 'Catálogo_2025.pdf' } });
      expect(uploaded.body.mediaUrl).toBe(`/public/${uploaded.body.mediaPath}`);

      const served = await agent.client.get<string>(uploaded.body.mediaUrl!);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('application/pdf');
      expect(served.body).toBe('%PDF-1.4 catálogo');
      expect(served.headers.get('cache-control')).toBe('private, max-age=3600');
      expect((await outsider.client.get(uploaded.body.mediaUrl!)).status).toBe(200);
      expect(await other.admin.get(uploaded.body.mediaUrl!)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      expect(await stack.client().get(uploaded.body.mediaUrl!)).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
      expect((await stack.client().get(`${uploaded.body.mediaUrl!}?token=${agent.client.token}`)).status).toBe(200);

      const removed = await agent.client.delete<QuickMessageView>(`/quick-messages/${created.id}/media-upload`);
      expect(removed.body).toMatchObject({ isMedia: false, mediaPath: null, mediaUrl: null });
      expect((await agent.client.get(uploaded.body.mediaUrl!)).status).toBe(404);
      expect(await agent.client.post(`/quick-messages/${created.id}/media-upload`, new FormData())).toMatchObject({
        status: 400,
        body: { error: 'ERR_VALIDATION' },
      });
    });
  });
});
