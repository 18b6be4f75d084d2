import { once } from 'node:events';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { WhatsappView } from '@atrium/contracts';
import { eventually } from '../nats-fixtures.js';
import { ownerQuery } from '../tickets/tickets-fixtures.js';
import {
  connectSandboxNumber,
  nextSession,
  sandboxCall,
  startSessionsStack,
  tenantWithSocket,
  type SessionsStack,
} from './sessions-fixtures.js';
import type { SocketRecorder } from '../socket-client.js';
import type { Tenant } from '../tenants.js';

const ATTEMPT_TIMEOUT_MS = 1500;

/** WhatsApp's server where it cannot be reached: the TCP connection is accepted and nothing is ever answered. */
class SilentServer {
  readonly arrivals: number[] = [];
  private readonly sockets = new Set<Socket>();
  private constructor(private readonly server: Server) {
    server.on('connection', (socket) => {
      this.arrivals.push(Date.now());
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
    });
  }

  static async start(): Promise<SilentServer> {
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return new SilentServer(server);
  }

  get url(): string {
    return `ws://127.0.0.1:${(this.server.address() as AddressInfo).port}/ws/chat`;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/**
 * Issue 24, "Connections that never connect": an attempt that reaches nothing ends in a state the
 * user can act on (DISCONNECTED with its reason) within the bound and is retried with backoff; a
 * provider change restarts the session on the new driver; a connection made without a provider
 * gets DEFAULT_WHATSAPP_PROVIDER's; a customer writing once by number and once by lid stays one contact.
 */
describe('connection attempts, providers and lids', () => {
  let env: SessionsStack;
  let silent: SilentServer;
  let tenant: Tenant;
  let socket: SocketRecorder;

  beforeAll(async () => {
    silent = await SilentServer.start();
    env = await startSessionsStack({
      services: ['identity', 'sessions', 'tickets'],
      env: {
        BAILEYS_ENABLED: 'true',
        BAILEYS_WS_URL: silent.url,
        SESSION_ATTEMPT_TIMEOUT_MS: String(ATTEMPT_TIMEOUT_MS),
        RECONNECT_BASE_MS: '400',
        RECONNECT_MAX_MS: '3200',
      },
    });
    ({ tenant, socket } = await tenantWithSocket(env.stack, { connections: 5 }));
  });
  afterAll(async () => {
    socket?.close();
    await env?.stop();
    await silent?.close();
  });

  it('shows DISCONNECTED with the reason within the bound when WhatsApp does not answer, retries with growing delays, and at once on request', async () => {
    const created = await tenant.admin.post<WhatsappView>('/whatsapp', { name: 'Beta sem rede', provider: 'beta' });
    expect(created).toMatchObject({ status: 201, body: { provider: 'beta', status: 'OPENING', statusReason: null } });
    const id = created.body.id;
    const startedAt = Date.now();
    const failed = await nextSession(socket, tenant.companyId, id, (s) => s.status === 'DISCONNECTED', 10_000);
    expect(failed).toMatchObject({ statusReason: 'timeout', qrcode: '' });
    expect(Date.now() - startedAt).toBeLessThan(ATTEMPT_TIMEOUT_MS + 4000);
    // Read back: the reason stays while the next automatic attempt runs (OPENING) or waits (DISCONNECTED).
    const stored = (await tenant.admin.get<WhatsappView>(`/whatsapp/${id}`)).body;
    expect(stored.statusReason).toBe('timeout');
    expect(['DISCONNECTED', 'OPENING']).toContain(stored.status);

    // Automatic retries, each bounded, with delays that grow (jittered: 200-400, 400-800, 800-1600 ms).
    await eventually(async () => silent.arrivals.length >= 4, 20_000, 100);
    const [a, b, , d] = silent.arrivals;
    const firstGap = b! - a!;
    const thirdGap = d! - silent.arrivals[2]!;
    // Each gap is an attempt's bound (counted from before the auth state is read) plus the backoff's delay.
    expect(firstGap).toBeGreaterThanOrEqual(ATTEMPT_TIMEOUT_MS - 300);
    expect(thirdGap).toBeGreaterThan(firstGap + 200);

    // The retry button (POST /whatsappsession/{id}) starts an attempt at once.
    const before = silent.arrivals.length;
    expect((await tenant.admin.post(`/whatsappsession/${id}`)).status).toBe(201);
    await nextSession(socket, tenant.companyId, id, (s) => s.status === 'OPENING', 5000);
    await eventually(async () => silent.arrivals.length > before, 3000, 50);

    // A provider change restarts the session on the new driver: the sandbox shows its QR code.
    expect((await tenant.admin.put<WhatsappView>(`/whatsapp/${id}`, { provider: 'sandbox' })).body).toMatchObject({ provider: 'sandbox' });
    const qr = await nextSession(socket, tenant.companyId, id, (s) => s.status === 'qrcode', 10_000);
    expect(qr).toMatchObject({ provider: 'sandbox', statusReason: null });
    expect(qr.qrcode).toMatch(/^sandbox-qr:/);
    const afterSwitch = silent.arrivals.length;
    await new Promise((resolve) => setTimeout(resolve, ATTEMPT_TIMEOUT_MS + 1000));
    expect(silent.arrivals.length).toBe(afterSwitch);
    await tenant.admin.delete(`/whatsapp/${id}`);
  });

  it('gives a connection created without a provider the default one (sandbox outside production)', async () => {
    const created = await tenant.admin.post<WhatsappView>('/whatsapp', { name: 'Formulario antigo' });
    expect(created).toMatchObject({ status: 201, body: { provider: 'sandbox' } });
    await nextSession(socket, tenant.companyId, created.body.id, (s) => s.status === 'qrcode');
    await tenant.admin.delete(`/whatsapp/${created.body.id}`);
  });

  it('keeps one contact and one ticket for a customer who writes by number and by lid', async () => {
    const business = '5511973000001';
    const connection = await connectSandboxNumber(env, tenant.admin, socket, tenant.companyId, business);
    const contactsOf = (number: string, lid: string) =>
      ownerQuery<{ id: number; number: string | null; lid: string | null }>(
        env.stack,
        'select id, number, lid from tickets.contacts where company_id = $1 and (number = $2 or lid = $3) order by id',
        [tenant.companyId, number, lid],
      );
    const ticketsOf = (contactIds: number[]) =>
      ownerQuery<{ id: number }>(env.stack, 'select id from tickets.tickets where company_id = $1 and contact_id = any($2::int[])', [
        tenant.companyId,
        contactIds,
      ]);
    const write = async (from: string, body: string, extra: Record<string, unknown> = {}) => {
      const sent = await sandboxCall<{ id: string; lid: string }>(env.sandbox, 'POST', '/messages', {
        from,
        to: business,
        body,
        pushName: 'Cliente Lid',
        ...extra,
      });
      expect(sent.status).toBe(201);
      return sent.body;
    };
    const messagesIn = async (contactIds: number[]) =>
      Number(
        (
          await ownerQuery<{ n: string }>(
            env.stack,
            'select count(*) as n from tickets.messages m join tickets.tickets t on t.id = m.ticket_id where t.company_id = $1 and t.contact_id = any($2::int[]) and not m.from_me',
            [tenant.companyId, contactIds],
          )
        )[0]!.n,
      );

    // First by number, then by lid with the mapping announced, then by lid alone.
    const first = '5511987003001';
    const { lid } = await write(first, 'oi pelo número');
    await eventually(async () => (await contactsOf(first, lid)).length === 1, 15_000, 100);
    await write(first, 'agora pelo lid', { addressing: 'lid', announceLid: true });
    await write(first, 'de novo pelo lid', { addressing: 'lid' });
    await eventually(async () => (await messagesIn((await contactsOf(first, lid)).map((c) => c.id))) === 3, 15_000, 100);
    const contacts = await contactsOf(first, lid);
    expect(contacts).toEqual([{ id: expect.any(Number), number: first, lid }]);
    expect(await ticketsOf(contacts.map((c) => c.id))).toHaveLength(1);

    // First by lid (mapping announced), then by number.
    const second = '5511987003002';
    const secondLid = (await write(second, 'primeiro pelo lid', { addressing: 'lid', announceLid: true })).lid;
    await eventually(async () => (await contactsOf(second, secondLid)).length === 1, 15_000, 100);
    await write(second, 'depois pelo número');
    await eventually(async () => (await messagesIn((await contactsOf(second, secondLid)).map((c) => c.id))) === 2, 15_000, 100);
    const secondContacts = await contactsOf(second, secondLid);
    expect(secondContacts).toEqual([{ id: expect.any(Number), number: second, lid: secondLid }]);
    expect(await ticketsOf(secondContacts.map((c) => c.id))).toHaveLength(1);

    await tenant.admin.delete(`/whatsapp/${connection.id}`);
  });
});
