import { Controller, Inject } from '@nestjs/common';
import {
  DashboardQueryDto,
  DashboardSubjects,
  TicketsChartQueryDto,
  type Actor,
  type DashboardView,
  type TicketsPerDayView,
  type TicketsPerUserView,
} from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler } from '@atrium/messaging';
import { DashboardService } from './dashboard.service.js';

@Controller()
export class DashboardController {
  constructor(@Inject(DashboardService) private readonly dashboard: DashboardService) {}

  @RpcHandler(DashboardSubjects.summary)
  summary(@RpcActor() actor: Actor, @RpcData({ dto: DashboardQueryDto }) query: DashboardQueryDto): Promise<DashboardView> {
    return this.dashboard.summary(actor, query);
  }

  @RpcHandler(DashboardSubjects.ticketsUsers)
  ticketsUsers(@RpcActor() actor: Actor, @RpcData({ dto: TicketsChartQueryDto }) query: TicketsChartQueryDto): Promise<TicketsPerUserView> {
    return this.dashboard.ticketsUsers(actor, query);
  }

  @RpcHandler(DashboardSubjects.ticketsDay)
  ticketsDay(@RpcActor() actor: Actor, @RpcData({ dto: TicketsChartQueryDto }) query: TicketsChartQueryDto): Promise<TicketsPerDayView> {
    return this.dashboard.ticketsDay(actor, query);
  }
}
