import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  AppError,
  CampaignsSubjects,
  ErrorCode,
  ScheduleDto,
  SchedulesQueryDto,
  UpdateScheduleDto,
  type ActorState,
  type ScheduleMediaDto,
  type SchedulesPageView,
  type ScheduleView,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPlan } from '../auth/decorators.js';
import { IdPipe } from '../core/id.pipe.js';
import { acceptImage, type UploadedMedia } from '../media/uploaded-file.js';
import { UploadStaging } from '../media/upload-staging.js';

/** Scheduled messages (spec 000 "schedule modal" and `/schedules` calls, spec 001 "Schedules calendar"); plan flag useSchedules. */
@Controller('schedules')
@RequiresPlan('useSchedules')
export class SchedulesController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(UploadStaging) private readonly uploads: UploadStaging,
  ) {}

  @Get()
  page(@CurrentActor() actor: ActorState, @Query() query: SchedulesQueryDto): Promise<SchedulesPageView> {
    return this.rpc.request(CampaignsSubjects.schedulesPage, query, { actor });
  }

  @Get(':id')
  show(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<ScheduleView> {
    return this.rpc.request(CampaignsSubjects.schedulesShow, { id }, { actor });
  }

  @Post()
  create(@CurrentActor() actor: ActorState, @Body() body: ScheduleDto): Promise<ScheduleView> {
    return this.rpc.request(CampaignsSubjects.schedulesCreate, body, { actor });
  }

  @Put(':id')
  update(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number, @Body() body: UpdateScheduleDto): Promise<ScheduleView> {
    return this.rpc.request(CampaignsSubjects.schedulesUpdate, { id, body }, { actor });
  }

  @Delete(':id')
  delete(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<{ message: string }> {
    return this.rpc.request(CampaignsSubjects.schedulesDelete, { id }, { actor });
  }

  /** Multipart `file`: a png, jpg or jpeg image (spec 000), sent with the message; replaces the attachment. */
  @Post(':id/media-upload')
  @UseInterceptors(FileInterceptor('file'))
  async upload(
    @CurrentActor() actor: ActorState,
    @Param('id', IdPipe) id: number,
    @UploadedFile() file: UploadedMedia | undefined,
  ): Promise<ScheduleView> {
    acceptImage(file);
    await this.rpc.request(CampaignsSubjects.schedulesShow, { id }, { actor });
    const [staged] = await this.uploads.stage(actor.companyId, [file!]);
    const media = { mediaPath: staged!.path, mediaName: staged!.filename.replace(/\s/g, '_') };
    try {
      return await this.setMedia(actor, id, media);
    } catch (error) {
      if (!(error instanceof AppError && error.code === ErrorCode.ERR_SERVICE_UNAVAILABLE)) await this.uploads.discard([media.mediaPath]);
      throw error;
    }
  }

  @Delete(':id/media-upload')
  removeMedia(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<ScheduleView> {
    return this.setMedia(actor, id, { mediaPath: null, mediaName: null });
  }

  private setMedia(actor: ActorState, id: number, body: ScheduleMediaDto): Promise<ScheduleView> {
    return this.rpc.request(CampaignsSubjects.schedulesSetMedia, { id, body }, { actor });
  }
}
