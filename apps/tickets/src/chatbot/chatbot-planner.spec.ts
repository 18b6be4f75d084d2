import type { ScheduleRow } from '@atrium/contracts';
import { newPosition, type TicketBotRow } from '../tickets/ticket-bots.repository.js';
import type { TicketRow } from '../tickets/tickets.repository.js';
import { OUT_OF_HOURS_REPEAT_MS } from './business-hours.js';
import {
  NO_AUTOMATION,
  planTurn,
  type BotConnection,
  type ChatbotAction,
  type ChatbotPrepared,
  type TurnInput,
  type TurnPlan,
} from './chatbot-planner.js';
import type { BotOptionRow, BotQueueRow } from './chatbot.repository.js';

const COMPANY = 7;
// a Wednesday, 14:30 in São Paulo
const NOW = new Date('2026-03-04T17:30:00Z');
const weekdays = (start: string, end: string): ScheduleRow[] =>
  ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((weekdayEn) => ({
    weekday: weekdayEn,
    weekdayEn,
    startTime: start,
    endTime: end,
  }));

function aQueue(id: number, name: string, extra: Partial<BotQueueRow> = {}): BotQueueRow {
  return {
    id,
    name,
    greetingMessage: `Bem-vindo a ${name}`,
    outOfHoursMessage: '',
    orderQueue: null,
    promptId: null,
    integrationId: null,
    flowId: null,
    schedules: [],
    ...extra,
  };
}

const vendas = aQueue(10, 'Vendas', { orderQueue: 2 });
const suporte = aQueue(20, 'Suporte', { orderQueue: 1 });
const tree: BotOptionRow[] = [
  { id: 1, parentId: null, option: 1, title: 'Planos', message: 'Nossos planos: 100 MB' },
  { id: 2, parentId: null, option: 2, title: 'Internet', message: 'Problemas de internet:' },
  { id: 3, parentId: 2, option: 1, title: 'Sem sinal', message: 'Reinicie o modem, {{firstName}}' },
];

function aTicket(extra: Partial<TicketRow> = {}): TicketRow {
  return {
    id: 100,
    companyId: COMPANY,
    contactId: 5,
    whatsappId: 3,
    status: 'pending',
    userId: null,
    queueId: null,
    chatbot: false,
    isGroup: false,
    ...extra,
  } as TicketRow;
}

const twoQueues: BotConnection = {
  automation: {
    ...NO_AUTOMATION,
    greetingMessage: 'Olá {{firstName}}! Escolha:',
    complationMessage: 'Obrigado!',
    maxUseBotQueues: 1,
    timeUseBotQueues: 10,
  },
  queueIds: [vendas.id, suporte.id],
};
const prepared: ChatbotPrepared = { scheduleType: 'disabled', companyHours: [], timeZone: 'America/Sao_Paulo', greetOneQueue: false };

function input(extra: Partial<TurnInput> = {}): TurnInput {
  return {
    companyId: COMPANY,
    ticket: aTicket(),
    contact: { name: 'Maria Souza' },
    message: { body: 'oi' },
    state: undefined,
    ratingWait: null,
    connection: twoQueues,
    queues: new Map([vendas, suporte].map((queue) => [queue.id, queue])),
    trees: new Map([
      [suporte.id, tree],
      [vendas.id, []],
    ]),
    prepared,
    now: NOW,
    ...extra,
  };
}

const at = (change: Partial<TicketBotRow>): TicketBotRow => ({ ...newPosition(COMPANY, 100, NOW), ...change });

function actionsOf(plan: TurnPlan): ChatbotAction[] {
  if (!('actions' in plan)) throw new Error(`the planner asked for ${JSON.stringify(plan)}`);
  return plan.actions;
}

function texts(plan: TurnPlan): string[] {
  return actionsOf(plan).flatMap((action) => (action.type === 'reply' ? action.reply.texts : []));
}

function move(plan: TurnPlan) {
  return actionsOf(plan).find((action) => action.type === 'move');
}

describe('the chatbot planner', () => {
  it('greets a new conversation with the queue menu, queues in their order, the contact named', () => {
    const plan = planTurn(input());
    expect(texts(plan)).toEqual(['Olá Maria! Escolha:\n\n*[ 1 ]* - Suporte\n*[ 2 ]* - Vendas']);
    expect(move(plan)).toEqual({
      type: 'move',
      change: { stage: 'queue-menu', optionId: null, invalidReplies: 0, silentUntil: null },
    });
    expect(actionsOf(plan)).toContainEqual({ type: 'setBotFields', chatbot: true, queueId: null });
  });

  it('greets a connection without queues and is done', () => {
    const plan = planTurn(input({ connection: { ...twoQueues, queueIds: [] } }));
    expect(texts(plan)).toEqual(['Olá Maria! Escolha:']);
    expect(move(plan)).toMatchObject({ change: { stage: 'done' } });
  });

  it('enters the chosen queue and shows its option tree, asking for the tree first', () => {
    const state = at({ stage: 'queue-menu' });
    expect(planTurn(input({ state, message: { body: '1' }, trees: new Map() }))).toEqual({ needs: 'tree', queueId: suporte.id });
    const plan = planTurn(input({ state, message: { body: '1' } }));
    expect(texts(plan)).toEqual(['Bem-vindo a Suporte\n\n*[ 1 ]* - Planos\n*[ 2 ]* - Internet\n\n*[ # ]* - Voltar ao Menu Principal']);
    expect(actionsOf(plan)).toContainEqual({ type: 'setBotFields', chatbot: true, queueId: suporte.id });
    expect(move(plan)).toMatchObject({ change: { stage: 'options', optionId: null } });
  });

  it('walks down the option tree and back', () => {
    const ticket = aTicket({ queueId: suporte.id, chatbot: true });
    const down = planTurn(input({ ticket, state: at({ stage: 'options' }), message: { body: '2' } }));
    expect(texts(down)).toEqual(['Problemas de internet:\n\n*[ 1 ]* - Sem sinal\n\n*[ 0 ]* - Voltar\n*[ # ]* - Voltar ao Menu Principal']);
    expect(move(down)).toMatchObject({ change: { stage: 'options', optionId: 2 } });
    const leaf = planTurn(input({ ticket, state: at({ stage: 'options', optionId: 2 }), message: { body: '1' } }));
    expect(texts(leaf)[0]).toMatch(/^Reinicie o modem, Maria/);
    const back = planTurn(input({ ticket, state: at({ stage: 'options', optionId: 2 }), message: { body: '0' } }));
    expect(move(back)).toMatchObject({ change: { optionId: null } });
    // no change of the ticket's fields while it stays in its queue with the robot on
    expect(actionsOf(back).some((action) => action.type === 'setBotFields')).toBe(false);
  });

  it('answers an invalid option with the menu again, then goes silent for timeUseBotQueues', () => {
    const first = planTurn(input({ state: at({ stage: 'queue-menu' }), message: { body: 'quero falar' } }));
    expect(texts(first)).toHaveLength(1);
    expect(move(first)).toMatchObject({ change: { stage: 'queue-menu', invalidReplies: 1 } });
    const inMenu = aTicket({ chatbot: true });
    const second = planTurn(input({ ticket: inMenu, state: at({ stage: 'queue-menu', invalidReplies: 1 }), message: { body: '9' } }));
    expect(texts(second)).toEqual([]);
    expect(move(second)).toEqual({
      type: 'move',
      change: {
        stage: 'silent',
        optionId: null,
        invalidReplies: 2,
        silentUntil: new Date(NOW.getTime() + twoQueues.automation.timeUseBotQueues * 60_000),
      },
    });
    expect(actionsOf(second)).toContainEqual({ type: 'setBotFields', chatbot: false, queueId: null });
    // silent until then, the menu again after
    const silent = at({ stage: 'silent', silentUntil: new Date(NOW.getTime() + 1_000) });
    expect(actionsOf(planTurn(input({ state: silent })))).toEqual([]);
    const over = at({ stage: 'silent', silentUntil: new Date(NOW.getTime() - 1_000) });
    expect(move(planTurn(input({ state: over })))).toMatchObject({ change: { stage: 'queue-menu' } });
  });

  it('leaves alone a ticket with an agent, an open one, a released one and one the bot is done with', () => {
    expect(actionsOf(planTurn(input({ ticket: aTicket({ userId: 4 }) })))).toEqual([]);
    expect(actionsOf(planTurn(input({ ticket: aTicket({ status: 'open' }) })))).toEqual([]);
    expect(actionsOf(planTurn(input({ state: at({ released: true, stage: 'bot' }) })))).toEqual([]);
    expect(actionsOf(planTurn(input({ state: at({ stage: 'done' }) })))).toEqual([]);
  });

  describe('business hours', () => {
    const closedCompany: ChatbotPrepared = { ...prepared, scheduleType: 'company', companyHours: weekdays('08:00', '12:00') };
    const outOfHours = { ...twoQueues, automation: { ...twoQueues.automation, outOfHoursMessage: 'Fechado, {{name}}' } };

    it('answers out of the company hours with the notice alone, at most once per half hour', () => {
      const plan = planTurn(input({ prepared: closedCompany, connection: outOfHours }));
      expect(actionsOf(plan)).toEqual([
        { type: 'reply', reply: { companyId: COMPANY, ticketId: 100, texts: ['Fechado, Maria Souza'] } },
        { type: 'move', change: { outOfHoursAt: NOW } },
      ]);
      const recently = at({ outOfHoursAt: new Date(NOW.getTime() - OUT_OF_HOURS_REPEAT_MS + 60_000) });
      expect(actionsOf(planTurn(input({ prepared: closedCompany, connection: outOfHours, state: recently })))).toEqual([]);
      const longAgo = at({ outOfHoursAt: new Date(NOW.getTime() - OUT_OF_HOURS_REPEAT_MS) });
      expect(texts(planTurn(input({ prepared: closedCompany, connection: outOfHours, state: longAgo })))).toEqual(['Fechado, Maria Souza']);
    });

    it('shows the menus within the hours, in the company time zone', () => {
      const open = { ...prepared, scheduleType: 'company', companyHours: weekdays('14:00', '15:00') };
      expect(move(planTurn(input({ prepared: open, connection: outOfHours })))).toMatchObject({ change: { stage: 'queue-menu' } });
      const utc = { ...open, timeZone: 'UTC' }; // 17:30 there: closed
      expect(texts(planTurn(input({ prepared: utc, connection: outOfHours })))).toEqual(['Fechado, Maria Souza']);
    });

    it('by queue: a closed chosen queue answers with its own text; a menu of closed queues with the first text set', () => {
      const byQueue = { ...prepared, scheduleType: 'queue' };
      const closedSupport = aQueue(20, 'Suporte', {
        orderQueue: 1,
        schedules: weekdays('08:00', '09:00'),
        outOfHoursMessage: 'Suporte fechado',
      });
      const closedSales = aQueue(10, 'Vendas', { orderQueue: 2, schedules: weekdays('08:00', '09:00') });
      const queues = new Map([closedSupport, closedSales].map((queue) => [queue.id, queue]));
      const inQueue = input({ prepared: byQueue, queues, ticket: aTicket({ queueId: 20 }), state: at({ stage: 'options' }) });
      expect(texts(planTurn(inQueue))).toEqual(['Suporte fechado']);
      expect(texts(planTurn(input({ prepared: byQueue, queues })))).toEqual(['Suporte fechado']);
      // one queue open: the menu
      const openSales = new Map([closedSupport, { ...closedSales, schedules: [] }].map((queue) => [queue.id, queue]));
      expect(move(planTurn(input({ prepared: byQueue, queues: openSales })))).toMatchObject({ change: { stage: 'queue-menu' } });
    });
  });

  describe('ratings', () => {
    const rated = aTicket({ id: 90, status: 'closed', userId: 4 });

    it('asks whether a ticket without bot state has a rating waiting, and not one with state', () => {
      expect(planTurn(input({ ratingWait: undefined }))).toEqual({ needs: 'ratingWait' });
      expect('actions' in planTurn(input({ ratingWait: undefined, state: at({ stage: 'queue-menu' }) }))).toBe(true);
    });

    it('takes 1 to 3 as the rating, answered with the completion message on the rated ticket, and nothing else', () => {
      expect(actionsOf(planTurn(input({ ratingWait: rated, message: { body: ' 3 ' } })))).toEqual([
        { type: 'answerRating', rated, rate: 3 },
        { type: 'reply', reply: { companyId: COMPANY, ticketId: 90, texts: ['Obrigado!'], toClosed: true } },
      ]);
    });

    it('ends the wait on any other reply and handles the message as a new conversation', () => {
      const plan = planTurn(input({ ratingWait: rated, message: { body: '4' } }));
      expect(actionsOf(plan)[0]).toEqual({ type: 'answerRating', rated, rate: null });
      expect(move(plan)).toMatchObject({ change: { stage: 'queue-menu' } });
    });
  });

  describe('hand-off to an ai bot', () => {
    it('hands the message to the bot its queue names, or before a queue its connection, instead of the menus', () => {
      const queues = new Map([aQueue(20, 'Suporte', { promptId: 8 })].map((queue) => [queue.id, queue]));
      const inQueue = planTurn(input({ queues, ticket: aTicket({ queueId: 20 }), state: at({ stage: 'options' }) }));
      expect(actionsOf(inQueue)).toEqual([{ type: 'handOff', bot: { kind: 'prompt', promptId: 8 } }]);
      const connection = { ...twoQueues, automation: { ...twoQueues.automation, integrationId: 6 } };
      expect(actionsOf(planTurn(input({ connection })))).toEqual([{ type: 'handOff', bot: { kind: 'integration', integrationId: 6 } }]);
    });

    it('keeps a released ticket with people', () => {
      const connection = { ...twoQueues, automation: { ...twoQueues.automation, promptId: 8 } };
      expect(actionsOf(planTurn(input({ connection, state: at({ stage: 'bot', released: true }) })))).toEqual([]);
    });
  });
});
