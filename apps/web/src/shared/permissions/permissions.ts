import type { PermissionAction, Profile } from '@atrium/contracts';

/**
 * Actions checked by name (spec 000 section 6, spec 001 section 6). Those of the shared action
 * table (libs/contracts PERMISSION_ACTIONS) follow what the company grants each profile (issue 28),
 * as /auth/me and the login answer give them (`permissions`); the two others stay the admins'.
 */
export type Permission = PermissionAction | 'drawer-admin-items:view' | 'tickets-manager:showall';

/** Actions outside the company's grants: admins hold them, super users hold them all. */
const ADMIN_ONLY: readonly Permission[] = ['drawer-admin-items:view', 'tickets-manager:showall'];

export interface PermissionSubject {
  profile: Profile;
  super: boolean;
  /** As the API last gave them (the table itself stays off the login screen's bundle). */
  permissions?: readonly PermissionAction[];
}

export function can(user: PermissionSubject | null | undefined, permission: Permission): boolean {
  if (!user) return false;
  if (user.super) return true;
  if (ADMIN_ONLY.includes(permission)) return user.profile === 'admin';
  // admins hold every action; the others what the API said (nothing yet: nothing)
  return user.profile === 'admin' || (user.permissions ?? []).includes(permission as PermissionAction);
}
