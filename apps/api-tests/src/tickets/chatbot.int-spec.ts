import { jest } from '@jest/globals';
import type { QueueOptionView, QueueView, TicketView, WhatsappView } from '@atrium/contracts';
import { ChatbotClock } from '@atrium/app-tickets';
import { CompanySettings } from '@atrium/kernel';
import { createPlan } from '../identity-fixtures.js';
import { eventually } from '../nats-fixtures.js';
import { connectSandboxNumber, sandboxCall, startSessionsStack, type SessionsStack } from '../sessions/sessions-fixtures.js';
import { socketOf, type SocketRecorder } from '../socket-client.js';
import { startStackService } from '../stack.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { InboundPublisher } from './inbound-publisher.js';
import { createQueue, ownerQuery, ticketAppears } from './tickets-fixtures.js';

const MENU_NUMBER = '5511972200001';
const LIMIT_NUMBER = '5511972200002';
const ONE_QUEUE_NUMBER = '5511972200003';
const NO_QUEUE_NUMBER = '5511972200004';

type SandboxMessage = { id: string; body: string };

const MENU = 'Olá! Escolha um departamento:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte';
const SALES_MENU = 'Bem-vindo às Vendas\n\n*[ 1 ]* - Planos\n*[ 2 ]* - Falar com vendedor\n\n*[ # ]* - Voltar ao Menu Principal';
const PLANS_MENU = 'Nossos planos:\n\n*[ 1 ]* - Básico\n*[ 2 ]* - Pro\n\n*[ 0 ]* - Voltar\n*[ # ]* - Voltar ao Menu Principal';
const PRO = 'Plano Pro: R$ 20\n\n*[ 0 ]* - Voltar\n*[ # ]* - Voltar ao Menu Principal';

/** A Monday in the platform's time zone (America/Sao_Paulo, UTC-3) at HH:MM. */
const mondayAt = (time: string) => new Date(`2026-11-23T${time}:00-03:00`);
const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const hours = (start: string, end: string) => WEEK.map((weekdayEn) => ({ weekday: weekdayEn, weekdayEn, startTime: start, endTime: end }));

/**
 * The automaton (issue 11) with the real sessions service and wa-sandbox customers: the queue
 * menu, a two-level option tree (`1`, `2`, `0`, `#`), invalid replies and the menu limit, one-queue
 * and no-queue connections, a tickets service restarted mid-menu, business hours (company and
 * queue) at a time the test sets, the completion message, calls rejected, and the bot's own texts
 * never re-entering it.
 */
describe('chatbot: menus, option trees, hours and automatic messages', () => {
  jest.setTimeout(120_000);
  let env: SessionsStack;
  let tenant: Tenant;
  let socket: SocketRecorder;
  let sales: QueueView;
  let support: QueueView;
  const connections: Record<string, WhatsappView> = {};
  const clock = () => env.stack.apps.tickets!.get(ChatbotClock);

  async function connect(number: string, queueIds: number[], fields: Record<string, unknown>): Promise<WhatsappView> {
    const created = await connectSandboxNumber(env, tenant.admin, socket, tenant.companyId, number, `Conexão ${number.slice(-1)}`);
    return configure(created.id, { queueIds, ...fields });
  }

  /** Saves connection fields and waits until the tickets service knows them. */
  async function configure(id: number, fields: Record<string, unknown>): Promise<WhatsappView> {
    const saved = await tenant.admin.put<WhatsappView>(`/whatsapp/${id}`, fields);
    expect(saved.status).toBe(200);
    await eventually(async () => {
      const rows = await ownerQuery<{ automation: Record<string, unknown> | null; queue_ids: number[] }>(
        env.stack,
        'select automation, queue_ids from tickets.whatsapp_refs where id = $1',
        [id],
      );
      const automation = rows[0]?.automation;
      return (
        !!automation &&
        Object.entries(fields).every(([key, value]) => key === 'queueIds' || automation[key] === value) &&
        rows[0]!.queue_ids.length === saved.body.queueIds.length
      );
    }, 10_000);
    return saved.body;
  }

  async function option(
    queueId: number,
    parentId: number | null,
    option: number,
    title: string,
    message: string,
  ): Promise<QueueOptionView> {
    const created = await tenant.admin.post<QueueOptionView>('/queue-options', { queueId, parentId, option, title, message });
    expect(created.status).toBe(201);
    return created.body;
  }

  beforeAll(async () => {
    env = await startSessionsStack({ services: ['identity', 'sessions', 'tickets'], env: { INACTIVITY_SWEEP_MS: '300' } });
    const plan = await createPlan(await superAdmin(env.stack), { connections: 5, queues: 5 });
    tenant = await signUpTenant(env.stack, plan.id);
    socket = await socketOf(env.stack, tenant.admin);
    sales = await createQueue(tenant, 'Vendas');
    support = await createQueue(tenant, 'Suporte');
    expect((await tenant.admin.put(`/queue/${sales.id}`, { greetingMessage: 'Bem-vindo às Vendas' })).status).toBe(200);
    expect(
      (
        await tenant.admin.put(`/queue/${support.id}`, {
          greetingMessage: 'Suporte aqui',
          outOfHoursMessage: 'O suporte está fechado agora.',
        })
      ).status,
    ).toBe(200);
    const plans = await option(sales.id, null, 1, 'Planos', 'Nossos planos:');
    await option(sales.id, null, 2, 'Falar com vendedor', 'Aguarde um vendedor.');
    await option(sales.id, plans.id, 1, 'Básico', 'Plano Básico: R$ 10');
    await option(sales.id, plans.id, 2, 'Pro', 'Plano Pro: R$ 20');
    connections.menu = await connect(MENU_NUMBER, [sales.id, support.id], {
      greetingMessage: 'Olá! Escolha um departamento:',
      complationMessage: 'Atendimento encerrado, {{firstName}}. Até logo!',
    });
    connections.limit = await connect(LIMIT_NUMBER, [sales.id, support.id], { greetingMessage: 'Escolha:', maxUseBotQueues: 2 });
    connections.oneQueue = await connect(ONE_QUEUE_NUMBER, [support.id], { greetingMessage: 'Olá, aqui é o suporte.' });
    connections.noQueue = await connect(NO_QUEUE_NUMBER, [], {
      greetingMessage: 'Olá! Já vamos te atender.',
      outOfHoursMessage: 'Estamos fechados.',
    });
  }, 180_000);
  afterAll(async () => {
    socket?.close();
    await env.stop();
    await (await InboundPublisher.open(env.stack.env)).close();
  });

  let customers = 0;
  const aCustomer = () => `55119873000${String(++customers).padStart(2, '0')}`;
  const says = (customer: string, business: string, body: string) =>
    sandboxCall<{ id: string }>(env.sandbox, 'POST', '/messages', { from: customer, to: business, pushName: 'Maria Cliente', body });
  const inbox = async (customer: string) =>
    (await sandboxCall<SandboxMessage[]>(env.sandbox, 'GET', `/messages?customer=${customer}`)).body.map((m) => m.body);

  /** Sends, then waits until the customer has received `total` messages in all; answers them. */
  async function exchange(customer: string, business: string, body: string, total: number): Promise<string[]> {
    await says(customer, business, body);
    await eventually(async () => (await inbox(customer)).length >= total, 30_000, 100);
    return inbox(customer);
  }

  const ticketOf = (customer: string) => ticketAppears(tenant.admin, (t) => t.contact.number === customer);
  const quiet = () => new Promise((resolve) => setTimeout(resolve, 1_000));

  it('walks the queue menu and a two-level option tree: 1, 1, 2, 0, #, and an invalid reply repeats the menu', async () => {
    const customer = aCustomer();
    expect(await exchange(customer, MENU_NUMBER, 'oi', 1)).toEqual([MENU]);
    expect(await ticketOf(customer)).toMatchObject({ status: 'pending', queueId: null, chatbot: true });
    expect((await exchange(customer, MENU_NUMBER, '1', 2)).slice(1)).toEqual([SALES_MENU]);
    expect((await ticketOf(customer)).queueId).toBe(sales.id);
    expect((await exchange(customer, MENU_NUMBER, '1', 3)).slice(2)).toEqual([PLANS_MENU]);
    expect((await exchange(customer, MENU_NUMBER, '2', 4)).slice(3)).toEqual([PRO]);
    expect((await exchange(customer, MENU_NUMBER, '0', 5)).slice(4)).toEqual([PLANS_MENU]);
    expect((await exchange(customer, MENU_NUMBER, 'banana', 6)).slice(5)).toEqual([PLANS_MENU]);
    expect((await exchange(customer, MENU_NUMBER, '#', 7)).slice(6)).toEqual([MENU]);
    expect((await exchange(customer, MENU_NUMBER, '2', 8)).slice(7)).toEqual(['Suporte aqui']);
    const ticket = await ticketOf(customer);
    expect(ticket).toMatchObject({ queueId: support.id, chatbot: false, status: 'pending' });
    // the bot is done: further messages wait for an agent, unanswered
    await says(customer, MENU_NUMBER, 'alguém aí?');
    await quiet();
    expect(await inbox(customer)).toHaveLength(8);
    // the bot's texts are stored as ours, the customer's as theirs, in order
    const page = (await tenant.admin.get<{ messages: Array<{ body: string; fromMe: boolean }> }>(`/messages/${ticket.id}?markRead=false`))
      .body;
    expect(page.messages.filter((m) => m.fromMe).map((m) => m.body)).toEqual([
      MENU,
      SALES_MENU,
      PLANS_MENU,
      PRO,
      PLANS_MENU,
      PLANS_MENU,
      MENU,
      'Suporte aqui',
    ]);
  });

  it('repeats the queue menu at most maxUseBotQueues times, then stays silent', async () => {
    const customer = aCustomer();
    const menu = 'Escolha:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte';
    await exchange(customer, LIMIT_NUMBER, 'oi', 1);
    await exchange(customer, LIMIT_NUMBER, 'x', 2);
    expect(await exchange(customer, LIMIT_NUMBER, '9', 3)).toEqual([menu, menu, menu]);
    await says(customer, LIMIT_NUMBER, 'y');
    await says(customer, LIMIT_NUMBER, '1');
    await quiet();
    expect(await inbox(customer)).toHaveLength(3);
    expect(await ticketOf(customer)).toMatchObject({ status: 'pending', queueId: null, chatbot: false });
  });

  it('one queue: assigned at once, the connection’s greeting then the queue’s; no queue: the greeting once', async () => {
    const one = aCustomer();
    expect(await exchange(one, ONE_QUEUE_NUMBER, 'bom dia', 2)).toEqual(['Olá, aqui é o suporte.', 'Suporte aqui']);
    expect(await ticketOf(one)).toMatchObject({ queueId: support.id, status: 'pending' });
    const none = aCustomer();
    expect(await exchange(none, NO_QUEUE_NUMBER, 'bom dia', 1)).toEqual(['Olá! Já vamos te atender.']);
    await says(none, NO_QUEUE_NUMBER, 'oi?');
    await quiet();
    expect(await inbox(none)).toEqual(['Olá! Já vamos te atender.']);
  });

  it('a tickets service restarted in the middle of a menu continues the same conversation', async () => {
    const customer = aCustomer();
    await exchange(customer, MENU_NUMBER, 'oi', 1);
    await exchange(customer, MENU_NUMBER, '1', 2);
    await env.stack.apps.tickets!.close();
    await says(customer, MENU_NUMBER, '1'); // arrives while tickets is down: kept on the INBOUND stream
    env.stack.apps.tickets = await startStackService('tickets', env.stack.env);
    await eventually(async () => (await inbox(customer)).length >= 3, 20_000, 100);
    expect(await exchange(customer, MENU_NUMBER, '1', 4)).toEqual([
      MENU,
      SALES_MENU,
      PLANS_MENU,
      'Plano Básico: R$ 10\n\n*[ 0 ]* - Voltar\n*[ # ]* - Voltar ao Menu Principal',
    ]);
  });

  it('resolving sends the connection’s completion message; the agent’s own “#” is not a customer choice', async () => {
    const customer = aCustomer();
    await exchange(customer, MENU_NUMBER, 'oi', 1);
    const ticket = await ticketOf(customer);
    const sent = await tenant.admin.post(`/messages/${ticket.id}`, { body: '#' });
    expect(sent.status).toBe(201);
    await quiet();
    expect(await inbox(customer)).toEqual([MENU, '#']);
    expect((await tenant.admin.put<TicketView>(`/tickets/${ticket.id}`, { status: 'closed' })).status).toBe(200);
    await eventually(async () => (await inbox(customer)).includes('Atendimento encerrado, Maria. Até logo!'), 10_000);
  });

  it('calls are rejected when disabled, the customer is told, and the call stays in the conversation', async () => {
    expect((await tenant.admin.put('/settings/call', { value: 'disabled' })).status).toBe(200);
    const customer = aCustomer();
    const call = await sandboxCall<{ id: string }>(env.sandbox, 'POST', '/calls', { from: customer, to: NO_QUEUE_NUMBER });
    await eventually(
      async () => (await sandboxCall<{ rejected: boolean }>(env.sandbox, 'GET', `/calls/${call.body.id}`)).body.rejected,
      10_000,
    );
    await eventually(
      async () => (await inbox(customer)).some((body) => body.includes('chamadas de voz e vídeo estão desabilitadas')),
      10_000,
    );
    const ticket = await ticketOf(customer);
    const page = (await tenant.admin.get<{ messages: Array<{ mediaType: string }> }>(`/messages/${ticket.id}?markRead=false`)).body;
    expect(page.messages.map((m) => m.mediaType)).toContain('call_log');
    // the notice follows the company's language (setting `language`)
    const noticeIn = async (language: string, text: string) => {
      expect((await tenant.admin.put('/settings/language', { value: language })).status).toBe(200);
      // the tickets service drops its copy of the settings on identity's event
      await eventually(async () => (await env.stack.apps.tickets!.get(CompanySettings).of(tenant.companyId)).language === language, 10_000);
      const caller = aCustomer();
      await sandboxCall(env.sandbox, 'POST', '/calls', { from: caller, to: NO_QUEUE_NUMBER });
      await eventually(async () => (await inbox(caller)).length > 0, 10_000);
      expect(await inbox(caller)).toEqual([text]);
    };
    await noticeIn(
      'en',
      '*Automatic message:*\nVoice and video calls are disabled for this WhatsApp, please send a text message. Thank you!',
    );
    await noticeIn(
      'es',
      '*Mensaje automático:*\nLas llamadas de voz y video están deshabilitadas para este WhatsApp, por favor envíe un mensaje de texto. ¡Gracias!',
    );
    expect((await tenant.admin.put('/settings/language', { value: 'fr' })).body).toMatchObject({ error: 'ERR_INVALID_SETTING_VALUE' });
    expect((await tenant.admin.put('/settings/language', { value: 'pt' })).status).toBe(200);
    expect((await tenant.admin.put('/settings/call', { value: 'enabled' })).status).toBe(200);
  });

  it('out of the company’s hours: the out-of-hours message once per 30 minutes, no menu; open again: the menu', async () => {
    expect((await tenant.admin.put(`/companies/${tenant.companyId}/schedules`, { schedules: hours('08:00', '18:00') })).status).toBe(200);
    expect((await tenant.admin.put('/settings/scheduleType', { value: 'company' })).status).toBe(200);
    try {
      clock().set(mondayAt('20:00'));
      const customer = aCustomer();
      expect(await exchange(customer, NO_QUEUE_NUMBER, 'oi', 1)).toEqual(['Estamos fechados.']);
      await says(customer, NO_QUEUE_NUMBER, 'alô');
      await quiet();
      expect(await inbox(customer)).toHaveLength(1);
      clock().set(mondayAt('20:31'));
      expect(await exchange(customer, NO_QUEUE_NUMBER, 'ainda fechado?', 2)).toEqual(['Estamos fechados.', 'Estamos fechados.']);
      clock().set(mondayAt('10:00'));
      expect(await exchange(customer, NO_QUEUE_NUMBER, 'e agora?', 3)).toEqual([
        'Estamos fechados.',
        'Estamos fechados.',
        'Olá! Já vamos te atender.',
      ]);
      expect(await ticketOf(customer)).toMatchObject({ status: 'pending' });
    } finally {
      clock().set(undefined);
      await tenant.admin.put('/settings/scheduleType', { value: 'disabled' });
    }
  });

  it('out of the queue’s hours (scheduleType queue): the queue’s out-of-hours message', async () => {
    expect((await tenant.admin.put(`/queue/${support.id}`, { schedules: hours('09:00', '12:00') })).status).toBe(200);
    expect((await tenant.admin.put('/settings/scheduleType', { value: 'queue' })).status).toBe(200);
    try {
      clock().set(mondayAt('15:00'));
      const customer = aCustomer();
      // the one-queue connection's tickets are in Suporte from the first message: closed, so no greeting
      expect(await exchange(customer, ONE_QUEUE_NUMBER, 'oi', 1)).toEqual(['O suporte está fechado agora.']);
      clock().set(mondayAt('10:00'));
      expect(await exchange(customer, ONE_QUEUE_NUMBER, 'e agora?', 3)).toEqual([
        'O suporte está fechado agora.',
        'Olá, aqui é o suporte.',
        'Suporte aqui',
      ]);
    } finally {
      clock().set(undefined);
      await tenant.admin.put('/settings/scheduleType', { value: 'disabled' });
    }
  });

  it('a conversation that starts while every queue of the menu is closed is answered at its first message, not after a choice', async () => {
    await configure(connections.menu!.id, { outOfHoursMessage: 'Fora do horário: voltamos às 9h.' });
    for (const queue of [sales, support])
      expect((await tenant.admin.put(`/queue/${queue.id}`, { schedules: hours('09:00', '12:00') })).status).toBe(200);
    expect((await tenant.admin.put('/settings/scheduleType', { value: 'queue' })).status).toBe(200);
    try {
      clock().set(mondayAt('15:00'));
      const customer = aCustomer();
      expect(await exchange(customer, MENU_NUMBER, 'oi', 1)).toEqual(['Fora do horário: voltamos às 9h.']);
      clock().set(mondayAt('10:00'));
      expect(await exchange(customer, MENU_NUMBER, 'bom dia', 2)).toEqual(['Fora do horário: voltamos às 9h.', MENU]);
    } finally {
      clock().set(undefined);
      await tenant.admin.put('/settings/scheduleType', { value: 'disabled' });
    }
  });

  it('reads the hours in the company’s time zone (setting timezone, the platform’s by default)', async () => {
    const settings = await tenant.admin.get<Array<{ key: string; value: string }>>('/settings');
    expect(settings.body.find((setting) => setting.key === 'timezone')).toEqual({ key: 'timezone', value: 'America/Sao_Paulo' });
    expect((await tenant.admin.put('/settings/timezone', { value: 'Mars/Olympus_Mons' })).body).toMatchObject({
      error: 'ERR_INVALID_SETTING_VALUE',
    });
    expect((await tenant.admin.put(`/companies/${tenant.companyId}/schedules`, { schedules: hours('08:00', '18:00') })).status).toBe(200);
    expect((await tenant.admin.put('/settings/scheduleType', { value: 'company' })).status).toBe(200);
    try {
      // Monday 20:00 in São Paulo is Tuesday 08:00 in Tokyo
      clock().set(mondayAt('20:00'));
      expect(await exchange(aCustomer(), NO_QUEUE_NUMBER, 'oi', 1)).toEqual(['Estamos fechados.']);
      expect((await tenant.admin.put('/settings/timezone', { value: 'Asia/Tokyo' })).body).toEqual({
        key: 'timezone',
        value: 'Asia/Tokyo',
      });
      await eventually(
        async () => (await env.stack.apps.tickets!.get(CompanySettings).of(tenant.companyId)).timezone === 'Asia/Tokyo',
        10_000,
      );
      // the message variables tell the company's time too
      await configure(connections.noQueue!.id, { greetingMessage: 'Olá! São {{hora}} aqui.' });
      expect(await exchange(aCustomer(), NO_QUEUE_NUMBER, 'oi', 1)).toEqual(['Olá! São 08:00:00 aqui.']);
    } finally {
      await configure(connections.noQueue!.id, { greetingMessage: 'Olá! Já vamos te atender.' });
      clock().set(undefined);
      await tenant.admin.put('/settings/timezone', { value: 'America/Sao_Paulo' });
      await tenant.admin.put('/settings/scheduleType', { value: 'disabled' });
    }
  });

  it('ratings: resolving asks for a rating; 1-3 is stored and answered with the completion message; anything else is a new conversation', async () => {
    await configure(connections.noQueue!.id, { ratingMessage: 'Avalie nosso atendimento:', complationMessage: 'Obrigado, {{firstName}}!' });
    expect((await tenant.admin.put('/settings/userRating', { value: 'enabled' })).status).toBe(200);
    const request = 'Avalie nosso atendimento:\n\n*[ 1 ]* - Insatisfeito\n*[ 2 ]* - Satisfeito\n*[ 3 ]* - Muito Satisfeito';
    try {
      const happy = aCustomer();
      await exchange(happy, NO_QUEUE_NUMBER, 'oi', 1);
      const ticket = await ticketOf(happy);
      expect((await tenant.admin.put(`/tickets/${ticket.id}`, { status: 'open' })).status).toBe(200);
      expect((await tenant.admin.put<TicketView>(`/tickets/${ticket.id}`, { status: 'closed' })).body.status).toBe('closed');
      await eventually(async () => (await inbox(happy)).includes(request), 10_000);
      expect(await exchange(happy, NO_QUEUE_NUMBER, '3', 3)).toEqual(['Olá! Já vamos te atender.', request, 'Obrigado, Maria!']);
      const ratings = await ownerQuery<{ ticket_id: number; user_id: number; rate: number; company_id: number }>(
        env.stack,
        'select ticket_id, user_id, rate, company_id from tickets.user_ratings where ticket_id = $1',
        [ticket.id],
      );
      expect(ratings).toEqual([{ ticket_id: ticket.id, user_id: tenant.adminSession.user.id, rate: 3, company_id: tenant.companyId }]);
      // the answer joined the rated ticket; no new conversation was opened
      const mine = await ownerQuery<{ id: number; status: string }>(
        env.stack,
        'select t.id, t.status from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.number = $1',
        [happy],
      );
      expect(mine).toEqual([{ id: ticket.id, status: 'closed' }]);

      const other = aCustomer();
      await exchange(other, NO_QUEUE_NUMBER, 'oi', 1);
      const first = await ticketOf(other);
      await tenant.admin.put(`/tickets/${first.id}`, { status: 'open' });
      await tenant.admin.put(`/tickets/${first.id}`, { status: 'closed' });
      await eventually(async () => (await inbox(other)).includes(request), 10_000);
      // not a rating: kept as a new conversation, greeted like any
      expect(await exchange(other, NO_QUEUE_NUMBER, 'quero outra coisa', 3)).toEqual([
        'Olá! Já vamos te atender.',
        request,
        'Olá! Já vamos te atender.',
      ]);
      const next = await ticketAppears(tenant.admin, (t) => t.contact.number === other && t.status === 'pending');
      expect(next.id).not.toBe(first.id);
      expect(next.lastMessage).toBe('Olá! Já vamos te atender.');
      expect(await ownerQuery(env.stack, 'select 1 from tickets.user_ratings where ticket_id = $1', [first.id])).toEqual([]);
    } finally {
      await tenant.admin.put('/settings/userRating', { value: 'disabled' });
    }
  });

  it('inactivity: an open ticket whose last message is ours, unanswered for expiresTicket minutes, is closed with the inactivity message', async () => {
    await configure(connections.limit!.id, { expiresTicket: 5, expiresInactiveMessage: 'Encerramos por falta de resposta.' });
    const silent = aCustomer();
    const talkative = aCustomer();
    for (const customer of [silent, talkative]) {
      await exchange(customer, LIMIT_NUMBER, 'oi', 1);
      const ticket = await ticketOf(customer);
      expect((await tenant.admin.put(`/tickets/${ticket.id}`, { status: 'open' })).status).toBe(200);
      expect((await tenant.admin.post(`/messages/${ticket.id}`, { body: 'Posso ajudar?' })).status).toBe(201);
    }
    const talking = await ticketOf(talkative);
    await says(talkative, LIMIT_NUMBER, 'sim, um momento');
    await eventually(
      async () => (await tenant.admin.get<TicketView>(`/tickets/${talking.id}`)).body.lastMessage === 'sim, um momento',
      10_000,
    );
    try {
      clock().set(new Date(Date.now() + 4 * 60_000));
      await quiet();
      expect((await ticketOf(silent)).status).toBe('open');
      clock().set(new Date(Date.now() + 6 * 60_000));
      await eventually(async () => (await inbox(silent)).includes('Encerramos por falta de resposta.'), 10_000);
      expect(await ticketAppears(tenant.admin, (t) => t.contact.number === silent && t.status === 'closed')).toBeTruthy();
      expect((await tenant.admin.get<TicketView>(`/tickets/${talking.id}`)).body.status).toBe('open');
    } finally {
      clock().set(undefined);
    }
  });
});
