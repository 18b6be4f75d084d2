import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import {
  CONFIGURABLE_PROFILES,
  isPermissionAction,
  type CompanyGrants,
  type ConfigurableProfile,
  type PermissionAction,
} from '@atrium/contracts';
import { profilePermissions } from '../db/schema.js';
import type { IdentityTx } from '../shared/identity-database.js';

/** A company's saved grants per profile, always inside the caller's tenant transaction. */
@Injectable()
export class PermissionsRepository {
  async grantsOf(tx: IdentityTx, companyId: number): Promise<CompanyGrants> {
    const rows = await tx
      .select({ profile: profilePermissions.profile, actions: profilePermissions.actions })
      .from(profilePermissions)
      .where(eq(profilePermissions.companyId, companyId));
    const grants: CompanyGrants = {};
    for (const row of rows) {
      if (!CONFIGURABLE_PROFILES.includes(row.profile as ConfigurableProfile)) continue;
      // an action since removed from the table is forgotten, not an error
      grants[row.profile as ConfigurableProfile] = row.actions.filter(isPermissionAction);
    }
    return grants;
  }

  async save(tx: IdentityTx, companyId: number, profile: ConfigurableProfile, actions: readonly PermissionAction[]): Promise<void> {
    await tx
      .insert(profilePermissions)
      .values({ companyId, profile, actions: [...actions] })
      .onConflictDoUpdate({
        target: [profilePermissions.companyId, profilePermissions.profile],
        set: { actions: [...actions], updatedAt: new Date() },
      });
  }
}
