import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
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
import { RpcActor, RpcData, RpcId } from '@atrium/messaging';
import { TagsService } from './tags.service.js';

@Controller()
export class TagsController {
  constructor(@Inject(TagsService) private readonly tags: TagsService) {}

  @MessagePattern(TicketsSubjects.tagsPage)
  page(@RpcActor() actor: Actor, @RpcData({ dto: TagsQueryDto }) query: TagsQueryDto): Promise<TagsPageView> {
    return this.tags.page(actor, query);
  }

  @MessagePattern(TicketsSubjects.tagsList)
  list(@RpcActor() actor: Actor, @RpcData({ dto: TagsQueryDto }) query: TagsQueryDto): Promise<TagView[]> {
    return this.tags.list(actor, query.kanban === true);
  }

  @MessagePattern(TicketsSubjects.tagsKanban)
  kanban(@RpcActor() actor: Actor): Promise<TagView[]> {
    return this.tags.list(actor, true);
  }

  @MessagePattern(TicketsSubjects.tagsShow)
  show(@RpcActor() actor: Actor, @RpcId() id: number): Promise<TagView> {
    return this.tags.show(actor, id);
  }

  @MessagePattern(TicketsSubjects.tagsCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: TagDto }) dto: TagDto): Promise<TagView> {
    return this.tags.create(actor, dto);
  }

  @MessagePattern(TicketsSubjects.tagsUpdate)
  update(@RpcActor() actor: Actor, @RpcId() id: number, @RpcData({ dto: UpdateTagDto, path: 'body' }) dto: UpdateTagDto): Promise<TagView> {
    return this.tags.update(actor, id, dto);
  }

  @MessagePattern(TicketsSubjects.tagsDelete)
  delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    return this.tags.delete(actor, id);
  }

  @MessagePattern(TicketsSubjects.tagsSync)
  sync(@RpcActor() actor: Actor, @RpcData({ dto: TagSyncDto }) dto: TagSyncDto): Promise<TicketView> {
    return this.tags.sync(actor, dto);
  }
}
