import { Controller, Inject } from '@nestjs/common';
import { AiSubjects, PromptDto, UpdatePromptDto, type Actor, type Done, type PromptsListView, type PromptView } from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler, RpcId } from '@atrium/messaging';
import { PromptsService } from './prompts.service.js';

/** Thin: validates at the NATS boundary, calls one service method. */
@Controller()
export class PromptsController {
  constructor(@Inject(PromptsService) private readonly prompts: PromptsService) {}

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
}
