import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import {
  AiSubjects,
  QueueIntegrationDto,
  QueueIntegrationsQueryDto,
  QueueIntegrationTestSessionDto,
  type ActorState,
  type QueueIntegrationsPageView,
  type QueueIntegrationTestSessionView,
  type QueueIntegrationView,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPlan, RequiresPermission } from '../auth/decorators.js';
import { IdPipe } from '../core/id.pipe.js';

/** Queue integrations (spec 001 "Queue integrations", `/queueIntegration` calls); plan flag useIntegrations, admins only. */
@Controller('queueIntegration')
@RequiresPlan('useIntegrations')
@RequiresPermission('integrations:manage')
export class QueueIntegrationsController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Get()
  page(@CurrentActor() actor: ActorState, @Query() query: QueueIntegrationsQueryDto): Promise<QueueIntegrationsPageView> {
    return this.rpc.request(AiSubjects.queueIntegrationsPage, query, { actor });
  }

  /** Dialogflow test query with the credentials being typed (nothing stored). */
  @Post('testSession')
  @HttpCode(200)
  testSession(@CurrentActor() actor: ActorState, @Body() body: QueueIntegrationTestSessionDto): Promise<QueueIntegrationTestSessionView> {
    return this.rpc.request(AiSubjects.queueIntegrationsTestSession, body, { actor });
  }

  @Get(':id')
  show(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<QueueIntegrationView> {
    return this.rpc.request(AiSubjects.queueIntegrationsShow, { id }, { actor });
  }

  /** The secret n8n/webhook calls are signed with, for the receiver's signature check (apps/ai/README.md). */
  @Get(':id/signingSecret')
  signingSecret(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<{ signingSecret: string | null }> {
    return this.rpc.request(AiSubjects.queueIntegrationsSigningSecret, { id }, { actor });
  }

  @Post()
  create(@CurrentActor() actor: ActorState, @Body() body: QueueIntegrationDto): Promise<QueueIntegrationView> {
    return this.rpc.request(AiSubjects.queueIntegrationsCreate, body, { actor });
  }

  @Put(':id')
  update(
    @CurrentActor() actor: ActorState,
    @Param('id', IdPipe) id: number,
    @Body() body: QueueIntegrationDto,
  ): Promise<QueueIntegrationView> {
    return this.rpc.request(AiSubjects.queueIntegrationsUpdate, { id, body }, { actor });
  }

  @Delete(':id')
  delete(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<{ message: string }> {
    return this.rpc.request(AiSubjects.queueIntegrationsDelete, { id }, { actor });
  }
}
