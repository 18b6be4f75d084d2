import { PATH_METADATA } from '@nestjs/common/constants';
import type { FileListView } from '@atrium/contracts';
import { LIVE_EVENT_PATTERNS, LIVE_EVENT_ROUTES, type ReadRoute } from '@atrium/app-gateway';
import type { ApiClient } from '../api-client.js';
import { createPlan } from '../identity-fixtures.js';
import { NatsFixture } from '../nats-fixtures.js';
import { connectSocket, SocketRecorder } from '../socket-client.js';
import { startStack, type Stack } from '../stack.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { createAgent } from '../tickets/tickets-fixtures.js';

/** The HTTP path of a route, as Nest mounts it (controller path, then handler path). */
function pathOf({ controller, handler }: ReadRoute): string {
  const parts = [
    Reflect.getMetadata(PATH_METADATA, controller) as string,
    Reflect.getMetadata(PATH_METADATA, (controller.prototype as Record<string, object>)[handler]!) as string,
  ];
  return `/${parts
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter((part) => part !== '')
    .join('/')}`;
}

/** Refused by the route's role or plan rule (what the guards answer before any service is asked). */
function refusedByRule(response: { status: number; body: unknown }): boolean {
  const error = (response.body as { error?: string } | undefined)?.error;
  return response.status === 403 && (error === 'ERR_NO_PERMISSION' || error === 'ERR_PLAN_FEATURE_DISABLED');
}

interface Listener {
  name: string;
  client: ApiClient;
  companyId: number;
  recorder: SocketRecorder;
}

/**
 * Issue 24: the areas a user may not open are closed everywhere. Live events reach only the
 * sockets whose user may call the route each event stands for (an agent heard
 * `company-{id}-queueIntegration`, with its n8n URL, while /queueIntegration answered 403); file
 * lists belong to the campaign area and its plan flag; API responses carry a Content-Security-Policy.
 */
describe('security: route rules hold for live events, file lists and response headers', () => {
  let stack: Stack;
  let full: Tenant;
  let bare: Tenant;
  let nats: NatsFixture;
  const listeners: Listener[] = [];

  beforeAll(async () => {
    stack = await startStack({ services: ['identity', 'campaigns'] });
    const platform = await superAdmin(stack);
    full = await signUpTenant(stack, (await createPlan(platform)).id);
    const flagsOff = {
      useCampaigns: false,
      useSchedules: false,
      useInternalChat: false,
      useExternalApi: false,
      useKanban: false,
      useOpenAi: false,
      useIntegrations: false,
    };
    bare = await signUpTenant(stack, (await createPlan(platform, flagsOff)).id);
    const agent = await createAgent(stack, full);
    nats = await NatsFixture.open(stack);
    for (const [name, client, companyId] of [
      ['admin', full.admin, full.companyId],
      ['agent', agent.client, full.companyId],
      ['admin of a plan without features', bare.admin, bare.companyId],
    ] as const) {
      listeners.push({ name, client, companyId, recorder: new SocketRecorder(await connectSocket(stack.url, client.token)) });
    }
  });
  afterAll(async () => {
    listeners.forEach(({ recorder }) => recorder.close());
    await nats?.close();
    await stack?.stop();
  });

  it('delivers every live event only to the sockets whose user may call its route', async () => {
    const kinds = [
      ...Object.keys(LIVE_EVENT_ROUTES).filter((kind) => kind !== 'sessionEnded'),
      ...LIVE_EVENT_PATTERNS.map(({ kind }) => `${kind}-7`),
    ];
    const routeOf = (kind: string): ReadRoute | undefined => {
      const fixed = kind in LIVE_EVENT_ROUTES ? kind : LIVE_EVENT_PATTERNS.find(({ pattern }) => pattern.test(kind))!.kind;
      const entry = LIVE_EVENT_ROUTES[fixed as keyof typeof LIVE_EVENT_ROUTES];
      return 'reason' in entry ? undefined : entry;
    };
    for (const { companyId } of [listeners[0]!, listeners[2]!]) {
      for (const kind of kinds) nats.publish({ kind: kind as never, companyId, payload: { action: 'probe', kind } });
      // every user may read the settings: the last event, heard by all, closes the batch
      nats.publish({ kind: 'settings', companyId, payload: { action: 'probe', kind: 'end' } });
    }

    const failures: string[] = [];
    for (const listener of listeners) {
      // wait for the closing event itself (`next` consumes what it returns: the probe of `settings` may come first)
      const heard = new Set<string>();
      for (;;) {
        const { kind } = await listener.recorder.next<{ kind: string }>(`company-${listener.companyId}-settings`, 15_000);
        if (kind === 'end') break;
        heard.add(`company-${listener.companyId}-settings`);
      }
      listener.recorder.received.forEach(({ event }) => heard.add(event));
      for (const kind of kinds) {
        const route = routeOf(kind);
        const allowed = route === undefined || !refusedByRule(await listener.client.get(pathOf(route)));
        const received = heard.has(`company-${listener.companyId}-${kind}`);
        if (received !== allowed)
          failures.push(
            `${listener.name}: ${kind} ${received ? 'heard' : 'not heard'}, while ${route ? `GET ${pathOf(route)}` : 'its audience'} ${allowed ? 'is allowed' : 'is refused'}`,
          );
      }
    }
    expect(failures).toEqual([]);
    // the issue's case, named
    const agentHeard = listeners[1]!.recorder.received.map(({ event }) => event);
    expect(agentHeard).not.toContain(`company-${full.companyId}-queueIntegration`);
    expect(agentHeard).toContain(`company-${full.companyId}-ticket`);
  });

  it('closes file lists and their uploads to a plan without campaigns, as the rest of the campaign area', async () => {
    expect(await bare.admin.get('/files')).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
    expect(await bare.admin.post('/files', { name: 'Catálogo', message: 'Segue', options: [{ name: 'PDF' }] })).toMatchObject({
      status: 403,
      body: { error: 'ERR_PLAN_FEATURE_DISABLED' },
    });
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4']), 'catalogo.pdf');
    expect(await bare.admin.post('/files/uploadList/1', form)).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
    expect(await bare.admin.get('/campaigns')).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });

    const created = await full.admin.post<FileListView>('/files', { name: 'Catálogo', message: 'Segue', options: [{ name: 'PDF' }] });
    expect(created.status).toBe(201);
    expect((await full.admin.get('/files')).status).toBe(200);
  });

  it('answers every API response with a strict Content-Security-Policy, and the docs page with one that lets Swagger UI run', async () => {
    for (const response of [
      await full.admin.get('/auth/me'),
      await stack.client().get('/tickets'),
      await stack.client().get('/health/live'),
    ]) {
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toContain('unsafe');
    }
    const docs = await fetch(`${stack.url}/docs`);
    expect(docs.status).toBe(200);
    const policy = docs.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    // Swagger UI's own files load under that policy: scripts from this origin only, the init script among them
    const html = await docs.text();
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    expect(html).not.toMatch(/<script>(?!\s*<\/script>)/);
    // resolved as the browser resolves them, against the page's own address
    for (const script of scripts) expect([script, (await fetch(new URL(script, docs.url))).status]).toEqual([script, 200]);
  });
});
