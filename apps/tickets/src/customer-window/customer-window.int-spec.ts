import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@atrium/config';
import { AppError, ErrorCode, type Actor, type InboundMessageEvent, type TicketView } from '@atrium/contracts';
import { createPool } from '@atrium/database';
import { startService, DATABASE } from '@atrium/service-kit';
import { aChannelMessage, createTestDatabase, deleteTestStreams, isolatedEnv, type TestDatabase } from '@atrium/testing';
import type pg from 'pg';
import { TicketsAppModule } from '../app.module.js';
import { TicketsConfig } from '../config.js';
import { InboundHandler } from '../inbound/inbound-handler.js';
import { MessageSender } from '../messages/message-sender.js';
import { TemplateMessagesService } from '../messages/template-messages.service.js';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { TicketViews } from '../tickets/ticket-views.js';

const COMPANY = 43;
const CLOUD = 11;
const BAILEYS = 12;
const HOUR = 3_600_000;

const admin: Actor = { userId: 1, companyId: COMPANY, profile: 'admin', super: false, queueIds: [], allTicket: 'enabled', sessionId: 's' };

function message(whatsappId: number, number: string, id: string, sentAt: number): InboundMessageEvent {
  return {
    type: 'message',
    companyId: COMPANY,
    whatsappId,
    receivedAt: Date.now(),
    message: aChannelMessage(number, `hello ${id}`, { id, timestamp: sentAt }),
  };
}

/**
 * Meta's customer-service window as the tickets service keeps it (issue 26): from the customer's
 * messages as the channel dated them, per contact and connection, checked before anything is
 * stored or sent. The sends that pass the check need a connection and are proven in
 * apps/api-tests/src/sessions/cloud-templates.int-spec.ts; here, what is refused sends nothing.
 */
describe('customer-service window', () => {
  let database: TestDatabase;
  let app: INestApplication;
  let env: Record<string, string>;
  let owner: pg.Pool;
  let inbound: InboundHandler;
  let windows: TemplateMessagesService;

  beforeAll(async () => {
    database = await createTestDatabase();
    env = isolatedEnv(database, { INBOUND_ENABLED: 'false' });
    const config = loadConfig(TicketsConfig, env);
    app = await startService({ service: 'tickets', config, module: TicketsAppModule.forRoot(config) });
    inbound = app.get(InboundHandler);
    windows = app.get(TemplateMessagesService);
    owner = createPool(database.ownerUrl, 2);
    await owner.query(
      `insert into tickets.whatsapp_refs (id, company_id, name, status, provider) values ($1, $3, 'Meta', 'CONNECTED', 'cloud'), ($2, $3, 'Phone', 'CONNECTED', 'beta')`,
      [CLOUD, BAILEYS, COMPANY],
    );
  });
  afterAll(async () => {
    await app.close();
    await deleteTestStreams(env);
    await owner.end();
    await database.drop();
  });

  const ticketOf = async (whatsappId: number, number: string): Promise<TicketView> => {
    const { rows } = await owner.query<{ id: number }>(
      `select t.id from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.number = $1 and t.whatsapp_id = $2`,
      [number, whatsappId],
    );
    const database = app.get<TicketsDatabase>(DATABASE);
    return database.withTenant(COMPANY, (tx) => app.get(TicketViews).visible(tx, admin, rows[0]!.id));
  };
  const messagesOf = async (ticketId: number) =>
    (await owner.query<{ n: number }>('select count(*)::int as n from tickets.messages where ticket_id = $1', [ticketId])).rows[0]!.n;

  it('counts from the customer’s message as the channel dated it, and refuses free text once 24 hours have passed', async () => {
    const number = '5511966000001';
    const sentAt = Date.now() - 25 * HOUR;
    await inbound.handle(message(CLOUD, number, 'W-OLD', sentAt));
    const ticket = await ticketOf(CLOUD, number);

    const view = await windows.window(admin, ticket.id);
    expect(view).toMatchObject({ provider: 'cloud', applies: true, open: false, lastCustomerMessageAt: new Date(sentAt).toISOString() });
    expect(view.closesAt).toBe(new Date(sentAt + 24 * HOUR).toISOString());

    const refused = await app
      .get(MessageSender)
      .send(ticket, { body: 'are you there?' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe(ErrorCode.ERR_WAPP_WINDOW_CLOSED);
    // refused before anything was stored: the conversation holds the customer's message only
    expect(await messagesOf(ticket.id)).toBe(1);
  });

  it('opens again with a newer message and never moves back for an older one arriving late', async () => {
    const number = '5511966000002';
    await inbound.handle(message(CLOUD, number, 'W-1', Date.now() - 30 * HOUR));
    const ticket = await ticketOf(CLOUD, number);
    expect((await windows.window(admin, ticket.id)).open).toBe(false);

    const recent = Date.now() - 2 * HOUR;
    await inbound.handle(message(CLOUD, number, 'W-2', recent));
    expect(await windows.window(admin, ticket.id)).toMatchObject({ open: true, lastCustomerMessageAt: new Date(recent).toISOString() });

    // Meta delivers out of order: a message written earlier, delivered after, leaves the window where it is
    await inbound.storeMessages([message(CLOUD, number, 'W-0', Date.now() - 26 * HOUR)]);
    expect(await windows.window(admin, ticket.id)).toMatchObject({ open: true, lastCustomerMessageAt: new Date(recent).toISOString() });
  });

  it('keeps one window per connection, and none rules a connection that is not a Cloud API one', async () => {
    const number = '5511966000003';
    await inbound.handle(message(BAILEYS, number, 'W-B', Date.now() - 48 * HOUR));
    const onPhone = await ticketOf(BAILEYS, number);
    expect(await windows.window(admin, onPhone.id)).toMatchObject({ provider: 'beta', applies: false, open: true });

    await inbound.handle(message(CLOUD, number, 'W-C', Date.now() - 47 * HOUR));
    const onCloud = await ticketOf(CLOUD, number);
    expect(await windows.window(admin, onCloud.id)).toMatchObject({ applies: true, open: false });
    const { rows } = await owner.query<{ whatsapp_id: number }>(
      `select w.whatsapp_id from tickets.customer_windows w join tickets.contacts c on c.id = w.contact_id where c.number = $1 order by 1`,
      [number],
    );
    expect(rows.map((row) => row.whatsapp_id)).toEqual([CLOUD, BAILEYS].sort((a, b) => a - b));
  });

  it('records nothing for the business’s own messages', async () => {
    const number = '5511966000004';
    await inbound.handle({
      ...message(CLOUD, number, 'W-ME', Date.now()),
      message: aChannelMessage(number, 'from the phone', { id: 'W-ME', fromMe: true }),
    });
    const ticket = await ticketOf(CLOUD, number);
    expect(await windows.window(admin, ticket.id)).toMatchObject({ open: false, lastCustomerMessageAt: null, closesAt: null });
  });
});
