import { Controller, Inject } from '@nestjs/common';
import {
  ReadModelPageDto,
  SessionsReferencesDto,
  SessionsSubjects,
  StartSessionDto,
  UpdateWhatsappDto,
  WhatsappDto,
  WhatsappTokenDto,
  type Actor,
  type MissingReferences,
  type WhatsappRefRecord,
  type WhatsappTokenOwner,
  type WhatsappTokenView,
  type WhatsappView,
} from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler, RpcId } from '@atrium/messaging';
import { ConnectionsService } from './connections.service.js';

/** NATS handlers of connections and their sessions; the gateway maps the spec's REST paths onto them. */
@Controller()
export class ConnectionsController {
  constructor(@Inject(ConnectionsService) private readonly connections: ConnectionsService) {}

  @RpcHandler(SessionsSubjects.whatsappList)
  list(@RpcActor() actor: Actor): Promise<WhatsappView[]> {
    return this.connections.list(actor);
  }

  /** For tickets' read model of connections, reconciled on its start (no actor; not reachable from the gateway). */
  @RpcHandler(SessionsSubjects.whatsappRefs)
  refs(@RpcData({ dto: ReadModelPageDto }) page: ReadModelPageDto): Promise<WhatsappRefRecord[]> {
    return this.connections.refs(page.afterId ?? 0);
  }

  @RpcHandler(SessionsSubjects.whatsappShow)
  show(@RpcActor() actor: Actor, @RpcId() id: number): Promise<WhatsappView> {
    return this.connections.show(actor, id);
  }

  @RpcHandler(SessionsSubjects.referencesMissing)
  missing(@RpcActor() actor: Actor, @RpcData({ dto: SessionsReferencesDto }) dto: SessionsReferencesDto): Promise<MissingReferences> {
    return this.connections.missing(actor, dto);
  }

  @RpcHandler(SessionsSubjects.whatsappCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: WhatsappDto }) dto: WhatsappDto): Promise<WhatsappView> {
    return this.connections.create(actor, dto);
  }

  @RpcHandler(SessionsSubjects.whatsappUpdate)
  update(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: UpdateWhatsappDto, path: 'body' }) dto: UpdateWhatsappDto,
  ): Promise<WhatsappView> {
    return this.connections.update(actor, id, dto);
  }

  @RpcHandler(SessionsSubjects.whatsappDelete)
  delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    return this.connections.delete(actor, id);
  }

  /** Service-to-service (the external API): no actor. */
  @RpcHandler(SessionsSubjects.whatsappByToken)
  byToken(@RpcData({ dto: WhatsappTokenDto }) dto: WhatsappTokenDto): Promise<WhatsappTokenOwner> {
    return this.connections.byToken(dto.token);
  }

  @RpcHandler(SessionsSubjects.whatsappTokenRegenerate)
  regenerateToken(@RpcActor() actor: Actor, @RpcId() id: number): Promise<WhatsappTokenView> {
    return this.connections.regenerateToken(actor, id);
  }

  @RpcHandler(SessionsSubjects.sessionStart)
  start(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: StartSessionDto, path: 'body' }) dto: StartSessionDto,
  ): Promise<{ message: string }> {
    return this.connections.startSession(actor, id, dto);
  }

  @RpcHandler(SessionsSubjects.sessionNewQr)
  newQr(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    return this.connections.newQr(actor, id);
  }

  @RpcHandler(SessionsSubjects.sessionDisconnect)
  disconnect(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    return this.connections.disconnect(actor, id);
  }
}
