import { Body, Controller, Delete, Get, Inject, Param, Post, Put } from '@nestjs/common';
import {
  AiSubjects,
  PromptDto,
  UpdatePromptDto,
  type ActorState,
  type Done,
  type PromptsListView,
  type PromptView,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPlan, RequiresPermission } from '../auth/decorators.js';
import { IdPipe } from '../core/id.pipe.js';

/** OpenAI prompts (spec 001 "AI prompts", `/prompt` calls); plan flag useOpenAi. Keys are write-only: answers show them masked. */
@Controller('prompt')
@RequiresPermission('prompts:manage')
@RequiresPlan('useOpenAi')
export class PromptsController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Get()
  list(@CurrentActor() actor: ActorState): Promise<PromptsListView> {
    return this.rpc.request(AiSubjects.promptsList, {}, { actor });
  }

  @Get(':id')
  show(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<PromptView> {
    return this.rpc.request(AiSubjects.promptsShow, { id }, { actor });
  }

  @Post()
  create(@CurrentActor() actor: ActorState, @Body() body: PromptDto): Promise<PromptView> {
    return this.rpc.request(AiSubjects.promptsCreate, body, { actor });
  }

  @Put(':id')
  update(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number, @Body() body: UpdatePromptDto): Promise<PromptView> {
    return this.rpc.request(AiSubjects.promptsUpdate, { id, body }, { actor });
  }

  @Delete(':id')
  delete(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<Done> {
    return this.rpc.request(AiSubjects.promptsDelete, { id }, { actor });
  }
}
