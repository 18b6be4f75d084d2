import type { BotAction } from '@atrium/contracts';
import type { BotEngine, BotTurn } from '../../runtime/bot-engine.js';
import type { QueueIntegrationConfig } from '../queue-integrations.service.js';
import { bubbleText, TypebotSessionGone, type TypebotChatReply, type TypebotClient } from './typebot-client.js';
import type { TypebotChoice, TypebotSessionsRepository } from './typebot-sessions.repository.js';

const MEDIA_BUBBLES: Record<string, string> = { image: 'image/jpeg', video: 'video/mp4', audio: 'audio/mpeg' };
const MIME_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  ogg: 'audio/ogg',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  pdf: 'application/pdf',
};

/**
 * Typebot: one chat session per ticket (stored in `typebot_sessions`), started with the contact's
 * number and name as prefilled variables and restarted after `typebotExpires` minutes without a
 * customer message. Each bubble goes out in order after `typebotDelayMessage` ms of "typing…";
 * a choice input becomes numbered lines, and the customer may answer with the number or the text.
 * `typebotKeywordRestart` starts over (after `typebotRestartMessage`), `typebotKeywordFinish` closes
 * the ticket, `typebotUnknownMessage` answers a reply that matches no choice. A text bubble
 * `#{"queueId":N}`, `#{"userId":N}` or `#{"stopBot":true}` hands the customer to people and is never sent.
 */
export class TypebotEngine implements BotEngine<QueueIntegrationConfig> {
  readonly kinds = ['typebot'] as const;

  constructor(
    private readonly client: TypebotClient,
    private readonly sessions: TypebotSessionsRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async answer(turn: BotTurn, config: QueueIntegrationConfig, signal: AbortSignal): Promise<BotAction[]> {
    const { companyId } = turn;
    const ticketId = turn.event.ticketId;
    const text = turn.text.trim();
    const at = this.now();
    if (matches(text, config.typebotKeywordFinish)) {
      await this.sessions.remove(companyId, config.id, ticketId);
      return [{ type: 'close' }];
    }
    if (matches(text, config.typebotKeywordRestart)) {
      await this.sessions.remove(companyId, config.id, ticketId);
      const restarted = config.typebotRestartMessage ? [...this.say(config, config.typebotRestartMessage)] : [];
      return [...restarted, ...(await this.start(turn, config, at, signal))];
    }
    const session = await this.sessions.find(companyId, config.id, ticketId);
    const expired = session && config.typebotExpires > 0 && at.getTime() - session.lastMessageAt.getTime() > config.typebotExpires * 60_000;
    if (!session || expired) return this.start(turn, config, at, signal);

    const answer = chosen(text, session.choices);
    if (answer === undefined) {
      if (config.typebotUnknownMessage) {
        await this.sessions.save(companyId, config.id, ticketId, session.sessionId, session.choices, at);
        return this.say(config, config.typebotUnknownMessage);
      }
    }
    let reply: TypebotChatReply;
    try {
      reply = await this.client.continueChat(config.urlN8N!, session.sessionId, answer ?? text, signal);
    } catch (error) {
      if (error instanceof TypebotSessionGone) return this.start(turn, config, at, signal);
      throw error;
    }
    return this.render(turn, config, session.sessionId, reply, at);
  }

  private async start(turn: BotTurn, config: QueueIntegrationConfig, at: Date, signal: AbortSignal): Promise<BotAction[]> {
    const { contact } = turn.event;
    const variables = {
      number: contact.number,
      name: contact.name,
      email: contact.email,
      ticketId: String(turn.event.ticketId),
      firstMessage: turn.text,
    };
    const reply = await this.client.startChat(config.urlN8N!, config.typebotSlug!, variables, signal);
    if (!reply.sessionId) return [];
    return this.render(turn, config, reply.sessionId, reply, at);
  }

  /** The reply's bubbles (and choices) as actions; the session is stored with the choices offered, or dropped on a transfer. */
  private async render(
    turn: BotTurn,
    config: QueueIntegrationConfig,
    sessionId: string,
    reply: TypebotChatReply,
    at: Date,
  ): Promise<BotAction[]> {
    const actions: BotAction[] = [];
    let handOff: BotAction | undefined;
    for (const bubble of reply.messages) {
      if (bubble.type === 'text') {
        const text = bubbleText(bubble).trim();
        const command = text.startsWith('#') ? handOffCommand(text.slice(1)) : undefined;
        if (command) handOff = command;
        else if (text !== '') actions.push(...this.say(config, text));
      } else if (bubble.content?.url && (bubble.type in MEDIA_BUBBLES || bubble.type === 'embed')) {
        actions.push(
          { type: 'presence', presence: 'composing', ms: config.typebotDelayMessage },
          { type: 'media', url: bubble.content.url, mimetype: mimeOf(bubble.type, bubble.content.url) },
        );
      }
    }
    const choices =
      reply.input?.type === 'choice input'
        ? (reply.input.items ?? []).map((item) => ({ id: item.id, content: item.content ?? '' })).filter((item) => item.content !== '')
        : null;
    if (choices && choices.length > 0 && !handOff)
      actions.push(...this.say(config, choices.map((choice, index) => `${index + 1} - ${choice.content}`).join('\n')));
    if (handOff) {
      await this.sessions.remove(turn.companyId, config.id, turn.event.ticketId);
      return [...actions, handOff];
    }
    await this.sessions.save(turn.companyId, config.id, turn.event.ticketId, sessionId, choices && choices.length > 0 ? choices : null, at);
    return actions;
  }

  private say(config: QueueIntegrationConfig, body: string): BotAction[] {
    return [
      { type: 'presence', presence: 'composing', ms: config.typebotDelayMessage },
      { type: 'text', body },
    ];
  }
}

const matches = (text: string, keyword: string | null): boolean => !!keyword && text.toLowerCase() === keyword.trim().toLowerCase();

/** The choice's text for "2" or for its own text (any case); undefined when it matches none; the text itself when there were no choices. */
function chosen(text: string, choices: TypebotChoice[] | null): string | undefined {
  if (!choices) return text;
  if (/^\d+$/.test(text)) return choices[Number(text) - 1]?.content;
  return choices.find((choice) => choice.content.toLowerCase() === text.toLowerCase())?.content;
}

function handOffCommand(json: string): BotAction | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { queueId, userId, stopBot } = value as Record<string, unknown>;
  const queue = Number(queueId);
  const user = Number(userId);
  if (Number.isInteger(queue) && queue > 0)
    return { type: 'transfer', queueId: queue, ...(Number.isInteger(user) && user > 0 ? { userId: user } : {}) };
  if (Number.isInteger(user) && user > 0) return { type: 'transfer', userId: user };
  if (stopBot === true || stopBot === 'true') return { type: 'handToHuman' };
  return undefined;
}

function mimeOf(type: string, url: string): string {
  const extension = /\.([a-z0-9]+)(?:\?|#|$)/i.exec(url)?.[1]?.toLowerCase();
  return (extension && MIME_BY_EXTENSION[extension]) ?? MEDIA_BUBBLES[type] ?? 'application/octet-stream';
}
