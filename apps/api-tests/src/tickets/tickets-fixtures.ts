import pg from 'pg';
import type { QueueView, TicketEventPayload, TicketsPageView, TicketView, UserView, WhatsappView } from '@atrium/contracts';
import { aUser } from '@atrium/testing';
import type { ApiClient } from '../api-client.js';
import { eventually, NatsFixture } from '../nats-fixtures.js';
import type { SocketRecorder } from '../socket-client.js';
import type { Stack } from '../stack.js';
import type { Tenant } from '../tenants.js';

export interface Agent {
  client: ApiClient;
  user: UserView;
}

let colour = 0;
/** A unique colour per call (colours are unique per company). */
export function aColor(): string {
  colour += 1;
  return `#${(0x100000 + ((Date.now() * 7 + colour * 7919) % 0xefffff)).toString(16).slice(-6)}`;
}

export async function createQueue(tenant: Tenant, name = `Queue ${colour + 1}`): Promise<QueueView> {
  const response = await tenant.admin.post<QueueView>('/queue', { name, color: aColor(), greetingMessage: '' });
  if (response.status !== 201) throw new Error(`queue not created: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** A user of the tenant, logged in with their own client. */
export async function createAgent(stack: Stack, tenant: Tenant, overrides: Parameters<typeof aUser>[0] = {}): Promise<Agent> {
  const body = aUser(overrides);
  const created = await tenant.admin.post<UserView>('/users', body);
  if (created.status !== 201) throw new Error(`user not created: ${created.status} ${JSON.stringify(created.body)}`);
  const client = stack.client();
  await client.login(body.email, body.password);
  return { client, user: created.body };
}

/**
 * Tells the tickets service about a connection as the sessions service does (its `whatsapp`
 * event), for stacks that run without sessions; waits until the read model has it.
 */
export async function announceConnection(stack: Stack, tenant: Tenant, whatsapp: Partial<WhatsappView> & { id: number }): Promise<void> {
  const nats = await NatsFixture.open(stack);
  try {
    const view = {
      companyId: tenant.companyId,
      name: `Connection ${whatsapp.id}`,
      status: 'CONNECTED',
      isDefault: true,
      queueIds: [],
      ...whatsapp,
    } as WhatsappView;
    nats.publish({ kind: 'whatsapp', companyId: tenant.companyId, payload: { action: 'update', whatsapp: view } });
  } finally {
    await nats.close();
  }
  await eventually(async () => (await ownerQuery(stack, 'select 1 from tickets.whatsapp_refs where id = $1', [whatsapp.id])).length > 0);
}

/** A query as the database owner (row-level security does not apply): for assertions only. */
export async function ownerQuery<T extends Record<string, unknown> = Record<string, unknown>>(
  stack: Stack,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: stack.database.ownerUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** Waits until the ticket list (as this client sees it) has a ticket matching `match`. */
export async function ticketAppears(client: ApiClient, match: (t: TicketView) => boolean, query = 'showAll=true'): Promise<TicketView> {
  let found: TicketView | undefined;
  await eventually(async () => {
    const page = await client.get<TicketsPageView>(`/tickets?${query}`);
    found = page.body.tickets?.find(match);
    return found !== undefined;
  }, 10_000);
  return found!;
}

/** The next `company-{id}-ticket` event on this socket about this ticket (events about other tickets are skipped). */
export async function ticketEventAbout(
  socket: SocketRecorder,
  companyId: number,
  ticketId: number,
  timeoutMs = 10_000,
): Promise<TicketEventPayload> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const event = await socket.next<TicketEventPayload>(`company-${companyId}-ticket`, Math.max(1, deadline - Date.now()));
    const id = event.action === 'update' ? event.ticket.id : event.ticketId;
    if (id === ticketId) return event;
  }
}

/** Every `company-{id}-ticket` event this socket received so far about this ticket (left in the recorder). */
export function ticketEventsSeen(socket: SocketRecorder, companyId: number, ticketId: number): TicketEventPayload[] {
  return socket.received
    .filter((r) => r.event === `company-${companyId}-ticket`)
    .map((r) => r.payload as TicketEventPayload)
    .filter((event) => (event.action === 'update' ? event.ticket.id : event.ticketId) === ticketId);
}
