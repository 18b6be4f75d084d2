import { PLAN_FLAGS, type PlanFlags } from '@atrium/contracts';
import { accessAllows } from '../auth/access-rules.js';
import { LIVE_EVENT_ROUTES, liveEventAccess } from './live-event-routes.js';

const access = liveEventAccess();
const liveEventRule = (kind: string) => access.ruleOf(kind);
const liveKindOf = (kind: string) => access.kindOf(kind);

const allFlags = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, true])) as PlanFlags;
const agent = { profile: 'user' as const, super: false, planFlags: allFlags };
const admin = { profile: 'admin' as const, super: false, planFlags: allFlags };

describe('live events follow the role and plan rules of their routes', () => {
  it('reads each route’s @Roles, @RequiresPermission and @RequiresPlan: queue integrations are for admins of plans with useIntegrations', () => {
    expect(liveEventRule('queueIntegration')).toEqual({ role: undefined, plan: 'useIntegrations', permissions: ['integrations:manage'] });
    expect(accessAllows(liveEventRule('queueIntegration')!, agent)).toBe(false);
    expect(accessAllows(liveEventRule('queueIntegration')!, admin)).toBe(true);
    expect(accessAllows(liveEventRule('queueIntegration')!, { ...admin, planFlags: { ...allFlags, useIntegrations: false } })).toBe(false);
  });

  it('follows the company’s grants: campaigns taken from users, given to supervisors', () => {
    const grants = { user: [], supervisor: ['campaigns:manage' as const] };
    const supervisor = { profile: 'supervisor' as const, super: false, planFlags: allFlags };
    expect(accessAllows(liveEventRule('campaign')!, agent)).toBe(true);
    expect(accessAllows(liveEventRule('campaign')!, agent, grants)).toBe(false);
    expect(accessAllows(liveEventRule('campaign')!, supervisor, grants)).toBe(true);
    expect(accessAllows(liveEventRule('campaign')!, admin, { user: [], supervisor: [] })).toBe(true);
  });

  it('gives per-record kinds the rule of their list, and no one an unknown kind', () => {
    expect(liveKindOf('ContactListItem-12')).toBe('ContactListItem');
    expect(liveKindOf('chat-7')).toBe('chat');
    expect(liveKindOf('chat-user-7')).toBe('chat-user');
    expect(liveEventRule('file')).toEqual({ role: undefined, plan: 'useCampaigns', permissions: ['files:manage'] });
    expect(liveEventRule('somethingNew')).toBeNull();
  });

  it('names a route, or a reason, for every fixed kind', () => {
    for (const [kind, entry] of Object.entries(LIVE_EVENT_ROUTES)) {
      expect([kind, 'reason' in entry ? entry.reason.length > 0 : typeof entry.controller.prototype[entry.handler as never]]).toEqual([
        kind,
        'reason' in entry ? true : 'function',
      ]);
    }
  });
});
