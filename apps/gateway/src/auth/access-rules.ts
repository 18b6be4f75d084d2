import type { ActorState, PlanFlag } from '@atrium/contracts';
import type { RequiredRole } from './decorators.js';

/** What the users of the actor's company and profile may do: a route's `@Roles` and `@RequiresPlan`, or a live event's. */
export interface AccessRule {
  role?: RequiredRole;
  plan?: PlanFlag;
}

/** 'admin' lets admins and super users through; 'super' only super users (RolesGuard). */
export function roleAllows(role: RequiredRole | undefined, actor: Pick<ActorState, 'super' | 'profile'>): boolean {
  return !role || actor.super || (role === 'admin' && actor.profile === 'admin');
}

/** The company's plan enables the feature (PlanFlagGuard); no flag asked, nothing to check. */
export function planAllows(plan: PlanFlag | undefined, actor: { planFlags?: Partial<ActorState['planFlags']> }): boolean {
  return !plan || actor.planFlags?.[plan] === true;
}

export function accessAllows(
  rule: AccessRule,
  actor: Pick<ActorState, 'super' | 'profile'> & { planFlags?: Partial<ActorState['planFlags']> },
): boolean {
  return roleAllows(rule.role, actor) && planAllows(rule.plan, actor);
}
