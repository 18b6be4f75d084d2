/* Decorator-free: the web app imports it at runtime (apps/web/vite.config.ts). */
import type { Profile } from '../actor.js';
import type { SessionUserView } from './views.js';

/**
 * The actions a company may give or take per profile (issue 28). The six the spec names
 * (spec 001 section 6) plus one per administrative capability the gateway's routes guard.
 *
 * `defaults` reproduce the guards as they were before grants existed (`@Roles('admin')` →
 * admins only; a route without a role → every profile); the gateway's
 * `permission-defaults.spec.ts` proves it route by route. `extensible` says whether supervisors
 * and users may be given it beyond its default: false where the service behind the route still
 * requires an admin (a grant there would open a door the service keeps shut).
 */
export interface PermissionActionDef {
  /** Who holds it when the company changed nothing. */
  defaults: readonly Profile[];
  extensible: boolean;
}

const ADMINS = ['admin'] as const;
const EVERYONE = ['admin', 'supervisor', 'user'] as const;

export const PERMISSION_ACTIONS = {
  // the spec's six (spec 001 section 6)
  'connections-page:addConnection': { defaults: ADMINS, extensible: false },
  'connections-page:actionButtons': { defaults: ADMINS, extensible: false },
  'connections-page:editOrDeleteConnection': { defaults: ADMINS, extensible: false },
  'user-modal:editProfile': { defaults: ADMINS, extensible: false },
  'user-modal:editQueues': { defaults: ADMINS, extensible: false },
  'contacts-page:deleteContact': { defaults: ADMINS, extensible: false },
  // one per administrative capability
  'campaigns:manage': { defaults: EVERYONE, extensible: true },
  'contact-lists:manage': { defaults: EVERYONE, extensible: true },
  'files:manage': { defaults: EVERYONE, extensible: true },
  'exports:download': { defaults: EVERYONE, extensible: true },
  'prompts:manage': { defaults: EVERYONE, extensible: false },
  'dashboard:view': { defaults: ADMINS, extensible: true },
  'financeiro:view': { defaults: ADMINS, extensible: true },
  'integrations:manage': { defaults: ADMINS, extensible: true },
  'audit-log:view': { defaults: ADMINS, extensible: false },
  'flows:manage': { defaults: ADMINS, extensible: false },
  'connections:manage': { defaults: ADMINS, extensible: false },
  'users:manage': { defaults: ADMINS, extensible: false },
  'queues:manage': { defaults: ADMINS, extensible: false },
  'settings:manage': { defaults: ADMINS, extensible: false },
  'contacts:import': { defaults: ADMINS, extensible: false },
  'ticket-options:deleteTicket': { defaults: ADMINS, extensible: false },
  /** GET/PUT /permissions: admins only, and never taken from them (no lock-out). */
  'permissions:manage': { defaults: ADMINS, extensible: false },
} as const satisfies Record<string, PermissionActionDef>;

export type PermissionAction = keyof typeof PERMISSION_ACTIONS;
export const PERMISSION_ACTION_NAMES = Object.keys(PERMISSION_ACTIONS) as PermissionAction[];

/** The profiles whose grants a company may change; admins always hold every action. */
export const CONFIGURABLE_PROFILES = ['supervisor', 'user'] as const;
export type ConfigurableProfile = (typeof CONFIGURABLE_PROFILES)[number];

/** A company's saved grants: per configurable profile, the full list of actions it holds (absent: the defaults). */
export type CompanyGrants = Partial<Record<ConfigurableProfile, readonly PermissionAction[]>>;

export function isPermissionAction(name: string): name is PermissionAction {
  return Object.hasOwn(PERMISSION_ACTIONS, name);
}

export function defaultActionsOf(profile: Profile): PermissionAction[] {
  return PERMISSION_ACTION_NAMES.filter((action) => (PERMISSION_ACTIONS[action].defaults as readonly Profile[]).includes(profile));
}

/** Whether a profile may be given an action (by default, or as an extension the services honour). */
export function isGrantable(profile: Profile, action: PermissionAction): boolean {
  const def: PermissionActionDef = PERMISSION_ACTIONS[action];
  return def.defaults.includes(profile) || def.extensible;
}

/** What a profile of the company holds: admins everything; the others their saved grants, else the defaults. */
export function actionsOfProfile(profile: Profile, grants: CompanyGrants | undefined): PermissionAction[] {
  if (profile === 'admin') return [...PERMISSION_ACTION_NAMES];
  const saved = grants?.[profile];
  if (!saved) return defaultActionsOf(profile);
  return PERMISSION_ACTION_NAMES.filter((action) => saved.includes(action) && isGrantable(profile, action));
}

/** The actions a user holds: super users all of them. */
export function permissionsOf(user: { profile: Profile; super: boolean }, grants: CompanyGrants | undefined): PermissionAction[] {
  return user.super ? [...PERMISSION_ACTION_NAMES] : actionsOfProfile(user.profile, grants);
}

export function mayDo(user: { profile: Profile; super: boolean }, action: PermissionAction, grants: CompanyGrants | undefined): boolean {
  return permissionsOf(user, grants).includes(action);
}

/** GET /permissions: every action with its defaults and what the company's profiles hold. */
export interface PermissionsView {
  actions: Array<{
    action: PermissionAction;
    defaults: Profile[];
    /** Profiles that may be given it (admins always hold it). */
    grantable: Profile[];
    /** Profiles holding it in this company now. */
    granted: Profile[];
  }>;
}

export function permissionsView(grants: CompanyGrants | undefined): PermissionsView {
  const held = Object.fromEntries(
    (['admin', ...CONFIGURABLE_PROFILES] as const).map((profile) => [profile, actionsOfProfile(profile, grants)]),
  ) as Record<Profile, PermissionAction[]>;
  return {
    actions: PERMISSION_ACTION_NAMES.map((action) => ({
      action,
      defaults: [...PERMISSION_ACTIONS[action].defaults],
      grantable: (['admin', ...CONFIGURABLE_PROFILES] as const).filter((profile) => isGrantable(profile, action)),
      granted: (['admin', ...CONFIGURABLE_PROFILES] as const).filter((profile) => held[profile].includes(action)),
    })),
  };
}

/** Data `{ companyId }`, no actor (the gateway's grant cache): the company's saved grants. */
export interface CompanyGrantsView {
  companyId: number;
  grants: CompanyGrants;
}

/** The signed-in user as /auth/me and the login answer give it: with the actions they may do now. */
export type PermittedUserView = SessionUserView & { permissions: PermissionAction[] };
