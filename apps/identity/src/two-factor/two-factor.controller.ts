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
import { TwoFactorService } from './two-factor.service.js';

@Controller()
export class TwoFactorController {
  constructor(@Inject(TwoFactorService) private readonly twoFactor: TwoFactorService) {}

  @RpcHandler(IdentitySubjects.authLoginTwoFactor)
  login(@RpcData({ dto: LoginTwoFactorDto }) dto: LoginTwoFactorDto, @RpcClientInfo() client: ClientInfo): Promise<IssuedSession> {
    return this.twoFactor.completeLogin(dto, client);
  }

  @RpcHandler(IdentitySubjects.twoFactorSetup)
  setup(
    @RpcOptionalActor() actor: Actor | undefined,
    @RpcData({ dto: TwoFactorSetupDto }) dto: TwoFactorSetupDto,
  ): Promise<TwoFactorSetupView> {
    return this.twoFactor.setup(actor, dto.challenge);
  }

  @RpcHandler(IdentitySubjects.twoFactorEnable)
  enable(
    @RpcOptionalActor() actor: Actor | undefined,
    @RpcData({ dto: TwoFactorEnableDto }) dto: TwoFactorEnableDto,
    @RpcClientInfo() client: ClientInfo,
  ): Promise<TwoFactorEnabledView & { session?: IssuedSession }> {
    return this.twoFactor.enable(actor, dto, client);
  }

  @RpcHandler(IdentitySubjects.twoFactorDisable)
  async disable(
    @RpcActor() actor: Actor,
    @RpcData({ dto: TwoFactorCodeDto }) dto: TwoFactorCodeDto,
    @RpcClientInfo() client: ClientInfo,
  ): Promise<Done> {
    await this.twoFactor.disable(actor, dto.code, client);
    return { message: 'ok' };
  }

  @RpcHandler(IdentitySubjects.twoFactorReset)
  async reset(@RpcActor() actor: Actor, @RpcId() id: number): Promise<Done> {
    await this.twoFactor.reset(actor, id);
    return { message: 'ok' };
  }
}
