import type { PermissionAction, Profile } from '@atrium/contracts';
import { isPermissionAction, permissionsOf } from '@atrium/contracts/identity/permission-actions.js';

/**
 * Actions checked by name (spec 000 section 6, spec 001 section 6). Those of the shared action
 * table (libs/contracts PERMISSION_ACTIONS) follow what the company grants each profile (issue 28),
 * as /auth/me gives them; the others stay the admins'.
 */
export type Permission = PermissionAction | 'drawer-admin-items:view' | 'tickets-manager:showall';

/** Actions outside the company's grants: admins hold them, super users hold them all. */
const ADMIN_ONLY: readonly Permission[] = ['drawer-admin-items:view', 'tickets-manager:showall'];

export interface PermissionSubject {
  profile: Profile;
  super: boolean;
  /** As the API last gave them; absent (an older answer), the profile's defaults. */
  permissions?: readonly PermissionAction[];
}

export function can(user: PermissionSubject | null | undefined, permission: Permission): boolean {
  if (!user) return false;
  if (user.super) return true;
  if (!isPermissionAction(permission)) return ADMIN_ONLY.includes(permission) && user.profile === 'admin';
  return (user.permissions ?? permissionsOf(user, undefined)).includes(permission);
}
