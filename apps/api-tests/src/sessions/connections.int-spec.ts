import { SessionsSubjects, type WhatsappEventPayload, type WhatsappTokenView, type WhatsappView } from '@atrium/contracts';
import { aUser } from '@atrium/testing';
import { createPlan } from '../identity-fixtures.js';
import { socketOf, type SocketRecorder } from '../socket-client.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { createQueue, ownerQuery } from '../tickets/tickets-fixtures.js';
import { connectSandboxNumber, nextSession, rpcFor, sandboxCall, startSessionsStack, type SessionsStack } from './sessions-fixtures.js';

describe('connections API with the sandbox network', () => {
  let env: SessionsStack;
  let alpha: Tenant;
  let beta: Tenant;
  let alphaSocket: SocketRecorder;

  beforeAll(async () => {
    // a connection's queues are the tickets service's, which is asked whether they are the company's
    env = await startSessionsStack({
      services: ['identity', 'sessions', 'tickets'],
      env: { SESSION_MAX_QR_CODES: '3' },
      sandbox: { SANDBOX_QR_INTERVAL_MS: 700 },
    });
    const operator = await superAdmin(env.stack);
    const plan = await createPlan(operator, { connections: 3 });
    [alpha, beta] = await Promise.all([signUpTenant(env.stack, plan.id), signUpTenant(env.stack, plan.id)]);
    alphaSocket = await socketOf(env.stack, alpha.admin);
  });
  afterAll(async () => {
    alphaSocket.close();
    await env.stop();
  });

  /** Removes every connection of a company, so each test starts from none. */
  async function clear(tenant: Tenant): Promise<void> {
    const all = (await tenant.admin.get<WhatsappView[]>('/whatsapp')).body;
    for (const connection of all.filter((c) => !c.isDefault)) await tenant.admin.delete(`/whatsapp/${connection.id}`);
    for (const connection of all.filter((c) => c.isDefault)) await tenant.admin.delete(`/whatsapp/${connection.id}`);
  }
  afterEach(() => clear(alpha));

  it('creates a sandbox connection that shows a QR code, is scanned on the phone and turns CONNECTED live on the socket', async () => {
    const created = await alpha.admin.post<WhatsappView>('/whatsapp', { name: 'Vendas', provider: 'sandbox' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Vendas',
      provider: 'sandbox',
      isDefault: true,
      status: 'OPENING',
      expiresTicket: 0,
      timeUseBotQueues: 0,
      maxUseBotQueues: 3,
      queueIds: [],
      companyId: alpha.companyId,
    });
    const id = created.body.id;
    const announced = await alphaSocket.next<WhatsappEventPayload>(`company-${alpha.companyId}-whatsapp`);
    expect(announced).toMatchObject({ action: 'update', whatsapp: { id, name: 'Vendas' } });

    const qr = await nextSession(alphaSocket, alpha.companyId, id, (s) => s.status === 'qrcode');
    expect(qr.qrcode).toMatch(/^sandbox-qr:/);
    expect(qr.retries).toBe(1);
    expect((await alpha.admin.get<WhatsappView>(`/whatsapp/${id}`)).body).toMatchObject({ status: 'qrcode', qrcode: qr.qrcode });

    expect((await sandboxCall(env.sandbox, 'POST', '/scan', { qr: qr.qrcode, number: '5511970000001' })).status).toBe(200);
    // The QR dialog closes on the first update with an empty qrcode.
    const closing = await nextSession(alphaSocket, alpha.companyId, id, (s) => s.qrcode === '');
    expect(['PAIRING', 'CONNECTED']).toContain(closing.status);
    const connected = await nextSession(alphaSocket, alpha.companyId, id, (s) => s.status === 'CONNECTED');
    expect(connected).toMatchObject({ qrcode: '', retries: 0, number: '5511970000001', isDefault: true });

    const listed = await alpha.admin.get<WhatsappView[]>(`/whatsapp?companyId=${alpha.companyId}&session=0`);
    expect(listed.body).toEqual([expect.objectContaining({ id, status: 'CONNECTED', number: '5511970000001' })]);
  });

  it('goes to TIMEOUT when no QR code is scanned, and starts again on request', async () => {
    const created = await alpha.admin.post<WhatsappView>('/whatsapp', { name: 'Nobody scans', provider: 'sandbox' });
    const id = created.body.id;
    const timedOut = await nextSession(alphaSocket, alpha.companyId, id, (s) => s.status === 'TIMEOUT');
    expect(timedOut).toMatchObject({ qrcode: '', retries: 3 });
    expect((await alpha.admin.get<WhatsappView>(`/whatsapp/${id}`)).body.status).toBe('TIMEOUT');

    expect(await alpha.admin.post(`/whatsappsession/${id}`)).toMatchObject({ status: 201 });
    const again = await nextSession(alphaSocket, alpha.companyId, id, (s) => s.status === 'qrcode');
    expect(again.retries).toBe(1);
  });

  it('follows the phone: a logout disconnects, a network drop reconnects by itself, a new QR pairs again', async () => {
    const connection = await connectSandboxNumber(env, alpha.admin, alphaSocket, alpha.companyId, '5511970000002');

    expect((await sandboxCall(env.sandbox, 'POST', '/sessions/5511970000002/drop')).status).toBe(200);
    await nextSession(alphaSocket, alpha.companyId, connection.id, (s) => s.status === 'OPENING');
    await nextSession(alphaSocket, alpha.companyId, connection.id, (s) => s.status === 'CONNECTED');

    expect((await sandboxCall(env.sandbox, 'POST', '/sessions/5511970000002/logout')).status).toBe(200);
    const disconnected = await nextSession(alphaSocket, alpha.companyId, connection.id, (s) => s.status === 'DISCONNECTED');
    expect(disconnected.qrcode).toBe('');

    // "New QR": the stored pairing is gone, the phone scans again.
    expect((await alpha.admin.put(`/whatsappsession/${connection.id}`)).status).toBe(200);
    const qr = await nextSession(alphaSocket, alpha.companyId, connection.id, (s) => s.status === 'qrcode');
    await sandboxCall(env.sandbox, 'POST', '/scan', { qr: qr.qrcode, number: '5511970000002' });
    await nextSession(alphaSocket, alpha.companyId, connection.id, (s) => s.status === 'CONNECTED');

    // A new QR code while connected unlinks the device first.
    expect((await alpha.admin.put(`/whatsappsession/${connection.id}`)).status).toBe(200);
    const again = await nextSession(alphaSocket, alpha.companyId, connection.id, (s) => s.status === 'qrcode');
    const unlinked = (await sandboxCall<Array<{ number: string; connected: boolean }>>(env.sandbox, 'GET', '/sessions')).body;
    expect(unlinked.find((s) => s.number === '5511970000002')?.connected).toBe(false);
    await sandboxCall(env.sandbox, 'POST', '/scan', { qr: again.qrcode, number: '5511970000002' });
    await nextSession(alphaSocket, alpha.companyId, connection.id, (s) => s.status === 'CONNECTED');

    // Disconnect from Atrium: logged out on the network, DISCONNECTED here, and it stays so.
    expect((await alpha.admin.delete(`/whatsappsession/${connection.id}`)).status).toBe(200);
    await nextSession(alphaSocket, alpha.companyId, connection.id, (s) => s.status === 'DISCONNECTED');
    const sessions = (await sandboxCall<Array<{ number: string; connected: boolean }>>(env.sandbox, 'GET', '/sessions')).body;
    expect(sessions.find((s) => s.number === '5511970000002')?.connected).toBe(false);
  });

  it('pairs by a code typed on the phone when started with a phone number', async () => {
    const created = await alpha.admin.post<WhatsappView>('/whatsapp', { name: 'By code', provider: 'sandbox' });
    await nextSession(alphaSocket, alpha.companyId, created.body.id, (s) => s.status === 'qrcode');
    expect((await alpha.admin.post(`/whatsappsession/${created.body.id}`, { phoneNumber: '5511970000003' })).status).toBe(201);
    const pairing = await nextSession(alphaSocket, alpha.companyId, created.body.id, (s) => s.status === 'PAIRING' && s.pairingCode !== '');
    expect(pairing.pairingCode).toMatch(/^[0-9A-F]{8}$/);
    expect((await sandboxCall(env.sandbox, 'POST', '/scan', { code: pairing.pairingCode })).body).toEqual({ number: '5511970000003' });
    const connected = await nextSession(alphaSocket, alpha.companyId, created.body.id, (s) => s.status === 'CONNECTED');
    expect(connected).toMatchObject({ number: '5511970000003', pairingCode: '' });
    expect((await alpha.admin.post(`/whatsappsession/${created.body.id}`, { phoneNumber: '12' })).status).toBe(400);
  });

  it('keeps exactly one default connection', async () => {
    const first = (await alpha.admin.post<WhatsappView>('/whatsapp', { name: 'First', provider: 'beta' })).body;
    const second = (await alpha.admin.post<WhatsappView>('/whatsapp', { name: 'Second', provider: 'beta' })).body;
    expect(first.isDefault).toBe(true);
    expect(second.isDefault).toBe(false);

    expect(await alpha.admin.put(`/whatsapp/${first.id}`, { isDefault: false })).toMatchObject({
      status: 400,
      body: { error: 'ERR_NO_OTHER_WHATSAPP' },
    });
    const moved = await alpha.admin.put<WhatsappView>(`/whatsapp/${second.id}`, { isDefault: true });
    expect(moved.body.isDefault).toBe(true);
    const all = (await alpha.admin.get<WhatsappView[]>('/whatsapp')).body;
    expect(all.filter((c) => c.isDefault).map((c) => c.id)).toEqual([second.id]);

    // Deleting the default hands the flag to the remaining connection.
    expect((await alpha.admin.delete(`/whatsapp/${second.id}`)).status).toBe(200);
    expect((await alpha.admin.get<WhatsappView>(`/whatsapp/${first.id}`)).body.isDefault).toBe(true);
  });

  it('applies the spec’s rules: name 2-50, a greeting with more than one queue, and the plan’s connection limit', async () => {
    expect(await alpha.admin.post('/whatsapp', { name: 'A' })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(await alpha.admin.post('/whatsapp', { name: 'x'.repeat(51) })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    const [first, second] = [await createQueue(alpha), await createQueue(alpha)];
    expect(await alpha.admin.post('/whatsapp', { name: 'Queues', queueIds: [first.id, second.id] })).toMatchObject({
      status: 400,
      body: { error: 'ERR_WAPP_GREETING_REQUIRED' },
    });
    const withGreeting = await alpha.admin.post<WhatsappView>('/whatsapp', {
      name: 'Queues',
      queueIds: [second.id, first.id],
      greetingMessage: 'Olá! Escolha uma opção',
      complationMessage: 'Obrigado',
      expiresTicket: '30',
      expiresInactiveMessage: 'Encerrado por inatividade',
      promptId: '',
      token: 'a-token-typed-in-the-form',
    });
    expect(withGreeting.status).toBe(201);
    // a token is the server's to generate (POST /whatsapp/{id}/token): one typed in the form is ignored
    // no provider sent: DEFAULT_WHATSAPP_PROVIDER's, the sandbox outside production (issue 24)
    expect(withGreeting.body).toMatchObject({
      queueIds: [first.id, second.id],
      expiresTicket: 30,
      promptId: null,
      tokenHint: null,
      provider: 'sandbox',
    });
    expect(await alpha.admin.put(`/whatsapp/${withGreeting.body.id}`, { greetingMessage: '' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_WAPP_GREETING_REQUIRED' },
    });

    await alpha.admin.post('/whatsapp', { name: 'Second' });
    await alpha.admin.post('/whatsapp', { name: 'Third' });
    expect(await alpha.admin.post('/whatsapp', { name: 'Fourth' })).toMatchObject({
      status: 403,
      body: { error: 'ERR_CONNECTION_LIMIT_REACHED' },
    });
  });

  it('lets every user read connections, only admins change them, and no company see another’s', async () => {
    const connection = (await alpha.admin.post<WhatsappView>('/whatsapp', { name: 'Private' })).body;
    const generated = await alpha.admin.post<WhatsappTokenView>(`/whatsapp/${connection.id}/token`);
    expect(generated).toMatchObject({
      status: 201,
      body: { token: expect.stringMatching(/^atr_[\w-]{43}$/), tokenHint: expect.stringMatching(/^…/) },
    });
    expect((await alpha.admin.get<WhatsappView>(`/whatsapp/${connection.id}`)).body.tokenHint).toBe(generated.body.tokenHint);
    const agent = aUser();
    expect((await alpha.admin.post('/users', agent)).status).toBe(201);
    const agentClient = env.stack.client();
    await agentClient.login(agent.email, agent.password);

    const seen = await agentClient.get<WhatsappView[]>('/whatsapp');
    expect(seen.body).toEqual([expect.objectContaining({ id: connection.id, tokenHint: null })]);
    expect(JSON.stringify(seen.body)).not.toContain(generated.body.token);
    expect(await agentClient.post(`/whatsapp/${connection.id}/token`)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await beta.admin.post(`/whatsapp/${connection.id}/token`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect(await agentClient.post('/whatsapp', { name: 'Mine' })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await agentClient.put(`/whatsapp/${connection.id}`, { name: 'Renamed' })).status).toBe(403);
    expect((await agentClient.delete(`/whatsapp/${connection.id}`)).status).toBe(403);
    expect((await agentClient.post(`/whatsappsession/${connection.id}`)).status).toBe(403);

    expect(await beta.admin.get(`/whatsapp/${connection.id}`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect((await beta.admin.put(`/whatsapp/${connection.id}`, { name: 'Taken' })).status).toBe(404);
    expect((await beta.admin.delete(`/whatsapp/${connection.id}`)).status).toBe(404);
    expect((await beta.admin.post(`/whatsappsession/${connection.id}`)).status).toBe(404);
    expect((await beta.admin.get<WhatsappView[]>('/whatsapp')).body).toEqual([]);
    expect((await env.stack.client().get('/whatsapp')).status).toBe(401);
  });

  it('pairs again when the provider changes, and logs a deleted connection out of the network', async () => {
    const created = (await alpha.admin.post<WhatsappView>('/whatsapp', { name: 'Switcher', provider: 'beta' })).body;
    // Baileys is off in tests: a beta session has no driver here and ends DISCONNECTED.
    await nextSession(alphaSocket, alpha.companyId, created.id, (s) => s.status === 'DISCONNECTED');
    expect((await alpha.admin.put<WhatsappView>(`/whatsapp/${created.id}`, { provider: 'sandbox' })).body.provider).toBe('sandbox');
    const qr = await nextSession(alphaSocket, alpha.companyId, created.id, (s) => s.status === 'qrcode');
    await sandboxCall(env.sandbox, 'POST', '/scan', { qr: qr.qrcode, number: '5511970000005' });
    await nextSession(alphaSocket, alpha.companyId, created.id, (s) => s.status === 'CONNECTED');

    expect((await alpha.admin.delete(`/whatsapp/${created.id}`)).status).toBe(200);
    const sessions = (await sandboxCall<Array<{ number: string; connected: boolean }>>(env.sandbox, 'GET', '/sessions')).body;
    expect(sessions.find((s) => s.number === '5511970000005')?.connected).toBe(false);
  });

  it('tells the external API which connection and company a token belongs to, keeps only its hash, and forgets a regenerated one', async () => {
    const connection = (await alpha.admin.post<WhatsappView>('/whatsapp', { name: 'API' })).body;
    const first = (await alpha.admin.post<WhatsappTokenView>(`/whatsapp/${connection.id}/token`)).body;
    const rpc = rpcFor(env.stack);
    try {
      expect(await rpc.request(SessionsSubjects.whatsappByToken, { token: first.token })).toEqual({
        id: connection.id,
        companyId: alpha.companyId,
        status: expect.any(String),
      });
      // a database leak does not reveal it
      const stored = await ownerQuery(env.stack, 'select token_hash, token_hint from sessions.whatsapps where id = $1', [connection.id]);
      expect(JSON.stringify(stored)).not.toContain(first.token);
      expect(stored[0]).toMatchObject({ token_hint: first.tokenHint });

      const second = (await alpha.admin.post<WhatsappTokenView>(`/whatsapp/${connection.id}/token`)).body;
      expect(second.token).not.toBe(first.token);
      await expect(rpc.request(SessionsSubjects.whatsappByToken, { token: first.token })).rejects.toMatchObject({
        code: 'ERR_INVALID_API_TOKEN',
      });
      expect(await rpc.request(SessionsSubjects.whatsappByToken, { token: second.token })).toMatchObject({ id: connection.id });
      await expect(rpc.request(SessionsSubjects.whatsappByToken, { token: 'no-such-token-here' })).rejects.toMatchObject({
        code: 'ERR_INVALID_API_TOKEN',
      });
    } finally {
      await rpc.close();
    }
  });

  it('announces deletions live', async () => {
    const connection = (await alpha.admin.post<WhatsappView>('/whatsapp', { name: 'Short-lived' })).body;
    expect((await alpha.admin.delete(`/whatsapp/${connection.id}`)).status).toBe(200);
    let event: WhatsappEventPayload;
    do event = await alphaSocket.next<WhatsappEventPayload>(`company-${alpha.companyId}-whatsapp`);
    while (!(event.action === 'delete' && event.whatsappId === connection.id));
    expect((await alpha.admin.get(`/whatsapp/${connection.id}`)).status).toBe(404);
  });
});
