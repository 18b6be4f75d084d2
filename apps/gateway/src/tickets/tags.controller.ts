import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query } from '@nestjs/common';
import {
  TagDto,
  TagsQueryDto,
  TagSyncDto,
  TicketsSubjects,
  UpdateTagDto,
  type ActorState,
  type TagsPageView,
  type TagView,
  type TicketView,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPlan } from '../auth/decorators.js';
import { IdPipe } from '../core/id.pipe.js';

/** Tags (spec 000 section 7, spec 001 "Tags") and the tags of a ticket. */
@Controller('tags')
export class TagsController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  /** The tags page: search, 20 a page, each tag with its ticket count. */
  @Get()
  page(@CurrentActor() actor: ActorState, @Query() query: TagsQueryDto): Promise<TagsPageView> {
    return this.rpc.request(TicketsSubjects.tagsPage, query, { actor });
  }

  /** Every tag (the ticket's tag picker). */
  @Get('list')
  list(@CurrentActor() actor: ActorState, @Query() query: TagsQueryDto): Promise<TagView[]> {
    return this.rpc.request(TicketsSubjects.tagsList, query, { actor });
  }

  /** The kanban lanes (spec 001: response `lista`). */
  @Get('kanban')
  @RequiresPlan('useKanban')
  async kanban(@CurrentActor() actor: ActorState): Promise<{ lista: TagView[] }> {
    return { lista: await this.rpc.request(TicketsSubjects.tagsKanban, {}, { actor }) };
  }

  /** The ticket's tags become exactly `tags` (ids or tag objects). */
  @Post('sync')
  sync(@CurrentActor() actor: ActorState, @Body() body: TagSyncDto): Promise<TicketView> {
    return this.rpc.request(TicketsSubjects.tagsSync, body, { actor });
  }

  @Get(':id')
  show(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<TagView> {
    return this.rpc.request(TicketsSubjects.tagsShow, { id }, { actor });
  }

  @Post()
  create(@CurrentActor() actor: ActorState, @Body() body: TagDto): Promise<TagView> {
    return this.rpc.request(TicketsSubjects.tagsCreate, body, { actor });
  }

  @Put(':id')
  update(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number, @Body() body: UpdateTagDto): Promise<TagView> {
    return this.rpc.request(TicketsSubjects.tagsUpdate, { id, body }, { actor });
  }

  @Delete(':id')
  delete(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<{ message: string }> {
    return this.rpc.request(TicketsSubjects.tagsDelete, { id }, { actor });
  }
}
