import {
  PERMISSION_ACTION_NAMES,
  PERMISSION_ACTIONS,
  type PermissionAction,
  type PermissionsView,
  type PermittedUserView,
  type Profile,
} from '@atrium/contracts';
import type { ApiClient } from './api-client.js';
import { createPlan } from './identity-fixtures.js';
import { NatsFixture } from './nats-fixtures.js';
import { connectSocket, SocketRecorder } from './socket-client.js';
import { startStack, type Stack } from './stack.js';
import { signUpTenant, superAdmin, type Tenant } from './tenants.js';
import { createAgent } from './tickets/tickets-fixtures.js';

/**
 * One request per action, guarded by it (and by the others listed), with input the route refuses
 * (`abc` for an id, an empty body): the guards run before validation, so a user without the action
 * gets 403 ERR_NO_PERMISSION and a user with it 400 ERR_VALIDATION, and no service is asked.
 */
const PROBES: Partial<
  Record<PermissionAction, { method: 'get' | 'post' | 'put' | 'delete'; path: string; alsoNeeds?: PermissionAction[] }>
> = {
  'connections-page:addConnection': { method: 'post', path: '/whatsapp' },
  'connections-page:actionButtons': { method: 'put', path: '/whatsappsession/abc' },
  'connections-page:editOrDeleteConnection': { method: 'delete', path: '/whatsapp/abc' },
  'contacts-page:deleteContact': { method: 'delete', path: '/contacts/abc' },
  'campaigns:manage': { method: 'get', path: '/campaigns/abc' },
  'contact-lists:manage': { method: 'get', path: '/contact-lists/abc' },
  'files:manage': { method: 'get', path: '/files/abc' },
  'exports:download': { method: 'get', path: '/campaigns/abc/shippings.csv', alsoNeeds: ['campaigns:manage'] },
  'prompts:manage': { method: 'get', path: '/prompt/abc' },
  'dashboard:view': { method: 'get', path: '/dashboard?days=abc' },
  'financeiro:view': { method: 'get', path: '/invoices/all?paged=maybe' },
  'integrations:manage': { method: 'get', path: '/queueIntegration/abc' },
  'flows:manage': { method: 'get', path: '/flows/abc' },
  'connections:manage': { method: 'post', path: '/whatsapp/abc/token' },
  'users:manage': { method: 'delete', path: '/users/abc' },
  'queues:manage': { method: 'delete', path: '/queue/abc' },
  'settings:manage': { method: 'put', path: '/companies/abc/schedules' },
  'ticket-options:deleteTicket': { method: 'delete', path: '/tickets/abc' },
  'permissions:manage': { method: 'put', path: '/permissions' },
};
/** Actions with no route of their own to probe: identity checks the user form's fields; the import asks the phone. */
const NOT_PROBED: PermissionAction[] = ['user-modal:editProfile', 'user-modal:editQueues', 'contacts:import', 'audit-log:view'];

type Member = { profile: Profile; client: ApiClient };

async function probe(client: ApiClient, action: PermissionAction): Promise<'allowed' | 'refused' | string> {
  const { method, path } = PROBES[action]!;
  const response = method === 'get' || method === 'delete' ? await client[method](path) : await client[method](path, {});
  const error = (response.body as { error?: string } | undefined)?.error;
  if (response.status === 403 && error === 'ERR_NO_PERMISSION') return 'refused';
  if (response.status === 400 && error === 'ERR_VALIDATION') return 'allowed';
  return `${response.status} ${JSON.stringify(response.body)}`;
}

describe('permissions by action name (issue 28): GET/PUT /permissions, the guards and live events follow a company’s grants', () => {
  let stack: Stack;
  let alpha: Tenant;
  let beta: Tenant;
  let members: Member[];
  let betaAgent: ApiClient;
  let nats: NatsFixture;

  beforeAll(async () => {
    stack = await startStack({ services: ['identity'] });
    const plan = await createPlan(await superAdmin(stack));
    [alpha, beta] = await Promise.all([signUpTenant(stack, plan.id), signUpTenant(stack, plan.id)]);
    members = [
      { profile: 'admin', client: alpha.admin },
      { profile: 'supervisor', client: (await createAgent(stack, alpha, { profile: 'supervisor' })).client },
      { profile: 'user', client: (await createAgent(stack, alpha)).client },
    ];
    betaAgent = (await createAgent(stack, beta)).client;
    nats = await NatsFixture.open(stack);
  });
  afterAll(async () => {
    await nats?.close();
    await stack?.stop();
  });

  /** Each member's probes and /auth/me permissions against what they should hold; answers the differences. */
  async function differences(expected: (profile: Profile, action: PermissionAction) => boolean): Promise<string[]> {
    const found: string[] = [];
    for (const { profile, client } of members) {
      const me = (await client.get<PermittedUserView>('/auth/me')).body;
      for (const action of PERMISSION_ACTION_NAMES) {
        const holds = expected(profile, action);
        if (me.permissions.includes(action) !== holds) found.push(`${profile} /auth/me ${holds ? 'lacks' : 'has'} ${action}`);
        if (!PROBES[action]) continue;
        const allowed = holds && (PROBES[action].alsoNeeds ?? []).every((other) => expected(profile, other));
        const answer = await probe(client, action);
        if (answer !== (allowed ? 'allowed' : 'refused'))
          found.push(`${profile} ${action}: ${answer}, expected ${allowed ? 'allowed' : 'refused'}`);
      }
    }
    return found;
  }

  it('probes every action but the ones enforced elsewhere', () => {
    expect(PERMISSION_ACTION_NAMES.filter((action) => !PROBES[action] && !NOT_PROBED.includes(action))).toEqual([]);
  });

  it('lists every action with its defaults; with nothing saved each profile holds (and may call) exactly its defaults', async () => {
    const view = await alpha.admin.get<PermissionsView>('/permissions');
    expect(view.status).toBe(200);
    expect(view.body.actions.map((entry) => entry.action)).toEqual(PERMISSION_ACTION_NAMES);
    const campaigns = view.body.actions.find((entry) => entry.action === 'campaigns:manage')!;
    // the spec lets agents run campaigns: so did the routes
    expect(campaigns).toEqual({
      action: 'campaigns:manage',
      defaults: ['admin', 'supervisor', 'user'],
      grantable: ['admin', 'supervisor', 'user'],
      granted: ['admin', 'supervisor', 'user'],
    });
    const defaults = (profile: Profile, action: PermissionAction) =>
      profile === 'admin' || (PERMISSION_ACTIONS[action].defaults as readonly Profile[]).includes(profile);
    expect(await differences(defaults)).toEqual([]);
  });

  it('follows what an admin saves: campaigns taken from agents, dashboard and finance given to supervisors; other companies keep theirs', async () => {
    const userActions = PERMISSION_ACTION_NAMES.filter(
      (action) => (PERMISSION_ACTIONS[action].defaults as readonly Profile[]).includes('user') && action !== 'campaigns:manage',
    );
    const supervisorActions = [...userActions, 'campaigns:manage', 'dashboard:view', 'financeiro:view'] as PermissionAction[];
    expect((await alpha.admin.put('/permissions', { profile: 'user', actions: userActions })).status).toBe(200);
    const saved = await alpha.admin.put<PermissionsView>('/permissions', { profile: 'supervisor', actions: supervisorActions });
    expect(saved.status).toBe(200);
    expect(saved.body.actions.find((entry) => entry.action === 'dashboard:view')!.granted).toEqual(['admin', 'supervisor']);

    const held = (profile: Profile, action: PermissionAction) =>
      profile === 'admin' || (profile === 'user' ? userActions : supervisorActions).includes(action);
    expect(await differences(held)).toEqual([]);

    // the other company changed nothing: its agent still runs campaigns, its admin sees the defaults
    expect(await probe(betaAgent, 'campaigns:manage')).toBe('allowed');
    const betaView = (await beta.admin.get<PermissionsView>('/permissions')).body;
    expect(betaView.actions.find((entry) => entry.action === 'campaigns:manage')!.granted).toEqual(['admin', 'supervisor', 'user']);
    expect(betaView.actions.find((entry) => entry.action === 'dashboard:view')!.granted).toEqual(['admin']);
  });

  it('refuses what cannot be granted, bad input and non-admins, and changes nothing', async () => {
    const before = (await alpha.admin.get<PermissionsView>('/permissions')).body;
    for (const body of [
      {},
      { profile: 'admin', actions: [] },
      { profile: 'user', actions: ['no-such:action'] },
      { profile: 'user', actions: 'campaigns:manage' },
      { profile: 'user', actions: ['campaigns:manage', 'campaigns:manage'] },
      // a service behind these still keeps them for admins: no grant may pretend otherwise
      { profile: 'supervisor', actions: ['users:manage'] },
      { profile: 'user', actions: ['permissions:manage'] },
    ]) {
      expect([body, await alpha.admin.put('/permissions', body)]).toMatchObject([body, { status: 400, body: { error: 'ERR_VALIDATION' } }]);
    }
    const supervisor = members.find((member) => member.profile === 'supervisor')!.client;
    expect(await supervisor.get('/permissions')).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await supervisor.put('/permissions', { profile: 'supervisor', actions: PERMISSION_ACTION_NAMES })).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect((await alpha.admin.get<PermissionsView>('/permissions')).body).toEqual(before);
  });

  it('sends live events only to the sockets whose user holds the action now', async () => {
    const alphaUser = members.find((member) => member.profile === 'user')!.client;
    const sockets = {
      user: new SocketRecorder(await connectSocket(stack.url, alphaUser.token)),
      supervisor: new SocketRecorder(await connectSocket(stack.url, members[1]!.client.token)),
    };
    try {
      const campaign = `company-${alpha.companyId}-campaign`;
      const settings = `company-${alpha.companyId}-settings`;
      const round = async (label: string) => {
        nats.publish({ kind: 'campaign', companyId: alpha.companyId, payload: { action: 'probe', label } as never });
        // every user may read the settings: the last event, heard by all, closes the round
        nats.publish({
          kind: 'settings',
          companyId: alpha.companyId,
          payload: { action: 'probe', setting: { key: label, value: '' } } as never,
        });
        for (const recorder of Object.values(sockets)) {
          await recorder.nextWhere<{ setting: { key: string } }>(settings, (payload) => payload.setting?.key === label);
        }
        return Object.fromEntries(
          Object.entries(sockets).map(([name, recorder]) => [
            name,
            recorder.received.some(({ event, payload }) => event === campaign && (payload as { label?: string }).label === label),
          ]),
        );
      };
      // saved by the previous test: campaigns taken from users, kept by supervisors
      expect(await round('taken')).toEqual({ user: false, supervisor: true });

      const userActions = PERMISSION_ACTION_NAMES.filter((action) =>
        (PERMISSION_ACTIONS[action].defaults as readonly Profile[]).includes('user'),
      );
      expect((await alpha.admin.put('/permissions', { profile: 'user', actions: userActions })).status).toBe(200);
      // identity announces the save; once the sockets heard it, this gateway decides with the new grants
      await sockets.user.next(`company-${alpha.companyId}-permissions`, 15_000);
      expect(await round('given back')).toEqual({ user: true, supervisor: true });
    } finally {
      Object.values(sockets).forEach((recorder) => recorder.close());
    }
  });
});
