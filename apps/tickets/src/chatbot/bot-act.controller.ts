import { Controller, Inject } from '@nestjs/common';
import { BotHandoffSubjects, type BotActResult } from '@atrium/contracts';
import { RpcData, RpcHandler } from '@atrium/messaging';
import { botActInput } from './bot-act.input.js';
import { BotActService } from './bot-act.service.js';

/** `tickets.bot.act`: the ai service acting on a ticket handed to it (asked without an actor). */
@Controller()
export class BotActController {
  constructor(@Inject(BotActService) private readonly bot: BotActService) {}

  @RpcHandler(BotHandoffSubjects.act)
  act(@RpcData() data: unknown): Promise<BotActResult> {
    return this.bot.act(botActInput(data));
  }
}
