import type { Profile } from '@atrium/contracts';

/** Actions checked by name (spec 000 section 6, spec 001 section 6). */
export type Permission =
  | 'dashboard:view'
  | 'drawer-admin-items:view'
  | 'tickets-manager:showall'
  | 'user-modal:editProfile'
  | 'user-modal:editQueues'
  | 'ticket-options:deleteTicket'
  | 'contacts-page:deleteContact'
  | 'connections-page:actionButtons'
  | 'connections-page:addConnection'
  | 'connections-page:editOrDeleteConnection';

/** Which profile holds which action; the spec lists the admin's, super users hold them all. */
const RULES: Readonly<Record<Profile, readonly Permission[]>> = {
  admin: [
    'dashboard:view',
    'drawer-admin-items:view',
    'tickets-manager:showall',
    'user-modal:editProfile',
    'user-modal:editQueues',
    'ticket-options:deleteTicket',
    'contacts-page:deleteContact',
    'connections-page:actionButtons',
    'connections-page:addConnection',
    'connections-page:editOrDeleteConnection',
  ],
  supervisor: [],
  user: [],
};

export interface PermissionSubject {
  profile: Profile;
  super: boolean;
}

export function can(user: PermissionSubject | null | undefined, permission: Permission): boolean {
  if (!user) return false;
  return user.super || RULES[user.profile].includes(permission);
}
