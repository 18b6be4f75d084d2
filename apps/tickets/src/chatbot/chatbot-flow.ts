/**
 * The chatbot's conversation (issue 11): which menu a pending ticket without agent is in and what
 * the customer's reply does. Pure: the caller loads the connection, its queues and the chosen
 * queue's option tree, stores the new position with the ticket (PostgreSQL, so any replica and a
 * restart continue it) and sends the replies as the platform's own messages.
 */

/** Where the bot is in a conversation; `idle` before the customer's first message. */
export type BotStage = 'idle' | 'queue-menu' | 'options' | 'done' | 'silent';

export interface BotPosition {
  stage: BotStage;
  /** The option whose menu was last sent (`null`: the queue's top-level menu). */
  optionId: number | null;
  /** Invalid replies to the queue menu so far. */
  invalidReplies: number;
}

export const BOT_START: BotPosition = { stage: 'idle', optionId: null, invalidReplies: 0 };

export interface BotQueue {
  id: number;
  name: string;
  greetingMessage: string;
}

export interface BotOption {
  id: number;
  parentId: number | null;
  option: number;
  title: string;
  message: string;
}

export interface BotContext {
  greetingMessage: string;
  maxUseBotQueues: number;
  /** Setting sendGreetingMessageOneQueues. */
  greetOneQueue: boolean;
  /** The connection's queues in `orderQueue` order. */
  queues: BotQueue[];
  /** The ticket's queue, once chosen. */
  queueId: number | null;
  /** The option tree of the ticket's queue (every node), when it has one. */
  options: BotOption[];
}

export interface BotTurn {
  replies: string[];
  position: BotPosition;
  /** The queue the ticket moves to (a reply picked it, or the connection has only one). */
  assignQueueId?: number | null;
  /** `ticket.chatbot`: the bot still drives the conversation. */
  chatbot: boolean;
}

export const BACK = '0';
export const TO_START = '#';
const line = (key: string | number, title: string) => `*[ ${key} ]* - ${title}`;
const BACK_LINE = line(BACK, 'Voltar');
const START_LINE = line(TO_START, 'Voltar ao Menu Principal');

/** A menu as a channel may show it interactively: its text without the option lines, and each option (its id is the reply it stands for). */
export interface BotMenu {
  body: string;
  options: Array<{ id: string; title: string }>;
}

const LINE = /^\*\[ (\S{1,10}) \]\* - (.+)$/;

/**
 * The menu a reply of the bot offers, read back from its lines (`*[ key ]* - title`, written by
 * this module only): on a Cloud API connection it goes as buttons or a list, and the customer's
 * pick comes back as its key, exactly as if typed. Undefined for a reply without options.
 */
export function menuOf(text: string): BotMenu | undefined {
  const lines = text.split('\n');
  const options = lines.flatMap((entry) => {
    const match = LINE.exec(entry);
    return match ? [{ id: match[1]!, title: match[2]!.trim() }] : [];
  });
  if (options.length === 0) return undefined;
  const body = lines
    .filter((entry) => !LINE.test(entry))
    .join('\n')
    .trim();
  return { body: body || options.map((option) => option.title).join(' · '), options };
}

const joined = (...parts: string[]) => parts.filter((part) => part.trim() !== '').join('\n\n');

/** The connection's greeting and its queues, one numbered line each (chatBotType `text`). */
export function queueMenu(context: Pick<BotContext, 'greetingMessage' | 'queues'>): string {
  return joined(context.greetingMessage, context.queues.map((queue, index) => line(index + 1, queue.name)).join('\n'));
}

function childrenOf(options: BotOption[], parentId: number | null): BotOption[] {
  return options.filter((option) => option.parentId === parentId).sort((a, b) => a.option - b.option);
}

/** The menu of one level: its text (the queue's greeting at the top, else the option's message), the children, and the way back. */
export function optionMenu(context: BotContext, optionId: number | null): string {
  const node = optionId === null ? undefined : context.options.find((option) => option.id === optionId);
  const queue = context.queues.find((candidate) => candidate.id === context.queueId);
  const text = node ? node.message : (queue?.greetingMessage ?? '');
  const children = childrenOf(context.options, optionId).map((child) => line(child.option, child.title));
  const navigation = node ? [BACK_LINE, START_LINE] : context.queues.length > 1 ? [START_LINE] : [];
  return joined(text, children.join('\n'), navigation.join('\n'));
}

/** Entering a queue: its greeting and top-level options, or its greeting alone (the bot is done) when it has none. */
function enterQueue(context: BotContext, queueId: number, leading: string[]): BotTurn {
  const entered = { ...context, queueId };
  if (context.options.length === 0) {
    const greeting = context.queues.find((queue) => queue.id === queueId)?.greetingMessage ?? '';
    return {
      replies: [...leading, greeting].filter((text) => text.trim() !== ''),
      position: { ...BOT_START, stage: 'done' },
      assignQueueId: queueId,
      chatbot: false,
    };
  }
  return {
    replies: [...leading, optionMenu(entered, null)],
    position: { stage: 'options', optionId: null, invalidReplies: 0 },
    assignQueueId: queueId,
    chatbot: true,
  };
}

function toQueueMenu(context: BotContext): BotTurn {
  return {
    replies: [queueMenu(context)],
    position: { stage: 'queue-menu', optionId: null, invalidReplies: 0 },
    assignQueueId: null,
    chatbot: true,
  };
}

/** What the customer's message does at this position. `options` must be the tree of the queue the turn enters or stays in. */
export function botTurn(position: BotPosition, text: string, context: BotContext): BotTurn {
  const reply = text.trim();
  switch (position.stage) {
    case 'idle':
      return firstMessage(context);
    case 'queue-menu':
      return queueChoice(position, reply, context);
    case 'options':
      return optionChoice(position, reply, context);
    case 'done':
    case 'silent':
      return { replies: [], position, chatbot: false };
  }
}

function firstMessage(context: BotContext): BotTurn {
  if (context.queues.length === 0) {
    return {
      replies: context.greetingMessage.trim() ? [context.greetingMessage] : [],
      position: { ...BOT_START, stage: 'done' },
      chatbot: false,
    };
  }
  if (context.queues.length === 1) {
    const greeting = context.greetOneQueue && context.greetingMessage.trim() ? [context.greetingMessage] : [];
    return enterQueue(context, context.queues[0]!.id, greeting);
  }
  return toQueueMenu(context);
}

function queueChoice(position: BotPosition, reply: string, context: BotContext): BotTurn {
  const picked = /^\d+$/.test(reply) ? context.queues[Number(reply) - 1] : undefined;
  if (picked) return enterQueue(context, picked.id, []);
  const invalidReplies = position.invalidReplies + 1;
  if (invalidReplies > context.maxUseBotQueues)
    return { replies: [], position: { ...position, stage: 'silent', invalidReplies }, chatbot: false };
  return { replies: [queueMenu(context)], position: { ...position, invalidReplies }, chatbot: true };
}

function optionChoice(position: BotPosition, reply: string, context: BotContext): BotTurn {
  const current = position.optionId === null ? undefined : context.options.find((option) => option.id === position.optionId);
  if (reply === TO_START || (reply === BACK && !current)) {
    return context.queues.length > 1 ? toQueueMenu(context) : at(context, null);
  }
  if (reply === BACK) return at(context, current!.parentId);
  const chosen = /^\d+$/.test(reply)
    ? childrenOf(context.options, position.optionId).find((child) => child.option === Number(reply))
    : undefined;
  return at(context, chosen ? chosen.id : position.optionId);
}

function at(context: BotContext, optionId: number | null): BotTurn {
  return { replies: [optionMenu(context, optionId)], position: { stage: 'options', optionId, invalidReplies: 0 }, chatbot: true };
}
