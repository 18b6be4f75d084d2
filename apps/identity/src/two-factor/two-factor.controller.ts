import { Controller, Inject } from '@nestjs/common';
import {
  IdentitySubjects,
  LoginTwoFactorDto,
  TwoFactorCodeDto,
  TwoFactorEnableDto,
  TwoFactorSetupDto,
  type Actor,
  type ClientInfo,
  type Done,
  type IssuedSession,
  type TwoFactorEnabledView,
  type TwoFactorSetupView,
} from '@atrium/contracts';
import { RpcActor, RpcClientInfo, RpcData, RpcHandler, RpcId, RpcOptionalActor } from '@atrium/messaging';
import { TwoFactorEnrolmentService } from './two-factor-enrolment.service.js';
import { TwoFactorLoginService } from './two-factor-login.service.js';
import { TwoFactorRemovalService } from './two-factor-removal.service.js';

@Controller()
export class TwoFactorController {
  constructor(
    @Inject(TwoFactorLoginService) private readonly login: TwoFactorLoginService,
    @Inject(TwoFactorEnrolmentService) private readonly enrolment: TwoFactorEnrolmentService,
    @Inject(TwoFactorRemovalService) private readonly removal: TwoFactorRemovalService,
  ) {}

  @RpcHandler(IdentitySubjects.authLoginTwoFactor)
  completeLogin(@RpcData({ dto: LoginTwoFactorDto }) dto: LoginTwoFactorDto, @RpcClientInfo() client: ClientInfo): Promise<IssuedSession> {
    return this.login.complete(dto, client);
  }

  @RpcHandler(IdentitySubjects.twoFactorSetup)
  setup(
    @RpcOptionalActor() actor: Actor | undefined,
    @RpcData({ dto: TwoFactorSetupDto }) dto: TwoFactorSetupDto,
  ): Promise<TwoFactorSetupView> {
    return this.enrolment.setup(actor, dto.challenge);
  }

  @RpcHandler(IdentitySubjects.twoFactorEnable)
  enable(
    @RpcOptionalActor() actor: Actor | undefined,
    @RpcData({ dto: TwoFactorEnableDto }) dto: TwoFactorEnableDto,
    @RpcClientInfo() client: ClientInfo,
  ): Promise<TwoFactorEnabledView & { session?: IssuedSession }> {
    return this.enrolment.enable(actor, dto, client);
  }

  @RpcHandler(IdentitySubjects.twoFactorDisable)
  async disable(
    @RpcActor() actor: Actor,
    @RpcData({ dto: TwoFactorCodeDto }) dto: TwoFactorCodeDto,
    @RpcClientInfo() client: ClientInfo,
  ): Promise<Done> {
    await this.removal.disable(actor, dto.code, client);
    return { message: 'ok' };
  }

  @RpcHandler(IdentitySubjects.twoFactorReset)
  async reset(@RpcActor() actor: Actor, @RpcId() id: number): Promise<Done> {
    await this.removal.reset(actor, id);
    return { message: 'ok' };
  }
}
