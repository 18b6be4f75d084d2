import { Controller, Inject } from '@nestjs/common';
import {
  CreateTicketDto,
  TicketsQueryDto,
  TicketsSubjects,
  UpdateTicketDto,
  type Actor,
  type TicketsPageView,
  type TicketView,
} from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler, RpcId } from '@atrium/messaging';
import { TicketsService } from './tickets.service.js';

@Controller()
export class TicketsController {
  constructor(@Inject(TicketsService) private readonly tickets: TicketsService) {}

  @RpcHandler(TicketsSubjects.ticketsPage)
  page(@RpcActor() actor: Actor, @RpcData({ dto: TicketsQueryDto }) query: TicketsQueryDto): Promise<TicketsPageView> {
    return this.tickets.page(actor, query);
  }

  @RpcHandler(TicketsSubjects.ticketsShow)
  show(@RpcActor() actor: Actor, @RpcId() id: number): Promise<TicketView> {
    return this.tickets.show(actor, id);
  }

  @RpcHandler(TicketsSubjects.ticketsShowByUuid)
  showByUuid(@RpcActor() actor: Actor, @RpcData({ path: 'uuid' }) uuid: unknown): Promise<TicketView> {
    return this.tickets.showByUuid(actor, String(uuid ?? ''));
  }

  @RpcHandler(TicketsSubjects.ticketsCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: CreateTicketDto }) dto: CreateTicketDto): Promise<TicketView> {
    return this.tickets.create(actor, dto);
  }

  @RpcHandler(TicketsSubjects.ticketsUpdate)
  update(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: UpdateTicketDto, path: 'body' }) dto: UpdateTicketDto,
  ): Promise<TicketView> {
    return this.tickets.update(actor, id, dto);
  }

  @RpcHandler(TicketsSubjects.ticketsDelete)
  delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    return this.tickets.delete(actor, id);
  }
}
