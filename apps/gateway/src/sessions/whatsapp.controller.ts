import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query } from '@nestjs/common';
import {
  CreateTemplateDto,
  SessionsSubjects,
  UpdateWhatsappDto,
  WhatsappDto,
  WhatsappListQueryDto,
  type ActorState,
  type WhatsappTemplateView,
  type WhatsappTokenView,
  type WhatsappView,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPlan, RequiresPermission } from '../auth/decorators.js';
import { IdPipe } from '../core/id.pipe.js';
import { ApiTokenOwners } from '../external-api/api-token-owners.js';

/**
 * WhatsApp connections (spec 000 section 7, spec 001 "Connections"). Everyone reads them (ticket
 * and campaign forms pick a connection); only admins change them (connections-page permissions).
 */
@Controller('whatsapp')
export class WhatsappController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(ApiTokenOwners) private readonly tokenOwners: ApiTokenOwners,
  ) {}

  /** `companyId` and `session=0` are what the web app sends; the company comes from the token. */
  @Get()
  list(@CurrentActor() actor: ActorState, @Query() _query: WhatsappListQueryDto): Promise<WhatsappView[]> {
    return this.rpc.request(SessionsSubjects.whatsappList, {}, { actor });
  }

  @Get(':id')
  show(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<WhatsappView> {
    return this.rpc.request(SessionsSubjects.whatsappShow, { id }, { actor });
  }

  @Post()
  @RequiresPermission('connections-page:addConnection')
  create(@CurrentActor() actor: ActorState, @Body() body: WhatsappDto): Promise<WhatsappView> {
    return this.rpc.request(SessionsSubjects.whatsappCreate, body, { actor });
  }

  @Put(':id')
  @RequiresPermission('connections-page:editOrDeleteConnection')
  update(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number, @Body() body: UpdateWhatsappDto): Promise<WhatsappView> {
    return this.rpc.request(SessionsSubjects.whatsappUpdate, { id, body }, { actor });
  }

  /**
   * A new token for the external messaging API (`POST /api/messages/send`): strong and random,
   * answered this once (only its hash is kept); the connection's previous token stops working.
   */
  @Post(':id/token')
  @RequiresPermission('connections:manage')
  @RequiresPlan('useExternalApi')
  async regenerateToken(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<WhatsappTokenView> {
    const made = await this.rpc.request(SessionsSubjects.whatsappTokenRegenerate, { id }, { actor });
    // the old token stops here at once (other gateways hear of it by the connection's event)
    this.tokenOwners.forget(id);
    return made;
  }

  /** A Cloud API connection's message templates as last synced from its WhatsApp Business Account (issue 26). */
  @Get(':id/templates')
  templates(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<WhatsappTemplateView[]> {
    return this.rpc.request(SessionsSubjects.templatesList, { id }, { actor });
  }

  /** Asks Meta for the account's templates again (GET /{waba-id}/message_templates). */
  @Post(':id/templates/sync')
  @RequiresPermission('connections:manage')
  syncTemplates(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<WhatsappTemplateView[]> {
    return this.rpc.request(SessionsSubjects.templatesSync, { id }, { actor, timeoutMs: 30_000 });
  }

  /** Submits a new template to Meta for approval (POST /{waba-id}/message_templates); it is listed PENDING until Meta decides. */
  @Post(':id/templates')
  @RequiresPermission('connections:manage')
  createTemplate(
    @CurrentActor() actor: ActorState,
    @Param('id', IdPipe) id: number,
    @Body() body: CreateTemplateDto,
  ): Promise<WhatsappTemplateView> {
    return this.rpc.request(SessionsSubjects.templatesCreate, { id, body }, { actor, timeoutMs: 30_000 });
  }

  @Delete(':id')
  @RequiresPermission('connections-page:editOrDeleteConnection')
  delete(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<{ message: string }> {
    return this.rpc.request(SessionsSubjects.whatsappDelete, { id }, { actor });
  }
}
