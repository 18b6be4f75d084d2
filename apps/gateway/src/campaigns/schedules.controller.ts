import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query } from '@nestjs/common';
import {
  CampaignsSubjects,
  ScheduleDto,
  SchedulesQueryDto,
  UpdateScheduleDto,
  type ActorState,
  type SchedulesPageView,
  type ScheduleView,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPlan } from '../auth/decorators.js';
import { IdPipe } from '../core/id.pipe.js';

/** Scheduled messages (spec 000 "schedule modal" and `/schedules` calls, spec 001 "Schedules calendar"); plan flag useSchedules. */
@Controller('schedules')
@RequiresPlan('useSchedules')
export class SchedulesController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

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
}
