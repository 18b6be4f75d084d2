import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { HelpDto, IdentitySubjects, PageQueryDto, UpdateHelpDto, type ActorState, type HelpView, type Page } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, Roles } from '../auth/decorators.js';
import { IdPipe } from '../core/id.pipe.js';

/** Help videos (spec 001 section 7): every logged-in user reads them, super users write them. */
@Controller('helps')
export class HelpsController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  /** A page of 20, searched by title or description. */
  @Get()
  page(@CurrentActor() actor: ActorState, @Query() query: PageQueryDto): Promise<Page<HelpView>> {
    return this.rpc.request(IdentitySubjects.helpsPage, query, { actor });
  }

  @Get('list')
  list(@CurrentActor() actor: ActorState): Promise<HelpView[]> {
    return this.rpc.request(IdentitySubjects.helpsList, {}, { actor });
  }

  @Get(':id')
  show(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<HelpView> {
    return this.rpc.request(IdentitySubjects.helpsShow, { id }, { actor });
  }

  @Post()
  @Roles('super')
  create(@CurrentActor() actor: ActorState, @Body() body: HelpDto): Promise<HelpView> {
    return this.rpc.request(IdentitySubjects.helpsCreate, body, { actor });
  }

  @Put(':id')
  @Roles('super')
  update(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number, @Body() body: UpdateHelpDto): Promise<HelpView> {
    return this.rpc.request(IdentitySubjects.helpsUpdate, { id, body }, { actor });
  }

  @Delete(':id')
  @Roles('super')
  delete(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<{ message: string }> {
    return this.rpc.request(IdentitySubjects.helpsDelete, { id }, { actor });
  }
}
