import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  isGrantable,
  mayDo,
  permissionsView,
  type Actor,
  type CompanyGrantsView,
  type PermissionsView,
  type SavePermissionsDto,
} from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import { IdentityEvents } from '../shared/identity.events.js';
import type { IdentityDatabase } from '../shared/identity-database.js';
import { PermissionsRepository } from './permissions.repository.js';

/**
 * What each profile of a company may do (issue 28). Admins (and super users) manage it; an
 * admin always holds every action, so nobody locks the company out of this screen. A save is
 * announced (`permissions`) after it committed: every gateway drops its cached grants of the
 * company, and the company's clients re-read their permissions.
 */
@Injectable()
export class PermissionsService {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(PermissionsRepository) private readonly permissions: PermissionsRepository,
    @Inject(IdentityEvents) private readonly events: IdentityEvents,
  ) {}

  async show(actor: Actor): Promise<PermissionsView> {
    this.requireManager(actor);
    return permissionsView(await this.grantsOf(actor.companyId));
  }

  async save(actor: Actor, dto: SavePermissionsDto): Promise<PermissionsView> {
    this.requireManager(actor);
    const refused = dto.actions.filter((action) => !isGrantable(dto.profile, action));
    if (refused.length > 0) {
      throw new AppError(ErrorCode.ERR_VALIDATION, {
        fields: [{ field: 'actions', messages: [`not grantable to ${dto.profile}: ${refused.join(', ')}`] }],
      });
    }
    const grants = await this.database.withTenant(actor.companyId, async (tx) => {
      await this.permissions.save(tx, actor.companyId, dto.profile, dto.actions);
      return this.permissions.grantsOf(tx, actor.companyId);
    });
    this.events.permissionsSaved(actor.companyId, grants);
    return permissionsView(grants);
  }

  /** For the gateway's cache (no actor: the gateway asks for the company of a verified token). */
  async grants(companyId: number): Promise<CompanyGrantsView> {
    return { companyId, grants: await this.grantsOf(companyId) };
  }

  private grantsOf(companyId: number) {
    return this.database.withTenant(companyId, (tx) => this.permissions.grantsOf(tx, companyId));
  }

  /** Only admins hold `permissions:manage` (it is not grantable), whatever the company saved. */
  private requireManager(actor: Actor): void {
    if (!mayDo(actor, 'permissions:manage', undefined)) throw new AppError(ErrorCode.ERR_NO_PERMISSION);
  }
}
