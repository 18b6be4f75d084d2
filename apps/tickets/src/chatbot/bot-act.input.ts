import { AppError, ErrorCode, INT4_MAX, type BotAction, type BotActCommand, type BotRef } from '@atrium/contracts';

/** Longest text or note a bot may send (WhatsApp's own limit is about 65k). */
const TEXT_MAX = 65_536;
/** Longest "typing…" a presence action may ask. */
export const PRESENCE_MAX_MS = 10_000;

const bad = (field: string, message: string) => new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field, messages: [message] }] });

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= INT4_MAX;
const isText = (value: unknown, max = TEXT_MAX): value is string => typeof value === 'string' && value.length <= max;
const optional = (value: unknown, check: (v: unknown) => boolean) => value === undefined || check(value);

function botRef(value: unknown): BotRef {
  const bot = value as Partial<Record<string, unknown>> | null;
  if (bot?.kind === 'prompt' && isId(bot.promptId)) return { kind: 'prompt', promptId: bot.promptId };
  if (bot?.kind === 'integration' && isId(bot.integrationId)) return { kind: 'integration', integrationId: bot.integrationId };
  if (bot?.kind === 'flow' && isId(bot.flowId)) return { kind: 'flow', flowId: bot.flowId };
  throw bad('bot', 'must be { kind: prompt, promptId }, { kind: integration, integrationId } or { kind: flow, flowId }');
}

function action(value: unknown, i: number): BotAction {
  const a = (value ?? {}) as Record<string, unknown>;
  const field = `actions.${i}`;
  switch (a.type) {
    case 'text':
      if (isText(a.body) && a.body.trim() !== '') return { type: 'text', body: a.body };
      throw bad(`${field}.body`, 'must be a non-empty text');
    case 'note':
      if (isText(a.body) && a.body.trim() !== '') return { type: 'note', body: a.body };
      throw bad(`${field}.body`, 'must be a non-empty text');
    case 'media': {
      const ok =
        (typeof a.mediaKey === 'string'
          ? isText(a.mediaKey, 500)
          : typeof a.url === 'string' && /^https?:\/\//.test(a.url) && a.url.length <= 2000) &&
        isText(a.mimetype, 100) &&
        /^[\w.+-]+\/[\w.+-]+$/.test(a.mimetype) &&
        optional(a.fileName, (v) => isText(v, 255)) &&
        optional(a.caption, (v) => isText(v)) &&
        optional(a.asVoiceNote, (v) => typeof v === 'boolean');
      if (!ok) throw bad(field, 'a media action needs mediaKey or an http(s) url, and a mimetype');
      return {
        type: 'media',
        mediaKey: a.mediaKey as string | undefined,
        url: a.url as string | undefined,
        mimetype: a.mimetype as string,
        fileName: a.fileName as string | undefined,
        caption: a.caption as string | undefined,
        asVoiceNote: a.asVoiceNote as boolean | undefined,
      };
    }
    case 'presence':
      if ((a.presence === 'composing' || a.presence === 'recording') && typeof a.ms === 'number' && a.ms >= 0 && a.ms <= PRESENCE_MAX_MS) {
        return { type: 'presence', presence: a.presence, ms: a.ms };
      }
      throw bad(field, `presence must be composing or recording, ms 0 to ${PRESENCE_MAX_MS}`);
    case 'transfer':
      if (optional(a.queueId, isId) && optional(a.userId, isId) && (a.queueId !== undefined || a.userId !== undefined)) {
        return { type: 'transfer', queueId: a.queueId as number | undefined, userId: a.userId as number | undefined };
      }
      throw bad(field, 'a transfer names a queueId and/or a userId');
    case 'handToHuman':
    case 'close':
      return { type: a.type };
    case 'tag': {
      const ids = (v: unknown) => Array.isArray(v) && v.length <= 100 && v.every(isId);
      if (ids(a.add) && ids(a.remove)) return { type: 'tag', add: a.add as number[], remove: a.remove as number[] };
      throw bad(field, 'a tag action has add and remove lists of tag ids');
    }
    default:
      throw bad(`${field}.type`, 'must be text, media, presence, transfer, handToHuman, close, note or tag');
  }
}

/** The `tickets.bot.act` request, checked (ERR_VALIDATION naming the field otherwise). */
export function botActInput(value: unknown): BotActCommand {
  const c = (value ?? {}) as Record<string, unknown>;
  if (!isId(c.companyId)) throw bad('companyId', 'must be a positive integer');
  if (!isId(c.ticketId)) throw bad('ticketId', 'must be a positive integer');
  if (typeof c.inReplyTo !== 'number' || !Number.isInteger(c.inReplyTo) || c.inReplyTo < 0)
    throw bad('inReplyTo', 'must be an integer from 0');
  if (!Array.isArray(c.actions) || c.actions.length > 50) throw bad('actions', 'must be a list of at most 50 actions');
  if (c.step !== undefined && !isId(c.step)) throw bad('step', 'must be a positive integer');
  const command: BotActCommand = {
    companyId: c.companyId,
    ticketId: c.ticketId,
    bot: botRef(c.bot),
    inReplyTo: c.inReplyTo,
    actions: c.actions.map(action),
  };
  if (c.step !== undefined) command.step = c.step as number;
  return command;
}
