import { Body, Controller, Get, Inject, Put } from '@nestjs/common';
import { IdentitySubjects, SavePermissionsDto, type ActorState, type PermissionsView } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPermission } from '../auth/decorators.js';
import { CompanyGrantsCache } from '../auth/company-grants.cache.js';

/** What each profile of the company may do (issue 28): admins read the matrix and change supervisors' and users' grants. */
@Controller('permissions')
@RequiresPermission('permissions:manage')
export class PermissionsController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(CompanyGrantsCache) private readonly grants: CompanyGrantsCache,
  ) {}

  /** Every action with its defaults, the profiles that may hold it and those holding it now. */
  @Get()
  show(@CurrentActor() actor: ActorState): Promise<PermissionsView> {
    return this.rpc.request(IdentitySubjects.permissionsShow, {}, { actor });
  }

  /** `{ profile: 'supervisor' | 'user', actions }`: the whole list the profile holds from now on. */
  @Put()
  async save(@CurrentActor() actor: ActorState, @Body() body: SavePermissionsDto): Promise<PermissionsView> {
    const view = await this.rpc.request(IdentitySubjects.permissionsSave, { profile: body.profile, actions: body.actions }, { actor });
    // this gateway applies it before answering; the others when they hear identity's announcement
    this.grants.remember(actor.companyId, {
      supervisor: view.actions.filter((entry) => entry.granted.includes('supervisor')).map((entry) => entry.action),
      user: view.actions.filter((entry) => entry.granted.includes('user')).map((entry) => entry.action),
    });
    return view;
  }
}
