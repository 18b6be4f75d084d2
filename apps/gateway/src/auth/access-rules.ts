import { mayDo, type ActorState, type CompanyGrants, type PermissionAction, type PlanFlag } from '@atrium/contracts';
import type { RequiredRole } from './decorators.js';

/** What the users of the actor's company and profile may do: a route's `@Roles`, `@RequiresPermission` and `@RequiresPlan`, or a live event's. */
export interface AccessRule {
  role?: RequiredRole;
  plan?: PlanFlag;
  permissions?: readonly PermissionAction[];
}

/** 'admin' lets admins and super users through; 'super' only super users (RolesGuard). */
export function roleAllows(role: RequiredRole | undefined, actor: Pick<ActorState, 'super' | 'profile'>): boolean {
  return !role || actor.super || (role === 'admin' && actor.profile === 'admin');
}

/** The company's plan enables the feature (PlanFlagGuard); no flag asked, nothing to check. */
export function planAllows(plan: PlanFlag | undefined, actor: { planFlags?: Partial<ActorState['planFlags']> }): boolean {
  return !plan || actor.planFlags?.[plan] === true;
}

/** The actor holds every action asked, by default or by the company's grants (PermissionGuard); none asked, nothing to check. */
export function permissionAllows(
  permissions: readonly PermissionAction[] | undefined,
  actor: Pick<ActorState, 'super' | 'profile'>,
  grants: CompanyGrants | undefined,
): boolean {
  return (permissions ?? []).every((action) => mayDo(actor, action, grants));
}

export function accessAllows(
  rule: AccessRule,
  actor: Pick<ActorState, 'super' | 'profile'> & { planFlags?: Partial<ActorState['planFlags']> },
  grants?: CompanyGrants,
): boolean {
  return roleAllows(rule.role, actor) && permissionAllows(rule.permissions, actor, grants) && planAllows(rule.plan, actor);
}
