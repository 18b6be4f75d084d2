import { IdentitySubjects, type HelpView, type Page } from '@atrium/contracts';
import { PrefixedNatsClient, RpcClient } from '@atrium/messaging';
import type { ApiClient } from './api-client.js';
import { startStack, type Stack } from './stack.js';
import { signUpTenant, superAdmin } from './tenants.js';

describe('helps API (spec 001 section 7)', () => {
  let stack: Stack;
  let root: ApiClient;
  let agent: ApiClient;

  beforeAll(async () => {
    stack = await startStack();
    root = await superAdmin(stack);
    agent = (await signUpTenant(stack)).admin;
  });
  afterAll(() => stack.stop());

  async function createHelp(title: string, description = ''): Promise<HelpView> {
    const response = await root.post<HelpView>('/helps', { title, video: 'dQw4w9WgXcQ', description });
    expect(response.status).toBe(201);
    return response.body;
  }

  it('lets a super user create a help and anyone logged in read it', async () => {
    const created = await createHelp('Conectando o WhatsApp', 'Leia o QR code');
    expect(created).toMatchObject({
      id: expect.any(Number),
      title: 'Conectando o WhatsApp',
      video: 'dQw4w9WgXcQ',
      description: 'Leia o QR code',
    });
    expect(new Date(created.createdAt).toString()).not.toBe('Invalid Date');
    expect(await agent.get(`/helps/${created.id}`)).toMatchObject({ status: 200, body: created });
  });

  it('fills video and description with empty text when omitted', async () => {
    const response = await root.post<HelpView>('/helps', { title: 'Só o título' });
    expect(response).toMatchObject({ status: 201, body: { title: 'Só o título', video: '', description: '' } });
  });

  it('refuses bad input with ERR_VALIDATION and the fields', async () => {
    const missing = await root.post('/helps', { video: 'x' });
    expect(missing).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ field: 'title' }] } });
    const tooLong = await root.post('/helps', { title: 'x'.repeat(201), video: 'y'.repeat(201) });
    expect((tooLong.body as { fields: { field: string }[] }).fields.map((f) => f.field).sort()).toEqual(['title', 'video']);
    const help = await createHelp('Valid');
    expect(await root.put(`/helps/${help.id}`, { title: '' })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(await root.get('/helps/abc')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });

  it('refuses writes by a non-super user with 403 ERR_NO_PERMISSION', async () => {
    const help = await createHelp('Protegido');
    expect(await agent.post('/helps', { title: 'Nope' })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await agent.put(`/helps/${help.id}`, { title: 'Nope' })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await agent.delete(`/helps/${help.id}`)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await root.get<HelpView>(`/helps/${help.id}`)).body.title).toBe('Protegido');
  });

  it('is refused by identity itself when a non-super actor writes over NATS', async () => {
    const rpc = new RpcClient(new PrefixedNatsClient({ servers: stack.env.NATS_URL }, stack.env.NATS_SUBJECT_PREFIX!));
    await rpc.connect();
    try {
      const actor = {
        userId: 1,
        companyId: 1,
        profile: 'admin' as const,
        super: false,
        queueIds: [],
        allTicket: 'enabled' as const,
        sessionId: 'x',
      };
      await expect(rpc.request(IdentitySubjects.helpsCreate, { title: 'x' }, { actor })).rejects.toMatchObject({
        code: 'ERR_NO_PERMISSION',
      });
      await expect(rpc.request(IdentitySubjects.helpsList, {})).rejects.toMatchObject({ code: 'ERR_SESSION_EXPIRED' });
    } finally {
      await rpc.close();
    }
  });

  it('answers 401 without a login', async () => {
    expect(await stack.client().get('/helps')).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    expect(await stack.client().get('/helps/list')).toMatchObject({ status: 401 });
  });

  it('updates and deletes, answering ERR_NO_HELP_FOUND for a missing help', async () => {
    const help = await createHelp('Antes');
    const updated = await root.put<HelpView>(`/helps/${help.id}`, { title: 'Depois', description: 'nova' });
    expect(updated).toMatchObject({ status: 200, body: { id: help.id, title: 'Depois', video: help.video, description: 'nova' } });
    expect(await root.delete(`/helps/${help.id}`)).toMatchObject({ status: 200 });
    expect(await agent.get(`/helps/${help.id}`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_HELP_FOUND' } });
    expect(await root.put(`/helps/${help.id}`, { title: 'x' })).toMatchObject({ status: 404, body: { error: 'ERR_NO_HELP_FOUND' } });
    expect(await root.delete(`/helps/${help.id}`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_HELP_FOUND' } });
  });

  it('pages 20 at a time with count and hasMore, searches, and lists all by title', async () => {
    for (let i = 0; i < 22; i++) await createHelp(`Tutorial ${String(i).padStart(2, '0')}`, i === 7 ? 'sobre filas' : '');

    const first = await agent.get<Page<HelpView>>('/helps?searchParam=tutorial');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 22, hasMore: true });
    expect(first.body.records).toHaveLength(20);
    expect(first.body.records[0]!.title).toBe('Tutorial 00');
    const second = await agent.get<Page<HelpView>>('/helps?searchParam=tutorial&pageNumber=2');
    expect(second.body).toMatchObject({ count: 22, hasMore: false });
    expect(second.body.records.map((h) => h.title)).toEqual(['Tutorial 20', 'Tutorial 21']);

    const byDescription = await agent.get<Page<HelpView>>('/helps?searchParam=FILAS');
    expect(byDescription.body.records.map((h) => h.title)).toEqual(['Tutorial 07']);
    const wildcard = await agent.get<Page<HelpView>>('/helps?searchParam=%25');
    expect(wildcard.body.count).toBe(0);
    expect(await agent.get('/helps?pageNumber=0')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });

    const list = await agent.get<HelpView[]>('/helps/list');
    expect(list.status).toBe(200);
    const titles = list.body.map((h) => h.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(titles).toEqual(expect.arrayContaining(['Tutorial 00', 'Tutorial 21']));
  });
});
