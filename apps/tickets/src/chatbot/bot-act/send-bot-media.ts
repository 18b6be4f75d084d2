import { Inject, Injectable } from '@nestjs/common';
import { AppError, CONVERSATION_MEDIA_ROOTS, companyOfMediaKey, ErrorCode, type BotAction, type BotActCommand } from '@atrium/contracts';
import { MediaFiles } from '../../media/media-files.js';
import { SendBotText } from './send-bot-text.js';
import type { StepProgress } from './step-progress.js';

/** Largest file a media action may fetch by URL. */
const FETCH_MAX_BYTES = 16 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 30_000;

/** A bot's `media` action: a file the ai service stored (its upload area, or a conversation file of the company) or one at a URL, sent as ours. */
@Injectable()
export class SendBotMedia {
  constructor(
    @Inject(MediaFiles) private readonly media: MediaFiles,
    @Inject(SendBotText) private readonly text: SendBotText,
  ) {}

  async send(command: BotActCommand, action: Extract<BotAction, { type: 'media' }>, index: number, progress?: StepProgress): Promise<void> {
    const field = `actions.${index}`;
    const filename = action.fileName ?? `file${action.mediaKey ? action.mediaKey.slice(action.mediaKey.lastIndexOf('.')) : ''}`;
    let path: string;
    if (action.mediaKey) {
      const uploads = `${CONVERSATION_MEDIA_ROOTS.uploads}/${command.companyId}/`;
      if (action.mediaKey.startsWith(uploads))
        path = await this.media.claim(
          command.companyId,
          action.mediaKey,
          CONVERSATION_MEDIA_ROOTS.tickets,
          command.ticketId,
          `${field}.mediaKey`,
        );
      else if (companyOfMediaKey(action.mediaKey) === command.companyId) path = action.mediaKey;
      else
        throw new AppError(ErrorCode.ERR_VALIDATION, {
          fields: [{ field: `${field}.mediaKey`, messages: ['not a file of this company'] }],
        });
    } else {
      const body = await this.fetchFile(action.url!, field);
      path = await this.media.store(command.companyId, CONVERSATION_MEDIA_ROOTS.tickets, command.ticketId, {
        body,
        mimetype: action.mimetype,
        filename,
      });
    }
    const hold = await this.media.hold(command.companyId, path, `${field}.mediaKey`);
    try {
      await this.text.send(
        command,
        {
          body: action.caption ?? '',
          media: { path, mimetype: action.mimetype, filename },
          ...(progress ? { newMessageId: progress.messageId(index) } : {}),
        },
        progress?.recordSend(index),
      );
    } finally {
      await hold.release();
    }
  }

  private async fetchFile(url: string, field: string): Promise<Buffer> {
    const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) }).catch(() => undefined);
    if (!response?.ok)
      throw new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field: `${field}.url`, messages: ['the file could not be fetched'] }] });
    const body = Buffer.from(await response.arrayBuffer());
    if (body.length > FETCH_MAX_BYTES)
      throw new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field: `${field}.url`, messages: ['the file is too large'] }] });
    return body;
  }
}
