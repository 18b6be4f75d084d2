import { Controller, Inject } from '@nestjs/common';
import {
  CampaignsSubjects,
  ScheduleDto,
  ScheduleMediaDto,
  SchedulesQueryDto,
  UpdateScheduleDto,
  type Actor,
  type SchedulesPageView,
  type ScheduleView,
} from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler, RpcId } from '@atrium/messaging';
import { SchedulesService } from './schedules.service.js';

/** Thin: validates at the NATS boundary, calls one service method. */
@Controller()
export class SchedulesController {
  constructor(@Inject(SchedulesService) private readonly schedules: SchedulesService) {}

  @RpcHandler(CampaignsSubjects.schedulesPage)
  page(@RpcActor() actor: Actor, @RpcData({ dto: SchedulesQueryDto }) query: SchedulesQueryDto): Promise<SchedulesPageView> {
    return this.schedules.page(actor, query);
  }

  @RpcHandler(CampaignsSubjects.schedulesShow)
  show(@RpcActor() actor: Actor, @RpcId() id: number): Promise<ScheduleView> {
    return this.schedules.show(actor, id);
  }

  @RpcHandler(CampaignsSubjects.schedulesCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: ScheduleDto }) dto: ScheduleDto): Promise<ScheduleView> {
    return this.schedules.create(actor, dto);
  }

  @RpcHandler(CampaignsSubjects.schedulesUpdate)
  update(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: UpdateScheduleDto, path: 'body' }) dto: UpdateScheduleDto,
  ): Promise<ScheduleView> {
    return this.schedules.update(actor, id, dto);
  }

  @RpcHandler(CampaignsSubjects.schedulesSetMedia)
  setMedia(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: ScheduleMediaDto, path: 'body' }) dto: ScheduleMediaDto,
  ): Promise<ScheduleView> {
    return this.schedules.setMedia(actor, id, dto);
  }

  @RpcHandler(CampaignsSubjects.schedulesDelete)
  delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    return this.schedules.delete(actor, id);
  }
}
