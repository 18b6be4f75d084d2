import 'reflect-metadata';
import { METHOD_METADATA, MODULE_METADATA } from '@nestjs/common/constants.js';
import { Reflector } from '@nestjs/core';
import { PERMISSION_ACTION_NAMES, PERMISSION_ACTIONS, type PermissionAction, type Profile } from '@atrium/contracts';
import { AiApiModule } from '../ai/ai-api.module.js';
import { BillingApiModule } from '../billing/billing-api.module.js';
import { CampaignsApiModule } from '../campaigns/campaigns-api.module.js';
import { MessagesApiModule } from '../external-api/messages-api.module.js';
import { MediaModule } from '../media/media.module.js';
import { IdentityApiModule } from '../identity/identity-api.module.js';
import { SessionsApiModule } from '../sessions/sessions-api.module.js';
import { TicketsApiModule } from '../tickets/tickets-api.module.js';
import { permissionAllows, roleAllows } from './access-rules.js';
import { REQUIRED_PERMISSION, REQUIRED_ROLE, type RequiredRole } from './decorators.js';
import { ROLES_BEFORE_PERMISSIONS } from './roles-before-permissions.js';

type Controller = abstract new (...args: never[]) => object;
const reflector = new Reflector();

/** Every handler of every API controller, as `Controller.handler`, with the guards' metadata. */
function routes(): Array<{ key: string; role?: RequiredRole; permissions: PermissionAction[] }> {
  const modules = [
    IdentityApiModule,
    SessionsApiModule,
    TicketsApiModule,
    CampaignsApiModule,
    AiApiModule,
    BillingApiModule,
    MessagesApiModule,
    MediaModule,
  ];
  const found = [];
  for (const module of modules) {
    const controllers = (Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, module) ?? []) as Controller[];
    for (const controller of controllers) {
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (name === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined)
          continue;
        const targets = [handler as () => unknown, controller];
        found.push({
          key: `${controller.name}.${name}`,
          role: reflector.getAllAndOverride<RequiredRole | undefined>(REQUIRED_ROLE, targets),
          permissions: reflector.getAllAndMerge<PermissionAction[]>(REQUIRED_PERMISSION, targets),
        });
      }
    }
  }
  return found;
}

const VIEWERS: Array<{ name: string; profile: Profile; super: boolean }> = [
  { name: 'admin', profile: 'admin', super: false },
  { name: 'supervisor', profile: 'supervisor', super: false },
  { name: 'user', profile: 'user', super: false },
  { name: 'super user (profile user)', profile: 'user', super: true },
];

describe('the action table’s defaults reproduce the guards as they were (issue 28)', () => {
  const current = routes();

  it('finds every route the gateway had', () => {
    const gone = Object.keys(ROLES_BEFORE_PERMISSIONS).filter((key) => !current.some((route) => route.key === key));
    expect(gone).toEqual([]);
  });

  it.each(VIEWERS)('lets a $name through exactly the routes it let through before, with no grants saved', (viewer) => {
    const differences = current
      .filter((route) => route.key in ROLES_BEFORE_PERMISSIONS)
      .filter((route) => {
        const before = ROLES_BEFORE_PERMISSIONS[route.key];
        const allowedBefore = roleAllows(before === 'none' ? undefined : before, viewer);
        const allowedNow = roleAllows(route.role, viewer) && permissionAllows(route.permissions, viewer, undefined);
        return allowedBefore !== allowedNow;
      })
      .map((route) => route.key);
    expect(differences).toEqual([]);
  });

  it('replaced every admin-only role by an action', () => {
    const stillAdminRole = current.filter((route) => route.role === 'admin').map((route) => route.key);
    expect(stillAdminRole).toEqual([]);
  });

  it('uses every action of the table on some route, but the ones enforced elsewhere', () => {
    const used = new Set(current.flatMap((route) => route.permissions));
    // the user form's two fields are checked by identity (admin-only fields)
    const elsewhere: PermissionAction[] = ['user-modal:editProfile', 'user-modal:editQueues'];
    expect(PERMISSION_ACTION_NAMES.filter((action) => !used.has(action) && !elsewhere.includes(action))).toEqual([]);
  });

  it('never lets a profile be given what a service behind the route still keeps for admins', () => {
    const extensible = PERMISSION_ACTION_NAMES.filter((action) => PERMISSION_ACTIONS[action].extensible);
    expect(extensible).not.toContain('permissions:manage');
    expect(extensible).not.toContain('users:manage');
  });
});
