import type { ConfigurableProfile, PermissionAction, PermissionsView } from '@atrium/contracts';
import { CONFIGURABLE_PROFILES } from '@atrium/contracts/identity/permission-actions.js';

/** The actions a profile holds after one checkbox of the matrix changed (what PUT /permissions takes). */
export function actionsAfterToggle(
  view: PermissionsView,
  profile: ConfigurableProfile,
  action: PermissionAction,
  granted: boolean,
): PermissionAction[] {
  return view.actions.filter((entry) => (entry.action === action ? granted : entry.granted.includes(profile))).map((entry) => entry.action);
}

export const MATRIX_PROFILES = ['admin', ...CONFIGURABLE_PROFILES] as const;
