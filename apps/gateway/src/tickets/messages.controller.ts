import { Body, Controller, Delete, Get, Inject, Param, Post, Query, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import {
  AppError,
  ErrorCode,
  MessagesQueryDto,
  OUTBOUND_COMMAND_TIMEOUT_MS,
  SendMessageDto,
  TemplateSendDto,
  TicketsSubjects,
  type CustomerWindowView,
  type ActorState,
  type MessagesPageView,
  type MessageView,
  type SendMessageCommand,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor } from '../auth/decorators.js';
import { requireContent, type UploadedMedia } from '../media/uploaded-file.js';
import { UploadStaging } from '../media/upload-staging.js';
import { IdPipe } from '../core/id.pipe.js';

/** Most files one send may carry (multipart field `medias`). */
export const MAX_MEDIAS_PER_SEND = 10;

/** A ticket's conversation (spec 000 section 7). */
@Controller('messages')
export class MessagesController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(UploadStaging) private readonly uploads: UploadStaging,
  ) {}

  /** 20 messages a page, oldest first; page 1 marks the ticket read. */
  @Get(':ticketId')
  page(
    @CurrentActor() actor: ActorState,
    @Param('ticketId', IdPipe) ticketId: number,
    @Query() query: MessagesQueryDto,
  ): Promise<MessagesPageView> {
    return this.rpc.request(TicketsSubjects.messagesPage, { ticketId, query }, { actor });
  }

  /**
   * JSON `{ body, quotedMsg, mediaUrl, signMessage, read, fromMe }` or multipart with files in
   * `medias` (and the same text fields; `body` repeated once per file gives each file its
   * caption). Answers the messages sent.
   */
  @Post(':ticketId')
  @UseInterceptors(FilesInterceptor('medias', MAX_MEDIAS_PER_SEND))
  async send(
    @CurrentActor() actor: ActorState,
    @Param('ticketId', IdPipe) ticketId: number,
    @Body() body: SendMessageDto,
    @UploadedFiles() files: UploadedMedia[] | undefined,
  ): Promise<MessageView[]> {
    const captions = Array.isArray(body.body) ? body.body : undefined;
    if (captions && captions.length !== (files?.length ?? 0)) {
      throw new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field: 'body', messages: ['one body per file, or a single body'] }] });
    }
    const command: SendMessageCommand = {
      ticketId,
      body: captions ? undefined : (body.body as string | undefined),
      captions,
      quotedMsgId: body.quotedMsg,
      signMessage: body.signMessage,
      mediaUrl: body.mediaUrl,
    };
    const options = { actor, timeoutMs: OUTBOUND_COMMAND_TIMEOUT_MS * 2 };
    if (!files || files.length === 0) return this.rpc.request(TicketsSubjects.messagesSend, command, options);
    requireContent(files, 'medias');

    // files are stored only for a ticket the agent may write in
    const ticket = await this.rpc.request(TicketsSubjects.ticketsShow, { id: ticketId }, { actor });
    if (ticket.status === 'closed') throw new AppError(ErrorCode.ERR_TICKET_CLOSED);
    const medias = await this.uploads.stage(actor.companyId, files);
    // From here the tickets service owns the files: it claims them for the ticket, and a failed
    // send removes those no sent message carries. An unanswered request leaves them, as the send
    // may still be going on.
    return this.rpc.request(TicketsSubjects.messagesSend, { ...command, medias }, options);
  }

  /**
   * Meta's customer-service window of the ticket's conversation (issue 26): on a `cloud`
   * connection, free text goes only while it is open; templates always.
   */
  @Get(':ticketId/window')
  window(@CurrentActor() actor: ActorState, @Param('ticketId', IdPipe) ticketId: number): Promise<CustomerWindowView> {
    return this.rpc.request(TicketsSubjects.customerWindowShow, { id: ticketId }, { actor });
  }

  /** An approved template of the ticket's `cloud` connection, `{ name, language, parameters: { header, body, buttons } }`. */
  @Post(':ticketId/template')
  sendTemplate(
    @CurrentActor() actor: ActorState,
    @Param('ticketId', IdPipe) ticketId: number,
    @Body() template: TemplateSendDto,
  ): Promise<MessageView> {
    return this.rpc.request(
      TicketsSubjects.messagesSendTemplate,
      { ticketId, template },
      { actor, timeoutMs: OUTBOUND_COMMAND_TIMEOUT_MS * 2 },
    );
  }

  /** Deletes a message the business sent (for everyone on WhatsApp); it stays shown as deleted. */
  @Delete(':id')
  delete(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<MessageView> {
    return this.rpc.request(TicketsSubjects.messagesDelete, { id }, { actor, timeoutMs: OUTBOUND_COMMAND_TIMEOUT_MS });
  }
}
