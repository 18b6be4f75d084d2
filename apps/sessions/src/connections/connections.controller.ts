import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  SessionsSubjects,
  StartSessionDto,
  UpdateWhatsappDto,
  WhatsappDto,
  WhatsappTokenDto,
  type Actor,
  type WhatsappTokenOwner,
  type WhatsappView,
} from '@atrium/contracts';
import { RpcActor, RpcData, RpcId } from '@atrium/messaging';
import { ConnectionsService } from './connections.service.js';

/** NATS handlers of connections and their sessions; the gateway maps the spec's REST paths onto them. */
@Controller()
export class ConnectionsController {
  constructor(@Inject(ConnectionsService) private readonly connections: ConnectionsService) {}

  @MessagePattern(SessionsSubjects.whatsappList)
  list(@RpcActor() actor: Actor): Promise<WhatsappView[]> {
    return this.connections.list(actor);
  }

  @MessagePattern(SessionsSubjects.whatsappShow)
  show(@RpcActor() actor: Actor, @RpcId() id: number): Promise<WhatsappView> {
    return this.connections.show(actor, id);
  }

  @MessagePattern(SessionsSubjects.whatsappCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: WhatsappDto }) dto: WhatsappDto): Promise<WhatsappView> {
    return this.connections.create(actor, dto);
  }

  @MessagePattern(SessionsSubjects.whatsappUpdate)
  update(@RpcActor() actor: Actor, @RpcId() id: number, @RpcData({ dto: UpdateWhatsappDto, path: 'body' }) dto: UpdateWhatsappDto): Promise<WhatsappView> {
    return this.connections.update(actor, id, dto);
  }

  @MessagePattern(SessionsSubjects.whatsappDelete)
  delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    return this.connections.delete(actor, id);
  }

  /** Service-to-service (the external API): no actor. */
  @MessagePattern(SessionsSubjects.whatsappByToken)
  byToken(@RpcData({ dto: WhatsappTokenDto }) dto: WhatsappTokenDto): Promise<WhatsappTokenOwner> {
    return this.connections.byToken(dto.token);
  }

  @MessagePattern(SessionsSubjects.sessionStart)
  start(@RpcActor() actor: Actor, @RpcId() id: number, @RpcData({ dto: StartSessionDto, path: 'body' }) dto: StartSessionDto): Promise<{ message: string }> {
    return this.connections.startSession(actor, id, dto);
  }

  @MessagePattern(SessionsSubjects.sessionNewQr)
  newQr(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    return this.connections.newQr(actor, id);
  }

  @MessagePattern(SessionsSubjects.sessionDisconnect)
  disconnect(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    return this.connections.disconnect(actor, id);
  }
}
