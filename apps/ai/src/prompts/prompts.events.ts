import { Inject, Injectable } from '@nestjs/common';
import type { PromptView } from '@atrium/contracts';
import { EventBus } from '@atrium/messaging';

/** `company-{id}-prompt` for the prompts page (spec 001 "Live lists"), published after the commit. */
@Injectable()
export class PromptsEvents {
  constructor(@Inject(EventBus) private readonly bus: EventBus) {}

  saved(companyId: number, action: 'create' | 'update', prompt: PromptView): void {
    this.bus.publish({ kind: 'prompt', companyId, payload: { action, prompt } });
  }

  deleted(companyId: number, promptId: number): void {
    this.bus.publish({ kind: 'prompt', companyId, payload: { action: 'delete', promptId } });
  }
}
