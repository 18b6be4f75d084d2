import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  AnnouncementDto,
  IdentitySubjects,
  PageQueryDto,
  UpdateAnnouncementDto,
  type ActorState,
  type AnnouncementView,
  type Page,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, Roles } from '../auth/decorators.js';
import type { UploadedMedia } from '../media/uploaded-file.js';
import { AnnouncementMediaService } from './announcement-media.service.js';
import { IdPipe } from '../core/id.pipe.js';

/**
 * Announcements (spec 001 section 7): everyone reads the active ones (super users all of them);
 * super users create, change, delete and attach an image (.png, .jpg, .jpeg; multipart field `file`).
 */
@Controller('announcements')
export class AnnouncementsController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(AnnouncementMediaService) private readonly media: AnnouncementMediaService,
  ) {}

  /** A page of 20, newest first, searched by title or text. */
  @Get()
  page(@CurrentActor() actor: ActorState, @Query() query: PageQueryDto): Promise<Page<AnnouncementView>> {
    return this.rpc.request(IdentitySubjects.announcementsPage, query, { actor });
  }

  @Get(':id')
  show(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<AnnouncementView> {
    return this.rpc.request(IdentitySubjects.announcementsShow, { id }, { actor });
  }

  @Post()
  @Roles('super')
  create(@CurrentActor() actor: ActorState, @Body() body: AnnouncementDto): Promise<AnnouncementView> {
    return this.rpc.request(IdentitySubjects.announcementsCreate, body, { actor });
  }

  @Put(':id')
  @Roles('super')
  update(
    @CurrentActor() actor: ActorState,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateAnnouncementDto,
  ): Promise<AnnouncementView> {
    return this.rpc.request(IdentitySubjects.announcementsUpdate, { id, body }, { actor });
  }

  @Delete(':id')
  @Roles('super')
  delete(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<{ message: string }> {
    return this.media.delete(actor, id);
  }

  @Post(':id/media-upload')
  @Roles('super')
  @UseInterceptors(FileInterceptor('file'))
  upload(
    @CurrentActor() actor: ActorState,
    @Param('id', IdPipe) id: number,
    @UploadedFile() file: UploadedMedia | undefined,
  ): Promise<AnnouncementView> {
    return this.media.attach(actor, id, file);
  }

  @Delete(':id/media-upload')
  @Roles('super')
  removeMedia(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<AnnouncementView> {
    return this.media.detach(actor, id);
  }
}
