import type { ContactView, MessagesPageView, MessageView, TicketView, WhatsappView } from '@atrium/contracts';
import {
  connectSandboxNumber,
  nextSession,
  sandboxCall,
  startSessionsStack,
  tenantWithSocket,
  type SessionsStack,
} from '../sessions/sessions-fixtures.js';
import type { SocketRecorder } from '../socket-client.js';
import type { Tenant } from '../tenants.js';

const BUSINESS = '5511972000201';

/**
 * The connection's refusals reach the user as the spec's error codes (section 8), through the
 * real sessions service and wa-sandbox: a number check that fails for another reason than "not
 * on WhatsApp", a delete WhatsApp does not accept, an address book asked of a connection that is
 * not connected.
 */
describe('refusals of the WhatsApp connection', () => {
  let env: SessionsStack;
  let tenant: Tenant;
  let adminSocket: SocketRecorder;
  let connection: WhatsappView;

  beforeAll(async () => {
    env = await startSessionsStack({ services: ['identity', 'sessions', 'tickets'] });
    ({ tenant, socket: adminSocket } = await tenantWithSocket(env.stack, { connections: 1 }));
    connection = await connectSandboxNumber(env, tenant.admin, adminSocket, tenant.companyId, BUSINESS);
  });
  afterAll(async () => {
    adminSocket?.close();
    await env?.stop();
  });

  const networkRefusesNext = async (op: 'check' | 'delete') =>
    expect((await sandboxCall(env.sandbox, 'POST', `/sessions/${BUSINESS}/faults`, { op })).status).toBe(200);

  it('ERR_WAPP_CHECK_CONTACT: the number check fails, so no contact is created', async () => {
    await networkRefusesNext('check');
    expect(await tenant.admin.post('/contacts', { name: 'Sem Checagem', number: '5511987201001' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_WAPP_CHECK_CONTACT' },
    });
    expect((await tenant.admin.get<ContactView[]>('/contacts/list?name=Sem Checagem')).body).toEqual([]);
    // the refusal was the network's, not the number's: checked again, it passes
    expect(await tenant.admin.post('/contacts', { name: 'Sem Checagem', number: '5511987201001' })).toMatchObject({
      status: 201,
      body: { number: '5511987201001' },
    });
  });

  it('ERR_DELETE_WAPP_MSG: WhatsApp refuses the delete, so the message is not marked deleted', async () => {
    const contact = (await tenant.admin.post<ContactView>('/contacts', { name: 'Apagar Depois', number: '5511987201002' })).body;
    const ticket = (await tenant.admin.post<TicketView>('/tickets', { contactId: contact.id, status: 'open' })).body;
    const sent = (await tenant.admin.post<MessageView[]>(`/messages/${ticket.id}`, { body: 'mensagem enviada' })).body[0]!;
    const inbox = async () =>
      (await sandboxCall<Array<{ id: string; deleted: boolean }>>(env.sandbox, 'GET', '/messages?customer=5511987201002')).body;

    await networkRefusesNext('delete');
    expect(await tenant.admin.delete(`/messages/${sent.id}`)).toMatchObject({ status: 400, body: { error: 'ERR_DELETE_WAPP_MSG' } });
    const page = (await tenant.admin.get<MessagesPageView>(`/messages/${ticket.id}`)).body;
    expect(page.messages.find((m) => m.id === sent.id)).toMatchObject({ isDeleted: false });
    expect((await inbox()).find((m) => m.id === sent.wid)).toMatchObject({ deleted: false });

    expect(await tenant.admin.delete(`/messages/${sent.id}`)).toMatchObject({ status: 200, body: { id: sent.id, isDeleted: true } });
    expect((await inbox()).find((m) => m.id === sent.wid)).toMatchObject({ deleted: true });
  });

  it('ERR_WAPP_NOT_INITIALIZED: importing the address book of a default connection that is not connected', async () => {
    expect((await sandboxCall(env.sandbox, 'POST', `/sessions/${BUSINESS}/logout`)).status).toBe(200);
    await nextSession(adminSocket, tenant.companyId, connection.id, (session) => session.status !== 'CONNECTED');
    expect(await tenant.admin.post('/contacts/import', {})).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } });
  });
});
