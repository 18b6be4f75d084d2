import type { PermissionAction, PlanFlag, PlanFlags, Profile } from '@atrium/contracts';
import { can } from '../shared/permissions/permissions';

/** Who may open a route: a role (admin, super, supervisor), an action the company grants (issue 28) and/or a plan flag. */
export type RouteRole = 'admin' | 'super' | 'supervisor';

export interface AccessRule {
  role?: RouteRole;
  /** The action the gateway's routes behind the page require (PERMISSION_ACTIONS). */
  permission?: PermissionAction;
  plan?: PlanFlag;
  /** Also needs the company's campaigns switch (the `cshow` flag, spec 001 section 2). */
  campaigns?: boolean;
}

export interface AccessSubject {
  profile: Profile;
  super: boolean;
  permissions?: readonly PermissionAction[];
  company: { plan: Partial<PlanFlags> };
}

export interface AccessContext {
  campaignsEnabled: boolean;
}

export function hasRole(user: Pick<AccessSubject, 'profile' | 'super'>, role: RouteRole | undefined): boolean {
  switch (role) {
    case undefined:
      return true;
    case 'super':
      return user.super;
    case 'admin':
      return user.super || user.profile === 'admin';
    case 'supervisor':
      return user.super || user.profile === 'admin' || user.profile === 'supervisor';
  }
}

/** The one rule the drawer and the guards share. */
export function canAccess(rule: AccessRule, user: AccessSubject, context: AccessContext): boolean {
  if (!hasRole(user, rule.role)) return false;
  if (rule.permission && !can(user, rule.permission)) return false;
  if (rule.plan && user.company.plan[rule.plan] !== true) return false;
  if (rule.campaigns && !context.campaignsEnabled) return false;
  return true;
}
