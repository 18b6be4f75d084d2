import { Controller, Inject } from '@nestjs/common';
import { IdentitySubjects, OnboardingUpdateDto, type Actor, type OnboardingView } from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler } from '@atrium/messaging';
import { OnboardingService } from './onboarding.service.js';

@Controller()
export class OnboardingController {
  constructor(@Inject(OnboardingService) private readonly onboarding: OnboardingService) {}

  @RpcHandler(IdentitySubjects.onboardingShow)
  show(@RpcActor() actor: Actor): Promise<OnboardingView> {
    return this.onboarding.show(actor);
  }

  @RpcHandler(IdentitySubjects.onboardingUpdate)
  update(@RpcActor() actor: Actor, @RpcData({ dto: OnboardingUpdateDto }) dto: OnboardingUpdateDto): Promise<OnboardingView> {
    return this.onboarding.update(actor, dto.dismissed);
  }
}
