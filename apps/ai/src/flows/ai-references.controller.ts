import { Controller, Inject } from '@nestjs/common';
import { AiReferencesDto, AiSubjects, type Actor, type MissingReferences } from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler } from '@atrium/messaging';
import { QueueIntegrationsService } from '../integrations/queue-integrations.service.js';
import { PromptsService } from '../prompts/prompts.service.js';
import { FlowsService } from './flows.service.js';

/**
 * `ai.references.missing`: which prompt, integration and flow ids are not the actor's company's
 * (asked by tickets and sessions before they store a promptId, integrationId or flowId).
 */
@Controller()
export class AiReferencesController {
  constructor(
    @Inject(PromptsService) private readonly prompts: PromptsService,
    @Inject(QueueIntegrationsService) private readonly integrations: QueueIntegrationsService,
    @Inject(FlowsService) private readonly flows: FlowsService,
  ) {}

  @RpcHandler(AiSubjects.referencesMissing)
  async missing(
    @RpcActor() actor: Actor,
    @RpcData({ dto: AiReferencesDto }) dto: AiReferencesDto,
  ): Promise<MissingReferences<'promptIds' | 'integrationIds' | 'flowIds'>> {
    const prompts = await this.prompts.missingPrompts(actor, dto);
    const integrationIds = await this.integrations.missingIds(actor.companyId, dto.integrationIds ?? []);
    const flowIds = await this.flows.missingIds(actor.companyId, dto.flowIds ?? []);
    return {
      missing: {
        ...prompts.missing,
        ...(integrationIds.length > 0 ? { integrationIds } : {}),
        ...(flowIds.length > 0 ? { flowIds } : {}),
      },
    };
  }
}
