import { Controller, Inject } from '@nestjs/common';
import {
  TagDto,
  TagsQueryDto,
  TagSyncDto,
  TicketsSubjects,
  UpdateTagDto,
  type Actor,
  type TagsPageView,
  type TagView,
  type TicketView,
} from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler, RpcId } from '@atrium/messaging';
import { TagsService } from './tags.service.js';

@Controller()
export class TagsController {
  constructor(@Inject(TagsService) private readonly tags: TagsService) {}

  @RpcHandler(TicketsSubjects.tagsPage)
  page(@RpcActor() actor: Actor, @RpcData({ dto: TagsQueryDto }) query: TagsQueryDto): Promise<TagsPageView> {
    return this.tags.page(actor, query);
  }

  @RpcHandler(TicketsSubjects.tagsList)
  list(@RpcActor() actor: Actor, @RpcData({ dto: TagsQueryDto }) query: TagsQueryDto): Promise<TagView[]> {
    return this.tags.list(actor, query.kanban === true);
  }

  @RpcHandler(TicketsSubjects.tagsKanban)
  kanban(@RpcActor() actor: Actor): Promise<TagView[]> {
    return this.tags.list(actor, true);
  }

  @RpcHandler(TicketsSubjects.tagsShow)
  show(@RpcActor() actor: Actor, @RpcId() id: number): Promise<TagView> {
    return this.tags.show(actor, id);
  }

  @RpcHandler(TicketsSubjects.tagsCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: TagDto }) dto: TagDto): Promise<TagView> {
    return this.tags.create(actor, dto);
  }

  @RpcHandler(TicketsSubjects.tagsUpdate)
  update(@RpcActor() actor: Actor, @RpcId() id: number, @RpcData({ dto: UpdateTagDto, path: 'body' }) dto: UpdateTagDto): Promise<TagView> {
    return this.tags.update(actor, id, dto);
  }

  @RpcHandler(TicketsSubjects.tagsDelete)
  delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    return this.tags.delete(actor, id);
  }

  @RpcHandler(TicketsSubjects.tagsSync)
  sync(@RpcActor() actor: Actor, @RpcData({ dto: TagSyncDto }) dto: TagSyncDto): Promise<TicketView> {
    return this.tags.sync(actor, dto);
  }
}
