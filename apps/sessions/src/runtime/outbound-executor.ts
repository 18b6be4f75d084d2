import { ChannelError, MENU_MAX_OPTIONS, type ChannelSession, type OutgoingMenu } from '@atrium/channel';
import { AppError, ErrorCode, storableDeep, type OutboundCommandDto, type OutboundResult } from '@atrium/contracts';
import type { MediaStore } from '../inbound/media-store.js';
import type { SendPacer } from './send-pacer.js';

function required<T>(value: T | undefined | null, field: string): T {
  if (value === undefined || value === null || value === '') {
    throw new AppError(ErrorCode.ERR_VALIDATION, {
      fields: [{ field: `command.${field}`, messages: [`${field} is required for this command`] }],
    });
  }
  return value;
}

/** A menu as text: its body, then one line per option (`id - title`), for networks without interactive messages. */
export function menuAsText(menu: OutgoingMenu): string {
  return [menu.body, '', ...menu.options.map((option) => `*${option.id}* - ${option.title}`)].join('\n');
}

/** A driver's refusal as the spec's error code (spec 000 section 8). */
export function toCommandError(error: unknown, type: OutboundCommandDto['type']): AppError {
  if (error instanceof AppError) return error;
  if (!(error instanceof ChannelError))
    return new AppError(type === 'delete' ? ErrorCode.ERR_DELETE_WAPP_MSG : ErrorCode.ERR_SENDING_WAPP_MSG);
  switch (error.reason) {
    case 'not-connected':
      return new AppError(ErrorCode.ERR_WAPP_NOT_INITIALIZED);
    case 'invalid-number':
      return new AppError(ErrorCode.ERR_WAPP_INVALID_CONTACT);
    case 'message-not-found':
      return new AppError(ErrorCode.ERR_FETCH_WAPP_MSG);
    case 'window-closed':
      return new AppError(ErrorCode.ERR_WAPP_WINDOW_CLOSED, { data: { reason: error.message } });
    case 'throttled':
      return new AppError(ErrorCode.ERR_WAPP_RATE_LIMITED, { data: { reason: error.message, retryAfterSeconds: 1 } });
    case 'failed':
      if (type === 'delete') return new AppError(ErrorCode.ERR_DELETE_WAPP_MSG);
      if (type === 'checkNumber' || type === 'checkNumbers') return new AppError(ErrorCode.ERR_WAPP_CHECK_CONTACT);
      return new AppError(ErrorCode.ERR_SENDING_WAPP_MSG, error.message === 'failed' ? {} : { data: { reason: error.message } });
  }
}

/**
 * Runs one outbound command on a connected session. Everything the recipient sees (sends, edits,
 * deletes) waits its turn in the number's pacer; lookups do not.
 */
export async function executeCommand(
  channel: ChannelSession,
  command: OutboundCommandDto,
  deps: { pacer: SendPacer; media: MediaStore },
): Promise<OutboundResult> {
  try {
    const options = { quotedId: command.quotedId, messageId: command.newMessageId };
    const gap = command.minGapMs;
    switch (command.type) {
      case 'sendText': {
        const [to, body] = [required(command.to, 'to'), required(command.body, 'body')];
        return await deps.pacer.run(() => channel.sendText(to, body, options), gap);
      }
      case 'sendMedia': {
        const [to, media] = [required(command.to, 'to'), required(command.media, 'media')];
        const data = await deps.media.read(media.path);
        const file = { data, mimetype: media.mimetype, filename: media.filename, voiceNote: media.voiceNote };
        return await deps.pacer.run(() => channel.sendMedia(to, file, { ...options, caption: command.body }), gap);
      }
      case 'sendLocation': {
        const [to, location] = [required(command.to, 'to'), required(command.location, 'location')];
        return await deps.pacer.run(() => channel.sendLocation(to, location, options), gap);
      }
      case 'sendVcard': {
        const [to, vcard] = [required(command.to, 'to'), required(command.vcard, 'vcard')];
        return await deps.pacer.run(() => channel.sendVcard(to, vcard, options), gap);
      }
      case 'edit': {
        const [to, messageId, body] = [
          required(command.to, 'to'),
          required(command.messageId, 'messageId'),
          required(command.body, 'body'),
        ];
        return await deps.pacer.run(() => channel.editMessage(to, messageId, body));
      }
      case 'delete': {
        const [to, messageId] = [required(command.to, 'to'), required(command.messageId, 'messageId')];
        await deps.pacer.run(() => channel.deleteMessage(to, messageId));
        return { ok: true };
      }
      case 'markRead':
        await channel.markRead(required(command.to, 'to'), required(command.messageIds, 'messageIds'));
        return { ok: true };
      case 'checkNumber':
        return await channel.checkNumber(required(command.number, 'number'));
      case 'checkNumbers':
        return { results: await channel.checkNumbers(required(command.numbers, 'numbers')) };
      case 'profilePicture':
        return { url: await channel.profilePicture(required(command.to ?? command.number, 'to')) };
      case 'rejectCall':
        await channel.rejectCall(required(command.callId, 'callId'), required(command.to, 'to'));
        return { ok: true };
      case 'presence':
        await channel.sendPresence(required(command.to, 'to'), required(command.presence, 'presence'));
        return { ok: true };
      case 'sendReaction': {
        const [to, messageId] = [required(command.to, 'to'), required(command.messageId, 'messageId')];
        if (!channel.sendReaction) throw new ChannelError('failed', 'this network has no reactions');
        const react = channel.sendReaction.bind(channel);
        return await deps.pacer.run(() => react(to, messageId, command.emoji ?? ''));
      }
      case 'sendMenu': {
        const [to, menu] = [required(command.to, 'to'), required(command.menu, 'menu')];
        // beyond MENU_MAX_OPTIONS, or on a network without menus, the options go as numbered text
        if (!channel.sendMenu || menu.options.length > MENU_MAX_OPTIONS)
          return await deps.pacer.run(() => channel.sendText(to, menu.text ?? menuAsText(menu), options), gap);
        const sendMenu = channel.sendMenu.bind(channel);
        return await deps.pacer.run(() => sendMenu(to, menu, options), gap);
      }
      case 'sendTemplate': {
        const [to, template] = [required(command.to, 'to'), required(command.template, 'template')];
        if (!channel.sendTemplate) throw new ChannelError('failed', 'templates are sent on Cloud API connections only');
        const sendTemplate = channel.sendTemplate.bind(channel);
        return await deps.pacer.run(() => sendTemplate(to, template, options), gap);
      }
      case 'listContacts':
        // names from the phone's address book, as PostgreSQL can store them
        return { contacts: storableDeep(await channel.listContacts()) };
    }
  } catch (error) {
    throw toCommandError(error, command.type);
  }
}
