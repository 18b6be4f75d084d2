import { Controller, Inject } from '@nestjs/common';
import { IdentitySubjects, SavePermissionsDto, type Actor, type CompanyGrantsView, type PermissionsView } from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler, RpcId } from '@atrium/messaging';
import { PermissionsService } from './permissions.service.js';

@Controller()
export class PermissionsController {
  constructor(@Inject(PermissionsService) private readonly permissions: PermissionsService) {}

  @RpcHandler(IdentitySubjects.permissionsShow)
  show(@RpcActor() actor: Actor): Promise<PermissionsView> {
    return this.permissions.show(actor);
  }

  @RpcHandler(IdentitySubjects.permissionsSave)
  save(@RpcActor() actor: Actor, @RpcData({ dto: SavePermissionsDto }) dto: SavePermissionsDto): Promise<PermissionsView> {
    return this.permissions.save(actor, dto);
  }

  /** Data `{ companyId }`, no actor: the gateway's grant cache. */
  @RpcHandler(IdentitySubjects.permissionsGrants)
  grants(@RpcId('companyId') companyId: number): Promise<CompanyGrantsView> {
    return this.permissions.grants(companyId);
  }
}
