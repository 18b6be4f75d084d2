import { Controller, Inject } from '@nestjs/common';
import {
  AiSubjects,
  QueueIntegrationDto,
  QueueIntegrationsQueryDto,
  QueueIntegrationTestSessionDto,
  type Actor,
  type QueueIntegrationsPageView,
  type QueueIntegrationTestSessionView,
  type QueueIntegrationView,
} from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler, RpcId } from '@atrium/messaging';
import { DialogflowTestSessionService } from './dialogflow-test-session.service.js';
import { QueueIntegrationsService } from './queue-integrations.service.js';

/** Thin: validates at the NATS boundary, calls one service method. */
@Controller()
export class QueueIntegrationsController {
  constructor(
    @Inject(QueueIntegrationsService) private readonly integrations: QueueIntegrationsService,
    @Inject(DialogflowTestSessionService) private readonly testSessions: DialogflowTestSessionService,
  ) {}

  @RpcHandler(AiSubjects.queueIntegrationsPage)
  page(
    @RpcActor() actor: Actor,
    @RpcData({ dto: QueueIntegrationsQueryDto }) query: QueueIntegrationsQueryDto,
  ): Promise<QueueIntegrationsPageView> {
    return this.integrations.page(actor, query);
  }

  @RpcHandler(AiSubjects.queueIntegrationsShow)
  show(@RpcActor() actor: Actor, @RpcId() id: number): Promise<QueueIntegrationView> {
    return this.integrations.show(actor, id);
  }

  @RpcHandler(AiSubjects.queueIntegrationsSigningSecret)
  signingSecret(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ signingSecret: string | null }> {
    return this.integrations.signingSecret(actor, id);
  }

  @RpcHandler(AiSubjects.queueIntegrationsCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: QueueIntegrationDto }) dto: QueueIntegrationDto): Promise<QueueIntegrationView> {
    return this.integrations.create(actor, dto);
  }

  @RpcHandler(AiSubjects.queueIntegrationsUpdate)
  update(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: QueueIntegrationDto, path: 'body' }) dto: QueueIntegrationDto,
  ): Promise<QueueIntegrationView> {
    return this.integrations.update(actor, id, dto);
  }

  @RpcHandler(AiSubjects.queueIntegrationsDelete)
  delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    return this.integrations.delete(actor, id);
  }

  @RpcHandler(AiSubjects.queueIntegrationsTestSession)
  testSession(
    @RpcActor() _actor: Actor,
    @RpcData({ dto: QueueIntegrationTestSessionDto }) dto: QueueIntegrationTestSessionDto,
  ): Promise<QueueIntegrationTestSessionView> {
    return this.testSessions.test(dto);
  }
}
