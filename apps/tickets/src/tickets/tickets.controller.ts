import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  CreateTicketDto,
  TicketsQueryDto,
  TicketsSubjects,
  UpdateTicketDto,
  type Actor,
  type TicketsPageView,
  type TicketView,
} from '@atrium/contracts';
import { RpcActor, RpcData, RpcId } from '@atrium/messaging';
import { TicketsService } from './tickets.service.js';

@Controller()
export class TicketsController {
  constructor(@Inject(TicketsService) private readonly tickets: TicketsService) {}

  @MessagePattern(TicketsSubjects.ticketsPage)
  page(@RpcActor() actor: Actor, @RpcData({ dto: TicketsQueryDto }) query: TicketsQueryDto): Promise<TicketsPageView> {
    return this.tickets.page(actor, query);
  }

  @MessagePattern(TicketsSubjects.ticketsShow)
  show(@RpcActor() actor: Actor, @RpcId() id: number): Promise<TicketView> {
    return this.tickets.show(actor, id);
  }

  @MessagePattern(TicketsSubjects.ticketsShowByUuid)
  showByUuid(@RpcActor() actor: Actor, @RpcData({ path: 'uuid' }) uuid: unknown): Promise<TicketView> {
    return this.tickets.showByUuid(actor, String(uuid ?? ''));
  }

  @MessagePattern(TicketsSubjects.ticketsCanView)
  canView(@RpcActor() actor: Actor, @RpcId('ticketId') ticketId: number): Promise<{ allowed: boolean }> {
    return this.tickets.canView(actor, ticketId);
  }

  @MessagePattern(TicketsSubjects.ticketsCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: CreateTicketDto }) dto: CreateTicketDto): Promise<TicketView> {
    return this.tickets.create(actor, dto);
  }

  @MessagePattern(TicketsSubjects.ticketsUpdate)
  update(@RpcActor() actor: Actor, @RpcId() id: number, @RpcData({ dto: UpdateTicketDto, path: 'body' }) dto: UpdateTicketDto): Promise<TicketView> {
    return this.tickets.update(actor, id, dto);
  }

  @MessagePattern(TicketsSubjects.ticketsDelete)
  delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    return this.tickets.delete(actor, id);
  }
}
