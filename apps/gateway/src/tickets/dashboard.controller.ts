import { Controller, Get, Inject, Query } from '@nestjs/common';
import {
  DashboardQueryDto,
  DashboardSubjects,
  IdentitySubjects,
  TicketsChartQueryDto,
  type ActorState,
  type DashboardView,
  type TicketsPerDayView,
  type TicketsPerUserView,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPermission } from '../auth/decorators.js';
import { attendantsTable } from './dashboard-attendants.js';

/** The admin dashboard (spec 000 "Dashboard", issue 15): figures of the token's company only. */
@Controller('dashboard')
@RequiresPermission('dashboard:view')
export class DashboardController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  /** Counters, attendants (every user, with who is online now as identity records the live sockets) and queues of the period. */
  @Get()
  async summary(@CurrentActor() actor: ActorState, @Query() query: DashboardQueryDto): Promise<DashboardView> {
    const [view, users] = await Promise.all([
      this.rpc.request(DashboardSubjects.summary, query, { actor }),
      this.rpc.request(IdentitySubjects.usersList, {}, { actor }),
    ]);
    return { ...view, attendants: attendantsTable(view.attendants, users) };
  }

  /** Tickets per agent for the chart. */
  @Get('ticketsUsers')
  ticketsUsers(@CurrentActor() actor: ActorState, @Query() query: TicketsChartQueryDto): Promise<TicketsPerUserView> {
    return this.rpc.request(DashboardSubjects.ticketsUsers, query, { actor });
  }

  /** Tickets per hour (one day) or per day for the chart. */
  @Get('ticketsDay')
  ticketsDay(@CurrentActor() actor: ActorState, @Query() query: TicketsChartQueryDto): Promise<TicketsPerDayView> {
    return this.rpc.request(DashboardSubjects.ticketsDay, query, { actor });
  }
}
