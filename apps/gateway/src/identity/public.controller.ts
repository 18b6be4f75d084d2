import { Controller, Get, Inject } from '@nestjs/common';
import { IdentitySubjects, type PublicPlanView } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import { Public } from '../auth/decorators.js';
import type { GatewayConfig } from '../config.js';

/** Calls anyone may make before logging in. */
@Controller()
export class PublicController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Public()
  @Get('version')
  version(): { version: string } {
    return { version: this.config.APP_VERSION };
  }

  @Public()
  @Get('plans/list')
  plans(): Promise<PublicPlanView[]> {
    return this.rpc.request(IdentitySubjects.plansPublicList, {});
  }
}
