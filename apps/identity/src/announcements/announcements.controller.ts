import { Controller, Inject } from '@nestjs/common';
import {
  AnnouncementDto,
  AnnouncementMediaDto,
  IdentitySubjects,
  PageQueryDto,
  UpdateAnnouncementDto,
  type Actor,
  type AnnouncementView,
  type Page,
} from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler, RpcId } from '@atrium/messaging';
import { AnnouncementsService } from './announcements.service.js';

@Controller()
export class AnnouncementsController {
  constructor(@Inject(AnnouncementsService) private readonly announcements: AnnouncementsService) {}

  @RpcHandler(IdentitySubjects.announcementsPage)
  page(@RpcActor() actor: Actor, @RpcData({ dto: PageQueryDto }) query: PageQueryDto): Promise<Page<AnnouncementView>> {
    return this.announcements.page(actor, query);
  }

  @RpcHandler(IdentitySubjects.announcementsShow)
  show(@RpcActor() actor: Actor, @RpcId() id: number): Promise<AnnouncementView> {
    return this.announcements.show(actor, id);
  }

  @RpcHandler(IdentitySubjects.announcementsCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: AnnouncementDto }) dto: AnnouncementDto): Promise<AnnouncementView> {
    return this.announcements.create(actor, dto);
  }

  @RpcHandler(IdentitySubjects.announcementsUpdate)
  update(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: UpdateAnnouncementDto, path: 'body' }) dto: UpdateAnnouncementDto,
  ): Promise<AnnouncementView> {
    return this.announcements.update(actor, id, dto);
  }

  @RpcHandler(IdentitySubjects.announcementsSetMedia)
  setMedia(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: AnnouncementMediaDto, path: 'body' }) media: AnnouncementMediaDto,
  ): Promise<AnnouncementView> {
    return this.announcements.setMedia(actor, id, media);
  }

  @RpcHandler(IdentitySubjects.announcementsDelete)
  delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<AnnouncementView> {
    return this.announcements.delete(actor, id);
  }
}
