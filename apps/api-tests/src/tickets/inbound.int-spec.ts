import type { INestApplication } from '@nestjs/common';
import type {
  AppMessageEventPayload,
  ContactEventPayload,
  ContactView,
  MessagesPageView,
  TicketEventPayload,
  TicketsPageView,
  TicketView,
} from '@atrium/contracts';
import { loadConfig } from '@atrium/config';
import { startService } from '@atrium/service-kit';
import { TicketsAppModule, TicketsConfig } from '@atrium/app-tickets';
import { eventually, NatsFixture } from '../nats-fixtures.js';
import { socketOf, type SocketRecorder } from '../socket-client.js';
import { startStack, type Stack } from '../stack.js';
import { signUpTenant, type Tenant } from '../tenants.js';
import { aNumber, customerText, InboundPublisher } from './inbound-publisher.js';
import { announceConnection, ownerQuery } from './tickets-fixtures.js';

const WHATSAPP_ID = 9101;

describe('inbound stream → contacts, tickets and messages', () => {
  let stack: Stack;
  let tenant: Tenant;
  let publisher: InboundPublisher;
  let socket: SocketRecorder;
  let secondTickets: INestApplication | undefined;

  beforeAll(async () => {
    stack = await startStack({ services: ['identity', 'tickets'] });
    tenant = await signUpTenant(stack);
    await announceConnection(stack, tenant, { id: WHATSAPP_ID, name: 'Vendas' });
    publisher = await InboundPublisher.open(stack.env);
    socket = await socketOf(stack, tenant.admin);
  });
  afterAll(async () => {
    socket.close();
    await secondTickets?.close();
    await stack.stop();
    await publisher.close();
  });

  const send = (number: string, body: string, overrides: Parameters<typeof customerText>[2] = {}) =>
    publisher.publish(tenant.companyId, WHATSAPP_ID, { type: 'message', message: customerText(number, body, overrides) });

  async function ticketOf(number: string, status?: string): Promise<TicketView> {
    let found: TicketView | undefined;
    await eventually(async () => {
      const page = await tenant.admin.get<TicketsPageView>(
        `/tickets?showAll=true&searchParam=${number}${status ? `&status=${status}` : ''}`,
      );
      found = page.body.tickets.find((t) => t.contact.number === number && (!status || t.status === status));
      return found !== undefined;
    }, 10_000);
    return found!;
  }

  const messagesOf = async (ticketId: number) => (await tenant.admin.get<MessagesPageView>(`/messages/${ticketId}`)).body;

  it('turns a new customer’s message into a contact, a pending ticket and its message, announced live', async () => {
    const number = aNumber();
    const { event } = await send(number, 'Olá, preciso de ajuda', { from: { number, lid: null, name: 'Joana Prado' } });
    const created = await socket.next<AppMessageEventPayload>(`company-${tenant.companyId}-appMessage`, 10_000);
    expect(created).toMatchObject({
      action: 'create',
      message: {
        body: 'Olá, preciso de ajuda',
        fromMe: false,
        mediaType: 'chat',
        ack: 0,
        read: false,
        wid: event.type === 'message' ? event.message.id : '',
      },
      ticket: {
        status: 'pending',
        unreadMessages: 1,
        lastMessage: 'Olá, preciso de ajuda',
        whatsapp: { id: WHATSAPP_ID, name: 'Vendas' },
        queueId: null,
      },
      contact: { name: 'Joana Prado', number },
    });
    const contactEvent = await socket.next<ContactEventPayload>(`company-${tenant.companyId}-contact`);
    // the contact's source connection, named (spec 000 "Contact")
    expect(contactEvent).toMatchObject({
      action: 'create',
      contact: { number, name: 'Joana Prado', whatsapp: { id: WHATSAPP_ID, name: 'Vendas' } },
    });
    const ticketEvent = await socket.next<TicketEventPayload>(`company-${tenant.companyId}-ticket`);
    expect(ticketEvent).toMatchObject({ action: 'update', ticket: { id: created.ticket.id, status: 'pending' } });

    const ticket = await ticketOf(number);
    expect(ticket).toMatchObject({
      id: created.ticket.id,
      contact: { name: 'Joana Prado', whatsapp: { id: WHATSAPP_ID, name: 'Vendas' } },
      unreadMessages: 1,
    });
    const whatsapp = { id: WHATSAPP_ID, name: 'Vendas' };
    expect((await tenant.admin.get<ContactView>(`/contacts/${ticket.contactId}`)).body).toMatchObject({
      number,
      whatsappId: WHATSAPP_ID,
      whatsapp,
    });
    expect((await tenant.admin.get<{ contacts: ContactView[] }>(`/contacts?searchParam=${number}`)).body.contacts).toMatchObject([
      { id: ticket.contactId, whatsapp },
    ]);
    expect((await tenant.admin.get<ContactView[]>('/contacts/list?name=Joana')).body).toMatchObject([{ id: ticket.contactId, whatsapp }]);
  });

  it('adds the next messages to the open or pending ticket, counting unread ones', async () => {
    const number = aNumber();
    await send(number, 'primeira');
    const ticket = await ticketOf(number);
    await send(number, 'segunda');
    await send(number, 'terceira');
    await eventually(async () => (await ticketOf(number)).unreadMessages === 3);
    expect((await ticketOf(number)).lastMessage).toBe('terceira');
    const page = await messagesOf(ticket.id);
    expect(page.messages.map((m) => m.body)).toEqual(['primeira', 'segunda', 'terceira']);
    expect(page.messages.every((m) => m.ticketId === ticket.id)).toBe(true);
  });

  it('links a customer’s reply to the message it quotes', async () => {
    const number = aNumber();
    const { event } = await send(number, 'pergunta');
    const original = event.type === 'message' ? event.message.id : '';
    await send(number, 'resposta', { quotedId: original });
    let reply: AppMessageEventPayload | undefined;
    await eventually(async () => {
      reply = socket.received.map((r) => r.payload as AppMessageEventPayload).find((p) => p?.message?.body === 'resposta');
      return reply !== undefined;
    });
    expect(reply!.message.quotedMsg).toMatchObject({ body: 'pergunta', fromMe: false, contact: { name: `Customer ${number.slice(-4)}` } });
    const page = await messagesOf(reply!.ticket.id);
    expect(page.messages[1]).toMatchObject({ body: 'resposta', quotedMsg: { id: page.messages[0]!.id, body: 'pergunta' } });
  });

  it('stores a redelivered message once and does not count it twice', async () => {
    const number = aNumber();
    const message = customerText(number, 'uma vez só');
    const first = await publisher.publish(tenant.companyId, WHATSAPP_ID, { type: 'message', message });
    const ticket = await ticketOf(number);
    // inside the duplicate window JetStream drops the same id
    expect((await publisher.publish(tenant.companyId, WHATSAPP_ID, { type: 'message', message })).duplicate).toBe(true);
    // after it (or on a redelivery to the consumer) the tickets service meets the unique channel id
    await publisher.republish(first.event);
    await publisher.republish(first.event);
    await send(number, 'marcador');
    await eventually(async () => (await ticketOf(number)).lastMessage === 'marcador');
    // the two copies were handled before the marker (one chat's events keep their order)
    expect((await ticketOf(number)).unreadMessages).toBe(2);
    expect((await messagesOf(ticket.id)).messages.map((m) => m.body)).toEqual(['uma vez só', 'marcador']);
  });

  it('makes ONE ticket of two messages of a new customer handled at once by two consumers', async () => {
    const config = loadConfig(TicketsConfig, stack.env);
    secondTickets = await startService({ service: 'tickets', config, module: TicketsAppModule.forRoot(config) });
    const customers = Array.from({ length: 25 }, () => aNumber());
    await Promise.all(customers.flatMap((number) => [send(number, `a ${number}`), send(number, `b ${number}`)]));
    await eventually(async () => {
      const rows = await ownerQuery(
        stack,
        `select count(*)::int as n from tickets.messages m join tickets.contacts c on c.id = m.contact_id where c.number = any($1)`,
        [customers],
      );
      return rows[0]!.n === customers.length * 2;
    }, 20_000);
    const tickets = await ownerQuery<{ number: string; n: number }>(
      stack,
      `select c.number, count(distinct t.id)::int as n from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.number = any($1) group by c.number`,
      [customers],
    );
    expect(tickets).toHaveLength(customers.length);
    expect(tickets.every((row) => row.n === 1)).toBe(true);
    const contacts = await ownerQuery(stack, 'select count(*)::int as n from tickets.contacts where number = any($1)', [customers]);
    expect(contacts[0]!.n).toBe(customers.length);
    await secondTickets.close();
    secondTickets = undefined;
  });

  it('gives a closed ticket’s customer who writes again a new pending ticket', async () => {
    const number = aNumber();
    await send(number, 'antes');
    const first = await ticketOf(number);
    expect((await tenant.admin.put<TicketView>(`/tickets/${first.id}`, { status: 'closed' })).body.status).toBe('closed');
    await send(number, 'depois');
    const second = await ticketOf(number, 'pending');
    expect(second.id).not.toBe(first.id);
    expect(second.contactId).toBe(first.contactId);
    // the conversation shows both tickets, so the client can mark where one ended and the other began
    const page = await messagesOf(second.id);
    expect(page.messages.map((m) => [m.body, m.ticketId])).toEqual([
      ['antes', first.id],
      ['depois', second.id],
    ]);
  });

  it('knows a customer by lid and by number as one contact', async () => {
    const number = aNumber();
    const lid = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    await send(number, 'pelo número', { chat: { id: `${lid}@lid`, isGroup: false, name: null }, from: { number: null, lid, name: 'Lia' } });
    await eventually(async () => (await ownerQuery(stack, 'select 1 from tickets.contacts where lid = $1', [lid])).length === 1);
    await send(number, 'agora com número', { chat: { id: number, isGroup: false, name: null }, from: { number, lid, name: 'Lia' } });
    // the contact learnt its number: announced live to the lists showing it
    const learnt = await socket.nextWhere<ContactEventPayload>(
      `company-${tenant.companyId}-contact`,
      (p) => p.action === 'update' && p.contact.lid === lid,
    );
    expect(learnt).toMatchObject({ action: 'update', contact: { number, lid, name: 'Lia' } });
    const ticket = await ticketOf(number);
    expect(ticket.contact).toMatchObject({ number, lid, name: 'Lia' });
    expect((await messagesOf(ticket.id)).messages.map((m) => m.body)).toEqual(['pelo número', 'agora com número']);
    expect(await ownerQuery(stack, 'select id from tickets.contacts where lid = $1 or number = $2', [lid, number])).toHaveLength(1);
  });

  it('updates stored messages from acks, edits and revokes, live; an ack that arrives first waits for its message', async () => {
    const number = aNumber();
    const wid = `OUT${Date.now()}`;
    // the ack is published before the message it acknowledges: it is retried until the message is stored
    await publisher.publish(tenant.companyId, WHATSAPP_ID, { type: 'ack', messageId: wid, chatId: number, ack: 2 });
    await send(number, 'oi');
    const ticket = await ticketOf(number);
    await publisher.publish(tenant.companyId, WHATSAPP_ID, {
      type: 'message',
      message: customerText(number, 'enviada do celular', {
        id: wid,
        fromMe: true,
        from: { number: '5511900000000', lid: null, name: null },
      }),
    });
    await eventually(async () => (await messagesOf(ticket.id)).messages.find((m) => m.wid === wid)?.ack === 2, 10_000);
    const mine = (await messagesOf(ticket.id)).messages.find((m) => m.wid === wid)!;
    expect(mine).toMatchObject({ fromMe: true, body: 'enviada do celular' });

    await publisher.publish(tenant.companyId, WHATSAPP_ID, { type: 'ack', messageId: wid, chatId: number, ack: 3 });
    await publisher.publish(tenant.companyId, WHATSAPP_ID, { type: 'ack', messageId: wid, chatId: number, ack: 2 });
    const customer = (await messagesOf(ticket.id)).messages.find((m) => m.body === 'oi')!;
    await publisher.publish(tenant.companyId, WHATSAPP_ID, {
      type: 'edit',
      messageId: customer.wid!,
      chatId: number,
      body: 'oi, corrigido',
      editedAt: Date.now(),
    });
    await publisher.publish(tenant.companyId, WHATSAPP_ID, { type: 'revoke', messageId: customer.wid!, chatId: number });
    await eventually(async () => {
      const messages = (await messagesOf(ticket.id)).messages;
      const edited = messages.find((m) => m.id === customer.id)!;
      return edited.isEdited && edited.isDeleted && edited.body === 'oi, corrigido' && messages.find((m) => m.wid === wid)!.ack === 3;
    });
    const updates: AppMessageEventPayload[] = [];
    await eventually(async () => {
      updates.push(
        ...socket.received
          .filter((r) => r.event === `company-${tenant.companyId}-appMessage`)
          .map((r) => r.payload as AppMessageEventPayload),
      );
      return updates.some((u) => u.action === 'update' && u.message.id === customer.id && u.message.isDeleted);
    });
  });

  it('records a customer’s call as a call_log message of their ticket', async () => {
    const number = aNumber();
    const call = {
      id: `CALL${Date.now()}`,
      chatId: number,
      from: { number, lid: null, name: 'Caio' },
      isVideo: false,
      timestamp: Date.now(),
    };
    await publisher.publish(tenant.companyId, WHATSAPP_ID, { type: 'call', call: { ...call, status: 'offer' } });
    const ticket = await ticketOf(number);
    await publisher.publish(tenant.companyId, WHATSAPP_ID, { type: 'call', call: { ...call, status: 'missed' } });
    await eventually(async () => {
      const messages = (await messagesOf(ticket.id)).messages;
      return messages.length === 1 && messages[0]!.mediaType === 'call_log' && messages[0]!.body.startsWith('Chamada de voz perdida às ');
    });
  });

  it('ignores group messages while the company ignores groups (CheckMsgIsGroup, the default)', async () => {
    const group = `120363${Date.now()}`;
    const number = aNumber();
    await publisher.publish(tenant.companyId, WHATSAPP_ID, {
      type: 'message',
      message: customerText(number, 'no grupo', { chat: { id: `${group}@g.us`, isGroup: true, name: 'Grupo' } }),
    });
    await send(number, 'direto');
    await ticketOf(number);
    expect(await ownerQuery(stack, 'select 1 from tickets.contacts where number = $1', [group])).toHaveLength(0);
  });

  it('stores a group’s messages on the group’s ticket, each participant their own contact, once the company takes groups', async () => {
    expect((await tenant.admin.put('/settings/CheckMsgIsGroup', { value: 'disabled' })).status).toBe(200);
    const group = `120363${Date.now()}`;
    const chat = { id: `${group}@g.us`, isGroup: true, name: 'Equipe' };
    const [ana, bia] = [aNumber(), aNumber()];
    // the settings event reaches the tickets service apart from the stream: until it has, the same message again
    const { event } = await send(ana!, 'oi do grupo', { chat, from: { number: ana!, lid: null, name: 'Ana' } });
    await eventually(async () => {
      if ((await ownerQuery(stack, 'select 1 from tickets.contacts where number = $1', [group])).length > 0) return true;
      await publisher.republish(event);
      return false;
    }, 10_000);
    await send(bia!, 'oi também', { chat, from: { number: bia!, lid: null, name: 'Bia' } });
    await eventually(async () => (await ownerQuery(stack, `select 1 from tickets.messages where body = 'oi também'`)).length === 1);
    const rows = await ownerQuery<{ author: string; name: string; ticket_contact: string; is_group: boolean }>(
      stack,
      `select a.number as author, a.name, c.number as ticket_contact, t.is_group from tickets.messages m
       join tickets.contacts a on a.id = m.contact_id join tickets.tickets t on t.id = m.ticket_id join tickets.contacts c on c.id = t.contact_id
       where c.number = $1 order by m.id`,
      [group],
    );
    expect(rows.map((row) => ({ ...row }))).toEqual([
      { author: ana, name: 'Ana', ticket_contact: group, is_group: true },
      { author: bia, name: 'Bia', ticket_contact: group, is_group: true },
    ]);
    expect((await tenant.admin.put('/settings/CheckMsgIsGroup', { value: 'enabled' })).status).toBe(200);
  });

  it('stores a burst in order, and an event its transaction refuses is redelivered alone, not holding the others back', async () => {
    const customers = [aNumber(), aNumber(), aNumber()];
    const bad = customerText(customers[0]!, 'recusada', { id: `X${'9'.repeat(200)}` }); // longer than a channel id may be
    const sends: Array<Promise<unknown>> = [];
    for (let k = 1; k <= 20; k += 1) {
      for (const number of customers) sends.push(send(number, `rajada ${k}`));
      if (k === 10) sends.push(publisher.publish(tenant.companyId, WHATSAPP_ID, { type: 'message', message: bad }));
    }
    await Promise.all(sends);
    for (const number of customers) {
      // a bound for a busy machine: the batch with the refused event is stored again one event at a time
      await eventually(async () => (await ticketOf(number)).lastMessage === 'rajada 20', 45_000);
      const ticket = await ticketOf(number);
      expect(ticket.unreadMessages).toBe(20);
      expect((await messagesOf(ticket.id)).messages.map((m) => m.body)).toEqual(Array.from({ length: 20 }, (_, i) => `rajada ${i + 1}`));
    }
    expect(await ownerQuery(stack, `select 1 from tickets.messages where body = 'recusada'`)).toHaveLength(0);
  }, 120_000);

  it('drops a malformed event and goes on with the next', async () => {
    const nats = await NatsFixture.open(stack);
    try {
      nats.publishRaw(`inbound.${tenant.companyId}.${WHATSAPP_ID}`, '{not json');
      nats.publishRaw(
        `inbound.${tenant.companyId + 1}.${WHATSAPP_ID}`,
        JSON.stringify({ type: 'message', companyId: tenant.companyId, whatsappId: WHATSAPP_ID }),
      );
    } finally {
      await nats.close();
    }
    const number = aNumber();
    await send(number, 'depois do lixo');
    expect((await ticketOf(number)).lastMessage).toBe('depois do lixo');
  });
});
