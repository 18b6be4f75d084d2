import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { CampaignView, ContactListView, WhatsappView } from '@atrium/contracts';
import { freePort, REPO_ROOT } from '@atrium/testing';
import { createPlan } from '../identity-fixtures.js';
import { eventually } from '../nats-fixtures.js';
import { connectSandboxNumber, startSessionsStack, type SessionsStack } from '../sessions/sessions-fixtures.js';
import { socketOf } from '../socket-client.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { ownerQuery } from '../tickets/tickets-fixtures.js';

const BUSINESS = '5511972700001';
const RECIPIENTS = 300;

/**
 * The campaigns service as its own process (built from this checkout), killed with SIGKILL in the
 * middle of a campaign with sends in flight, then started again (issue 12): the campaign finishes
 * with every recipient reached exactly once, as the sandbox saw it.
 */
describe('a campaigns process killed mid-campaign', () => {
  let env: SessionsStack;
  let tenant: Tenant;
  let whatsapp: WhatsappView;
  const children: ChildProcess[] = [];
  const seen: Array<{ to: string; body: string }> = [];

  const startCampaigns = async (): Promise<ChildProcess> => {
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'apps/campaigns/dist/main.js')], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env.stack.env, HEALTH_PORT: String(port) },
      stdio: 'ignore',
    });
    children.push(child);
    await eventually(async () => (await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => null))?.status === 200, 30_000, 200);
    return child;
  };

  beforeAll(async () => {
    execFileSync('npx', ['nx', 'run', 'campaigns:build', '--output-style=static'], { cwd: REPO_ROOT, stdio: 'ignore' });
    env = await startSessionsStack({
      services: ['identity', 'sessions', 'tickets'],
      env: {
        CAMPAIGN_TICK_MS: '100',
        CAMPAIGN_RETRY_BASE_MS: '100',
        CAMPAIGN_SENDS_IN_FLIGHT: '12',
        CAMPAIGN_SENDER_LEASE_MS: '3000',
        DATABASE_POOL_MAX: '16',
      },
    });
    env.sandbox.network.onBusinessMessage((m) => {
      if (m.business === BUSINESS) seen.push({ to: m.customer, body: m.body });
    });
    const plan = await createPlan(await superAdmin(env.stack), { connections: 1 });
    tenant = await signUpTenant(env.stack, plan.id);
    const socket = await socketOf(env.stack, tenant.admin);
    try {
      whatsapp = await connectSandboxNumber(env, tenant.admin, socket, tenant.companyId, BUSINESS, 'Campanhas');
    } finally {
      socket.close();
    }
  }, 180_000);
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await env?.stop();
  });

  it('finishes after a SIGKILL and a restart, with no recipient lost or reached twice', async () => {
    const first = await startCampaigns();
    await tenant.admin.post('/campaign-settings', {
      settings: { messageInterval: 0.02, longerIntervalAfter: 0, greaterInterval: 0, variables: [] },
    });
    const list = (await tenant.admin.post<ContactListView>('/contact-lists', { name: 'Lista do kill' })).body;
    const numbers = Array.from({ length: RECIPIENTS }, (_, i) => `55119${String(30_000_000 + i).padStart(8, '0')}`);
    await ownerQuery(
      env.stack,
      `insert into campaigns.contact_list_items (company_id, contact_list_id, name, number, email, is_whatsapp_valid)
       select $1, $2, 'Pessoa ' || n, n, '', true from unnest($3::text[]) as n`,
      [tenant.companyId, list.id, numbers],
    );
    const created = await tenant.admin.post<CampaignView>('/campaigns', {
      name: 'Morta no meio',
      message1: 'Oi {nome}',
      contactListId: list.id,
      whatsappId: whatsapp.id,
      scheduledAt: new Date().toISOString(),
    });
    expect(created.body.status).toBe('PROGRAMADA');

    await eventually(async () => seen.length >= RECIPIENTS / 4, 120_000, 20);
    first.kill('SIGKILL');
    await new Promise<void>((resolve) => first.once('exit', () => resolve()));
    const atKill = seen.length;
    expect(atKill).toBeLessThan(RECIPIENTS);

    await startCampaigns();
    await eventually(
      async () => (await tenant.admin.get<CampaignView>(`/campaigns/${created.body.id}`)).body.status === 'FINALIZADA',
      180_000,
      200,
    );
    const final = (await tenant.admin.get<CampaignView>(`/campaigns/${created.body.id}`)).body;
    expect(final.report).toMatchObject({ valid: RECIPIENTS, delivered: RECIPIENTS, failed: 0 });

    const counts = new Map<string, number>();
    for (const m of seen) counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
    expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    expect([...counts.keys()].sort()).toEqual([...numbers].sort());
    for (const m of seen) expect(m.body).toBe(`Oi Pessoa ${m.to}`);
    // stored once each in the conversations too
    const [stored] = await ownerQuery<{ n: string }>(
      env.stack,
      'select count(*) as n from tickets.messages m join tickets.contacts c on c.id = m.contact_id where c.company_id = $1 and c.number = any($2) and m.from_me',
      [tenant.companyId, numbers],
    );
    expect(Number(stored!.n)).toBe(RECIPIENTS);
  }, 400_000);
});
