import { ChannelError, type ChannelSession } from '@atrium/channel';
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
    case 'failed':
      if (type === 'delete') return new AppError(ErrorCode.ERR_DELETE_WAPP_MSG);
      if (type === 'checkNumber' || type === 'checkNumbers') return new AppError(ErrorCode.ERR_WAPP_CHECK_CONTACT);
      return new AppError(ErrorCode.ERR_SENDING_WAPP_MSG);
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
      case 'sendTemplate': {
        const [to, template] = [required(command.to, 'to'), required(command.template, 'template')];
        const sendTemplate = channel.sendTemplate?.bind(channel);
        if (!sendTemplate)
          throw new AppError(ErrorCode.ERR_SENDING_WAPP_MSG, { data: { reason: 'templates go on cloud connections only' } });
        return await deps.pacer.run(() => sendTemplate(to, template, options), gap);
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
      case 'listContacts':
        // names from the phone's address book, as PostgreSQL can store them
        return { contacts: storableDeep(await channel.listContacts()) };
    }
  } catch (error) {
    throw toCommandError(error, command.type);
  }
}
