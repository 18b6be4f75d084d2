import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  AppError,
  ErrorCode,
  QuickMessageDto,
  QuickMessagesListQueryDto,
  QuickMessagesQueryDto,
  TicketsSubjects,
  UpdateQuickMessageDto,
  type ActorState,
  type QuickMessageMediaDto,
  type QuickMessagesPageView,
  type QuickMessageView,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor } from '../auth/decorators.js';
import { requireContent, type UploadedMedia } from '../media/uploaded-file.js';
import { UploadStaging } from '../media/upload-staging.js';
import { IdPipe } from '../core/id.pipe.js';

/** Quick replies (spec 001 "Quick messages"); an attachment may be any file (multipart field `file`). */
@Controller('quick-messages')
export class QuickMessagesController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(UploadStaging) private readonly uploads: UploadStaging,
  ) {}

  @Get()
  page(@CurrentActor() actor: ActorState, @Query() query: QuickMessagesQueryDto): Promise<QuickMessagesPageView> {
    return this.rpc.request(TicketsSubjects.quickMessagesPage, query, { actor });
  }

  /** The composer's suggestions: the user's own and the shared ones (`companyId` and `userId` come from the token). */
  @Get('list')
  list(@CurrentActor() actor: ActorState, @Query() _query: QuickMessagesListQueryDto): Promise<QuickMessageView[]> {
    return this.rpc.request(TicketsSubjects.quickMessagesList, {}, { actor });
  }

  @Get(':id')
  show(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<QuickMessageView> {
    return this.rpc.request(TicketsSubjects.quickMessagesShow, { id }, { actor });
  }

  @Post()
  create(@CurrentActor() actor: ActorState, @Body() body: QuickMessageDto): Promise<QuickMessageView> {
    return this.rpc.request(TicketsSubjects.quickMessagesCreate, body, { actor });
  }

  @Put(':id')
  update(
    @CurrentActor() actor: ActorState,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateQuickMessageDto,
  ): Promise<QuickMessageView> {
    return this.rpc.request(TicketsSubjects.quickMessagesUpdate, { id, body }, { actor });
  }

  @Delete(':id')
  async delete(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<{ message: string }> {
    // the tickets service removes the attachment's file unless a sent message carries it
    await this.rpc.request(TicketsSubjects.quickMessagesDelete, { id }, { actor });
    return { message: 'Quick message deleted' };
  }

  /** Multipart `file` (and `typeArch`, ignored); replaces the attachment. */
  @Post(':id/media-upload')
  @UseInterceptors(FileInterceptor('file'))
  async upload(
    @CurrentActor() actor: ActorState,
    @Param('id', IdPipe) id: number,
    @UploadedFile() file: UploadedMedia | undefined,
  ): Promise<QuickMessageView> {
    requireContent(file, 'file');
    // a file is stored only for a quick message the user can see
    await this.rpc.request(TicketsSubjects.quickMessagesShow, { id }, { actor });
    const [staged] = await this.uploads.stage(actor.companyId, [file]);
    // spec 001: spaces in attachment names become underscores
    const media = { mediaPath: staged!.path, mediaName: staged!.filename.replace(/\s/g, '_') };
    try {
      // the tickets service claims the file for the quick message
      return await this.setMedia(actor, id, media);
    } catch (error) {
      // refused: nothing claimed the file (unanswered: it may have, so it stays)
      if (!(error instanceof AppError && error.code === ErrorCode.ERR_SERVICE_UNAVAILABLE)) await this.uploads.discard([media.mediaPath]);
      throw error;
    }
  }

  @Delete(':id/media-upload')
  async removeMedia(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<QuickMessageView> {
    return this.setMedia(actor, id, { mediaPath: null, mediaName: null });
  }

  private setMedia(actor: ActorState, id: number, body: QuickMessageMediaDto): Promise<QuickMessageView> {
    return this.rpc.request(TicketsSubjects.quickMessagesSetMedia, { id, body }, { actor });
  }
}
