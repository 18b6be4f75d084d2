import { Body, Controller, Get, Inject, Put } from '@nestjs/common';
import { IdentitySubjects, OnboardingUpdateDto, type ActorState, type OnboardingView } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPermission } from '../auth/decorators.js';

/** The first-run checklist of a company's dashboard (issue 24): admins read it and dismiss it. */
@Controller('onboarding')
@RequiresPermission('settings:manage')
export class OnboardingController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Get()
  show(@CurrentActor() actor: ActorState): Promise<OnboardingView> {
    return this.rpc.request(IdentitySubjects.onboardingShow, {}, { actor });
  }

  /** `{ dismissed: true }` closes it for every admin of the company; `false` shows it again. */
  @Put()
  update(@CurrentActor() actor: ActorState, @Body() body: OnboardingUpdateDto): Promise<OnboardingView> {
    return this.rpc.request(IdentitySubjects.onboardingUpdate, { dismissed: body.dismissed }, { actor });
  }
}
