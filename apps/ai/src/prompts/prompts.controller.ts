import { Controller, Inject } from '@nestjs/common';
import {
  AiReferencesDto,
  AiSubjects,
  PromptDto,
  UpdatePromptDto,
  type Actor,
  type Done,
  type MissingReferences,
  type PromptsListView,
  type PromptView,
} from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler, RpcId } from '@atrium/messaging';
import { QueueIntegrationsService } from '../integrations/queue-integrations.service.js';
import { PromptsService } from './prompts.service.js';

/** Thin: validates at the NATS boundary, calls one service method. */
@Controller()
export class PromptsController {
  constructor(
    @Inject(PromptsService) private readonly prompts: PromptsService,
    @Inject(QueueIntegrationsService) private readonly integrations: QueueIntegrationsService,
  ) {}

  @RpcHandler(AiSubjects.promptsList)
  list(@RpcActor() actor: Actor): Promise<PromptsListView> {
    return this.prompts.list(actor);
  }

  @RpcHandler(AiSubjects.promptsShow)
  show(@RpcActor() actor: Actor, @RpcId() id: number): Promise<PromptView> {
    return this.prompts.show(actor, id);
  }

  @RpcHandler(AiSubjects.promptsCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: PromptDto }) dto: PromptDto): Promise<PromptView> {
    return this.prompts.create(actor, dto);
  }

  @RpcHandler(AiSubjects.promptsUpdate)
  update(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: UpdatePromptDto, path: 'body' }) dto: UpdatePromptDto,
  ): Promise<PromptView> {
    return this.prompts.update(actor, id, dto);
  }

  @RpcHandler(AiSubjects.promptsDelete)
  delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<Done> {
    return this.prompts.delete(actor, id);
  }

  /**
   * Which prompt and integration ids are not the actor's company's (asked by tickets and sessions
   * before they store a promptId or integrationId); integration ids are checked by their context.
   */
  @RpcHandler(AiSubjects.referencesMissing)
  async missing(
    @RpcActor() actor: Actor,
    @RpcData({ dto: AiReferencesDto }) dto: AiReferencesDto,
  ): Promise<MissingReferences<'promptIds' | 'integrationIds'>> {
    const prompts = await this.prompts.missingPrompts(actor, dto);
    const integrationIds = await this.integrations.missingIds(actor.companyId, dto.integrationIds ?? []);
    return { missing: { ...prompts.missing, ...(integrationIds.length > 0 ? { integrationIds } : {}) } };
  }
}
