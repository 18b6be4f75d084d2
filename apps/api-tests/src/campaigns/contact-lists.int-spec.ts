import type {
  ContactListEventPayload,
  ContactListItemEventPayload,
  ContactListItemsPageView,
  ContactListItemView,
  ContactListsPageView,
  ContactListView,
} from '@atrium/contracts';
import { createPlan } from '../identity-fixtures.js';
import { socketOf } from '../socket-client.js';
import { startStack, type Stack } from '../stack.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { ownerQuery } from '../tickets/tickets-fixtures.js';

type Fields = { error: string; fields?: Array<{ field: string; messages: string[] }> };

/** Contact lists and their items through the gateway (spec 001 "Contact lists", "Contact list items", section 7). */
describe('contact lists', () => {
  let stack: Stack;
  let tenant: Tenant;
  let other: Tenant;

  beforeAll(async () => {
    stack = await startStack({ services: ['identity', 'campaigns'] });
    [tenant, other] = await Promise.all([signUpTenant(stack), signUpTenant(stack)]);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const newList = async (client: Tenant, name: string): Promise<ContactListView> => {
    const created = await client.admin.post<ContactListView>('/contact-lists', { name });
    expect(created.status).toBe(201);
    return created.body;
  };

  it('creates, shows, renames, pages, lists and deletes a list, live on company-{id}-ContactList', async () => {
    const socket = await socketOf(stack, tenant.admin);
    const event = `company-${tenant.companyId}-ContactList`;
    try {
      const created = await tenant.admin.post<ContactListView>('/contact-lists', { name: '  Clientes VIP ' });
      expect(created).toMatchObject({
        status: 201,
        body: { id: expect.any(Number), name: 'Clientes VIP', contactsCount: 0, companyId: tenant.companyId },
      });
      const id = created.body.id;
      expect(await socket.nextWhere<ContactListEventPayload>(event, (p) => p.action === 'create' && p.record.id === id)).toBeDefined();

      const renamed = await tenant.admin.put<ContactListView>(`/contact-lists/${id}`, { name: 'Clientes Ouro' });
      expect(renamed).toMatchObject({ status: 200, body: { id, name: 'Clientes Ouro' } });
      expect(
        await socket.nextWhere<ContactListEventPayload>(event, (p) => p.action === 'update' && p.record.name === 'Clientes Ouro'),
      ).toBeDefined();
      expect((await tenant.admin.get<ContactListView>(`/contact-lists/${id}`)).body).toMatchObject({
        id,
        name: 'Clientes Ouro',
        contactsCount: 0,
      });

      await newList(tenant, 'Leads frios');
      const page = (await tenant.admin.get<ContactListsPageView>('/contact-lists/?searchParam=ouro&pageNumber=1')).body;
      expect(page).toMatchObject({ count: 1, hasMore: false, records: [{ id, name: 'Clientes Ouro' }] });
      const all = (await tenant.admin.get<ContactListView[]>(`/contact-lists/list?companyId=${tenant.companyId}`)).body;
      expect(all.map((list) => list.name)).toEqual(['Clientes Ouro', 'Leads frios']);

      expect((await tenant.admin.delete(`/contact-lists/${id}`)).status).toBe(200);
      expect(await socket.nextWhere<ContactListEventPayload>(event, (p) => p.action === 'delete' && p.id === id)).toBeDefined();
      expect((await tenant.admin.get(`/contact-lists/${id}`)).body).toMatchObject({ error: 'ERR_NO_CONTACT_LIST_FOUND' });
    } finally {
      socket.close();
    }
  });

  it('pages lists beyond one page with hasMore', async () => {
    const company = await signUpTenant(stack);
    for (let i = 0; i < 21; i++) await company.admin.post('/contact-lists', { name: `Lista ${String(i).padStart(2, '0')}` });
    const first = (await company.admin.get<ContactListsPageView>('/contact-lists/?pageNumber=1')).body;
    const second = (await company.admin.get<ContactListsPageView>('/contact-lists/?pageNumber=2')).body;
    expect([first.records.length, first.hasMore, first.count, second.records.length, second.hasMore]).toEqual([20, true, 21, 1, false]);
  });

  it('keeps items: counts, search, paging, duplicates refused, a changed number unchecked, live per list', async () => {
    const list = await newList(tenant, 'Itens');
    const socket = await socketOf(stack, tenant.admin);
    try {
      const created = await tenant.admin.post<ContactListItemView>('/contact-list-items', {
        name: 'Ana Souza',
        number: '+55 (11) 99999-0001',
        email: 'ana@example.com',
        contactListId: list.id,
      });
      expect(created).toMatchObject({
        status: 201,
        body: { name: 'Ana Souza', number: '5511999990001', email: 'ana@example.com', isWhatsappValid: false, contactListId: list.id },
      });
      const item = created.body;
      expect(
        await socket.nextWhere<ContactListItemEventPayload>(
          `company-${tenant.companyId}-ContactListItem-${list.id}`,
          (p) => p.action === 'create' && p.record.id === item.id,
        ),
      ).toBeDefined();
      expect(
        await socket.nextWhere<ContactListItemEventPayload>(
          `company-${tenant.companyId}-ContactListItem`,
          (p) => p.action === 'create' && p.record.id === item.id,
        ),
      ).toBeDefined();

      const duplicate = await tenant.admin.post<Fields>('/contact-list-items', {
        name: 'Ana de novo',
        number: '5511999990001',
        contactListId: list.id,
      });
      expect(duplicate).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_CONTACT' } });
      await tenant.admin.post('/contact-list-items', { name: 'Bruno Lima', number: '5511999990002', contactListId: list.id });
      expect((await tenant.admin.get<ContactListView>(`/contact-lists/${list.id}`)).body.contactsCount).toBe(2);

      await ownerQuery(stack, 'update campaigns.contact_list_items set is_whatsapp_valid = true, checked_at = now() where id = $1', [
        item.id,
      ]);
      const renamed = await tenant.admin.put<ContactListItemView>(`/contact-list-items/${item.id}`, { name: 'Ana S.' });
      expect(renamed.body).toMatchObject({ name: 'Ana S.', isWhatsappValid: true });
      const renumbered = await tenant.admin.put<ContactListItemView>(`/contact-list-items/${item.id}`, {
        number: '5511999990003',
        email: '',
      });
      expect(renumbered.body).toMatchObject({ number: '5511999990003', email: null, isWhatsappValid: false });
      expect((await tenant.admin.put(`/contact-list-items/${item.id}`, { number: '5511999990002' })).status).toBe(409);

      const search = (
        await tenant.admin.get<ContactListItemsPageView>(`/contact-list-items?contactListId=${list.id}&searchParam=bruno&pageNumber=1`)
      ).body;
      expect(search).toMatchObject({ count: 1, hasMore: false, contacts: [{ name: 'Bruno Lima' }] });
      const byNumber = (await tenant.admin.get<ContactListItemsPageView>(`/contact-list-items?contactListId=${list.id}&searchParam=90003`))
        .body;
      expect(byNumber.contacts.map((c) => c.id)).toEqual([item.id]);
      expect((await tenant.admin.get<ContactListItemView>(`/contact-list-items/${item.id}`)).body.name).toBe('Ana S.');

      expect((await tenant.admin.delete(`/contact-list-items/${item.id}`)).status).toBe(200);
      expect(
        await socket.nextWhere<ContactListItemEventPayload>(
          `company-${tenant.companyId}-ContactListItem-${list.id}`,
          (p) => p.action === 'delete' && p.id === item.id,
        ),
      ).toBeDefined();
      expect((await tenant.admin.get(`/contact-list-items/${item.id}`)).status).toBe(404);
      expect((await tenant.admin.get<ContactListView>(`/contact-lists/${list.id}`)).body.contactsCount).toBe(1);

      // deleting the list takes its items with it
      await tenant.admin.delete(`/contact-lists/${list.id}`);
      expect(await ownerQuery(stack, 'select id from campaigns.contact_list_items where contact_list_id = $1', [list.id])).toEqual([]);
    } finally {
      socket.close();
    }
  });

  it('validates as the spec says and stores nothing on bad input', async () => {
    const company = await signUpTenant(stack);
    for (const body of [{}, { name: 'A' }, { name: 'x'.repeat(51) }, { name: 12 }, { name: null }]) {
      const response = await company.admin.post<Fields>('/contact-lists', body);
      expect({ body, status: response.status, error: response.body.error }).toEqual({ body, status: 400, error: 'ERR_VALIDATION' });
    }
    const list = await newList(company, 'Válida');
    const bad = [
      { name: 'A', number: '5511999990001', contactListId: list.id },
      { name: 'Nome bom', number: '1234567', contactListId: list.id },
      { name: 'Nome bom', number: 'abcdefghij', contactListId: list.id },
      { name: 'Nome bom', number: '5511999990001', email: 'não-é-email', contactListId: list.id },
      { name: 'Nome bom', number: '5511999990001' },
      { name: 'Nome bom', number: '5511999990001', contactListId: 'um' },
    ];
    for (const body of bad) {
      const response = await company.admin.post<Fields>('/contact-list-items', body);
      expect({ body, status: response.status, error: response.body.error }).toEqual({ body, status: 400, error: 'ERR_VALIDATION' });
    }
    expect((await company.admin.put(`/contact-lists/${list.id}`, { name: 'B' })).status).toBe(400);
    expect((await company.admin.get('/contact-list-items')).status).toBe(400);
    expect((await company.admin.get('/contact-lists/abc')).status).toBe(400);
    expect(await ownerQuery(stack, 'select id from campaigns.contact_list_items where company_id = $1', [company.companyId])).toEqual([]);
    expect(
      (await ownerQuery(stack, 'select name from campaigns.contact_lists where company_id = $1', [company.companyId])).map((r) => r.name),
    ).toEqual(['Válida']);
  });

  it("keeps tenants apart: another company's lists and items are invisible and untouchable", async () => {
    const theirs = await newList(other, 'Só da outra');
    const theirItem = (
      await other.admin.post<ContactListItemView>('/contact-list-items', {
        name: 'Cliente alheio',
        number: '5521988887777',
        contactListId: theirs.id,
      })
    ).body;
    expect((await tenant.admin.get(`/contact-lists/${theirs.id}`)).status).toBe(404);
    expect((await tenant.admin.put(`/contact-lists/${theirs.id}`, { name: 'Tomada' })).status).toBe(404);
    expect((await tenant.admin.delete(`/contact-lists/${theirs.id}`)).status).toBe(404);
    expect((await tenant.admin.get<ContactListsPageView>('/contact-lists/')).body.records.map((l) => l.id)).not.toContain(theirs.id);
    expect(
      (await tenant.admin.get<ContactListView[]>(`/contact-lists/list?companyId=${other.companyId}`)).body.map((l) => l.id),
    ).not.toContain(theirs.id);
    expect((await tenant.admin.get(`/contact-list-items?contactListId=${theirs.id}`)).status).toBe(404);
    expect(
      (await tenant.admin.post('/contact-list-items', { name: 'Intruso', number: '5521988886666', contactListId: theirs.id })).status,
    ).toBe(404);
    expect((await tenant.admin.get(`/contact-list-items/${theirItem.id}`)).status).toBe(404);
    expect((await tenant.admin.put(`/contact-list-items/${theirItem.id}`, { name: 'Mudado' })).status).toBe(404);
    expect((await tenant.admin.delete(`/contact-list-items/${theirItem.id}`)).status).toBe(404);
    expect(
      (await other.admin.get<ContactListItemsPageView>(`/contact-list-items?contactListId=${theirs.id}`)).body.contacts.map((c) => c.name),
    ).toEqual(['Cliente alheio']);
  });

  it('needs a plan with campaigns', async () => {
    const plan = await createPlan(await superAdmin(stack), { useCampaigns: false });
    const company = await signUpTenant(stack, plan.id);
    expect((await company.admin.get('/contact-lists/')).status).toBe(403);
    expect((await company.admin.post('/contact-list-items', { name: 'Nome', number: '5511999990001', contactListId: 1 })).status).toBe(403);
  });
});
