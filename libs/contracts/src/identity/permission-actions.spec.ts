import {
  actionsOfProfile,
  defaultActionsOf,
  isGrantable,
  PERMISSION_ACTION_NAMES,
  permissionsOf,
  permissionsView,
} from './permission-actions.js';

describe('permissions by action name (issue 28)', () => {
  it('gives admins and super users every action, whatever the company saved', () => {
    const grants = { supervisor: [], user: [] };
    expect(permissionsOf({ profile: 'admin', super: false }, grants)).toEqual(PERMISSION_ACTION_NAMES);
    expect(permissionsOf({ profile: 'user', super: true }, grants)).toEqual(PERMISSION_ACTION_NAMES);
  });

  it('gives supervisors and users their defaults until the company saves their list, then that list', () => {
    expect(actionsOfProfile('user', {})).toEqual(defaultActionsOf('user'));
    expect(defaultActionsOf('user')).toContain('campaigns:manage');
    expect(defaultActionsOf('user')).not.toContain('dashboard:view');
    expect(actionsOfProfile('user', { user: ['dashboard:view'] })).toEqual(['dashboard:view']);
    expect(actionsOfProfile('supervisor', { user: ['dashboard:view'] })).toEqual(defaultActionsOf('supervisor'));
  });

  it('ignores a saved action the profile may not be given (a service still keeps it for admins)', () => {
    expect(isGrantable('supervisor', 'users:manage')).toBe(false);
    expect(isGrantable('user', 'permissions:manage')).toBe(false);
    expect(actionsOfProfile('supervisor', { supervisor: ['users:manage', 'financeiro:view'] })).toEqual(['financeiro:view']);
  });

  it('lists every action with its defaults, who may be given it and who holds it', () => {
    const view = permissionsView({ user: [] });
    expect(view.actions.map((entry) => entry.action)).toEqual(PERMISSION_ACTION_NAMES);
    expect(view.actions.find((entry) => entry.action === 'campaigns:manage')).toEqual({
      action: 'campaigns:manage',
      defaults: ['admin', 'supervisor', 'user'],
      grantable: ['admin', 'supervisor', 'user'],
      granted: ['admin', 'supervisor'],
    });
    expect(view.actions.find((entry) => entry.action === 'permissions:manage')).toMatchObject({ grantable: ['admin'], granted: ['admin'] });
  });
});
