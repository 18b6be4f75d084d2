import { jest } from '@jest/globals';
import pg from 'pg';
import type { AuditAction, AuditLogView, CampaignView, ContactListView, FlowView, QueueView, WhatsappView } from '@atrium/contracts';
import { aUser } from '@atrium/testing';
import type { ApiClient } from '../api-client.js';
import { createPlan } from '../identity-fixtures.js';
import { eventually } from '../nats-fixtures.js';
import { startSessionsStack, type SessionsStack } from '../sessions/sessions-fixtures.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { aColor, ownerQuery } from '../tickets/tickets-fixtures.js';

type AuditPage = { auditLogs: AuditLogView[]; count: number; hasMore: boolean };

const AGENT = 'AuditTest/1.0 (api-tests)';
const n = (id: string, type: string, data: Record<string, unknown>) => ({ id, type, position: { x: 0, y: 0 }, data });

/**
 * Issue 28's audit log through the whole stack: every kind of change an admin or super user makes
 * in identity, tickets, sessions, campaigns and ai, and every login event, becomes one entry
 * (who, when, IP, user agent, entity, changed fields with secrets masked) that the company's
 * admins read (their company only), super users read for any company, and nobody rewrites.
 */
describe('audit log', () => {
  jest.setTimeout(120_000);
  let env: SessionsStack;
  let root: ApiClient;
  let alpha: Tenant;
  let beta: Tenant;

  beforeAll(async () => {
    env = await startSessionsStack({ services: ['identity', 'tickets', 'sessions', 'ai', 'campaigns'] });
    root = await superAdmin(env.stack);
    const plan = await createPlan(root, {
      connections: 3,
      queues: 10,
      users: 10,
      useIntegrations: true,
      useOpenAi: true,
      useCampaigns: true,
    });
    [alpha, beta] = await Promise.all([signUpTenant(env.stack, plan.id), signUpTenant(env.stack, plan.id)]);
  }, 240_000);
  afterAll(async () => {
    await env?.stop();
  }, 60_000);

  const entries = async (client: ApiClient, query = ''): Promise<AuditLogView[]> => {
    const page = await client.get<AuditPage>(`/audit-logs${query}`);
    expect(page.status).toBe(200);
    return page.body.auditLogs;
  };
  /** Waits for the entry (it travels through the outbox and the stream) and answers it. */
  const entryOf = async (client: ApiClient, action: AuditAction, entityId: string | number, query = ''): Promise<AuditLogView> => {
    let found: AuditLogView | undefined;
    await eventually(
      async () => {
        found = (await entries(client, `?action=${action}${query}`)).find((entry) => entry.entityId === String(entityId));
        return found !== undefined;
      },
      20_000,
      100,
    );
    return found!;
  };

  it('records identity changes and login events with who, when, IP, user agent and the changed fields, secrets masked', async () => {
    // a user created, changed and deleted by the company's admin, from a browser of its own
    const body = aUser({ name: 'Ana Auditada' });
    const created = await alpha.admin.request<{ id: number }>('POST', '/users', body, { 'user-agent': AGENT });
    expect(created.status).toBe(201);
    const userId = created.body.id;
    const createdEntry = await entryOf(alpha.admin, 'user.created', userId);
    expect(createdEntry).toMatchObject({
      companyId: alpha.companyId,
      userId: alpha.adminSession.user.id,
      userName: alpha.adminSession.user.name,
      entityType: 'user',
      before: null,
      after: { name: 'Ana Auditada', email: body.email.toLowerCase(), profile: body.profile ?? 'user' },
      userAgent: AGENT,
    });
    expect(createdEntry.ip).toMatch(/127\.0\.0\.1|::1/);
    expect(Date.parse(createdEntry.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(createdEntry)).not.toContain(body.password);

    expect((await alpha.admin.put(`/users/${userId}`, { name: 'Ana Revista', password: 'Outra-Senha-123' })).status).toBe(200);
    const updated = await entryOf(alpha.admin, 'user.updated', userId);
    // only what changed, the password masked on both sides
    expect(updated.before).toEqual({ name: 'Ana Auditada', password: '***' });
    expect(updated.after).toEqual({ name: 'Ana Revista', password: '***' });
    expect(JSON.stringify(updated)).not.toContain('Outra-Senha-123');

    expect((await alpha.admin.delete(`/users/${userId}`)).status).toBe(200);
    expect(await entryOf(alpha.admin, 'user.deleted', userId)).toMatchObject({ before: { name: 'Ana Revista' }, after: null });

    // a setting
    expect((await alpha.admin.put('/settings/userRating', { value: 'enabled' })).status).toBe(200);
    expect(await entryOf(alpha.admin, 'setting.updated', 'userRating')).toMatchObject({ after: { userRating: 'enabled' } });

    // logins: a failed one, a good one, a log out; a reset requested
    const visitor = env.stack.client();
    expect((await visitor.request('POST', '/auth/login', { email: alpha.email, password: 'errada' }, { 'user-agent': AGENT })).status).toBe(
      401,
    );
    const failed = await entryOf(alpha.admin, 'auth.loginFailed', alpha.adminSession.user.id);
    expect(failed).toMatchObject({ detail: alpha.email.toLowerCase(), userAgent: AGENT, companyId: alpha.companyId });
    // a second login (which ends the first), its log out, and the admin back
    const second = env.stack.client();
    await second.login(alpha.email, alpha.password);
    expect((await second.delete('/auth/logout')).status).toBeLessThan(300);
    await alpha.admin.login(alpha.email, alpha.password);
    await eventually(async () => (await entries(alpha.admin, '?action=auth.login')).length >= 3, 20_000, 100);
    await entryOf(alpha.admin, 'auth.logout', alpha.adminSession.user.id);
    expect((await env.stack.client().post(`/forgetpassword/${alpha.email}`)).status).toBeLessThan(300);
    await entryOf(alpha.admin, 'auth.passwordResetRequested', alpha.adminSession.user.id);
    // the mailed code, known here (only its hash is stored); the reset ends every login of the admin
    await ownerQuery(
      env.stack,
      `update identity.password_resets set code_hash = encode(sha256('123456'::bytea), 'hex') where company_id = $1`,
      [alpha.companyId],
    );
    expect((await env.stack.client().post(`/resetpasswords/${alpha.email}/123456/NewPassw0rd`)).status).toBeLessThan(300);
    alpha.password = 'NewPassw0rd';
    await alpha.admin.login(alpha.email, alpha.password);
    const reset = await entryOf(alpha.admin, 'auth.passwordReset', alpha.adminSession.user.id);
    expect(reset).toMatchObject({ userId: alpha.adminSession.user.id, before: { password: '***' }, after: { password: '***' } });
    // an unknown e-mail's failed login belongs to no company: super users see it, admins do not
    const stranger = `nobody-${Date.now()}@example.com`;
    expect((await visitor.post('/auth/login', { email: stranger, password: 'x' })).status).toBe(401);
    await eventually(async () => (await entries(root, '?action=auth.loginFailed')).some((e) => e.detail === stranger), 20_000, 100);
    expect((await entries(alpha.admin, '?action=auth.loginFailed')).some((e) => e.detail === stranger)).toBe(false);
  });

  it("records super users' plans and companies", async () => {
    const plan = await createPlan(root, { name: `Plano Auditado ${Date.now()}` });
    expect(await entryOf(root, 'plan.created', plan.id)).toMatchObject({ after: { name: plan.name } });
    expect((await root.put(`/plans/${plan.id}`, { users: 42 })).status).toBe(200);
    expect(await entryOf(root, 'plan.updated', plan.id)).toMatchObject({ before: { users: plan.users }, after: { users: 42 } });
    expect((await root.put(`/companies/${beta.companyId}`, { phone: '11999990000' })).status).toBe(200);
    expect(await entryOf(root, 'company.updated', beta.companyId)).toMatchObject({ after: { phone: '11999990000' } });
    expect((await root.delete(`/plans/${plan.id}`)).status).toBe(200);
    await entryOf(root, 'plan.deleted', plan.id);
  });

  it('records queues (tickets), connections and tokens (sessions), campaigns started and cancelled, prompts, integrations and flows (ai)', async () => {
    const queue = (await alpha.admin.post<QueueView>('/queue', { name: 'Fila Auditada', color: aColor(), greetingMessage: '' })).body;
    expect(await entryOf(alpha.admin, 'queue.created', queue.id)).toMatchObject({ entityType: 'queue', after: { name: 'Fila Auditada' } });
    expect((await alpha.admin.put(`/queue/${queue.id}`, { name: 'Fila Revista' })).status).toBe(200);
    expect(await entryOf(alpha.admin, 'queue.updated', queue.id)).toMatchObject({
      before: { name: 'Fila Auditada' },
      after: { name: 'Fila Revista' },
    });

    const connection = (await alpha.admin.post<WhatsappView>('/whatsapp', { name: 'Linha Auditada', provider: 'sandbox' })).body;
    expect(await entryOf(alpha.admin, 'connection.created', connection.id)).toMatchObject({ after: { name: 'Linha Auditada' } });
    expect((await alpha.admin.put(`/whatsapp/${connection.id}`, { name: 'Linha Revista' })).status).toBe(200);
    expect(await entryOf(alpha.admin, 'connection.updated', connection.id)).toMatchObject({ after: { name: 'Linha Revista' } });
    const token = await alpha.admin.post<{ token: string }>(`/whatsapp/${connection.id}/token`);
    expect(token.status).toBeLessThan(300);
    const issued = await entryOf(alpha.admin, 'token.issued', connection.id);
    expect(JSON.stringify(issued)).not.toContain(token.body.token);

    const list = (await alpha.admin.post<ContactListView>('/contact-lists', { name: 'Lista Auditada' })).body;
    const campaign = await alpha.admin.post<CampaignView>('/campaigns', {
      name: 'Campanha Auditada',
      message1: 'Oi {nome}',
      contactListId: list.id,
      whatsappId: connection.id,
      tagListId: 'Nenhuma',
      scheduledAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(campaign).toMatchObject({ status: 201, body: { status: 'PROGRAMADA' } });
    expect(await entryOf(alpha.admin, 'campaign.started', campaign.body.id)).toMatchObject({ after: { status: 'PROGRAMADA' } });
    expect((await alpha.admin.post(`/campaigns/${campaign.body.id}/cancel`)).status).toBeLessThan(300);
    expect(await entryOf(alpha.admin, 'campaign.cancelled', campaign.body.id)).toMatchObject({ after: { status: 'CANCELADA' } });

    const apiKey = 'sk-proj-segredo-auditado-0001';
    const prompt = await alpha.admin.post<{ id: number }>('/prompt', {
      name: 'Assistente',
      prompt: 'Seja gentil.',
      queueId: queue.id,
      apiKey,
    });
    expect(prompt.status).toBe(201);
    const promptEntry = await entryOf(alpha.admin, 'prompt.created', prompt.body.id);
    expect(promptEntry.after).toMatchObject({ name: 'Assistente', apiKeySealed: '***' });
    expect(JSON.stringify(promptEntry)).not.toContain(apiKey);

    const integration = await alpha.admin.post<{ id: number }>('/queueIntegration', {
      type: 'n8n',
      name: 'Automação',
      urlN8N: 'https://n8n.example.com/webhook/atrium',
    });
    expect(integration.status).toBe(201);
    expect(await entryOf(alpha.admin, 'integration.created', integration.body.id)).toMatchObject({ after: { name: 'Automação' } });

    const flow = (await alpha.admin.post<FlowView>('/flows', { name: 'Fluxo Auditado' })).body;
    const nodes = [n('s', 'start', { trigger: 'new-conversation' }), n('m', 'end', { text: 'Oi' })];
    const edges = [{ id: 's-out', source: 's', target: 'm' }];
    expect((await alpha.admin.put(`/flows/${flow.id}`, { name: 'Fluxo Auditado', nodes, edges })).status).toBe(200);
    expect((await alpha.admin.post(`/flows/${flow.id}/publish`, {})).status).toBe(200);
    expect(await entryOf(alpha.admin, 'flow.published', flow.id)).toMatchObject({ after: { version: 1 } });

    expect((await alpha.admin.delete(`/queue/${queue.id}`)).status).toBe(200);
    expect(await entryOf(alpha.admin, 'queue.deleted', queue.id)).toMatchObject({ before: { name: 'Fila Revista' }, after: null });
    expect((await alpha.admin.delete(`/whatsapp/${connection.id}`)).status).toBe(200);
    await entryOf(alpha.admin, 'connection.deleted', connection.id);
  });

  it("shows a company's admins their company's entries only, super users any company's, and agents none", async () => {
    const alphaEntries = await entries(alpha.admin);
    expect(alphaEntries.length).toBeGreaterThan(0);
    expect(alphaEntries.every((entry) => entry.companyId === alpha.companyId)).toBe(true);
    // B's admin, even naming A's company or A's entities, sees none of A's entries
    const betaEntries = [
      ...(await entries(beta.admin)),
      ...(await entries(beta.admin, `?companyId=${alpha.companyId}`)),
      ...(await entries(beta.admin, '?entityType=user')),
    ];
    expect(betaEntries.filter((entry) => entry.companyId === alpha.companyId)).toEqual([]);
    const betaExport = await beta.admin.get<string>(`/audit-logs/export?companyId=${alpha.companyId}`);
    expect(betaExport.status).toBe(200);
    expect(betaExport.body).not.toContain(alpha.email.toLowerCase());
    // super users choose the company
    const ofAlpha = await entries(root, `?companyId=${alpha.companyId}`);
    expect(ofAlpha.length).toBeGreaterThan(0);
    expect(ofAlpha.every((entry) => entry.companyId === alpha.companyId)).toBe(true);
    // an agent is refused
    const agentBody = aUser({ profile: 'user' });
    expect((await alpha.admin.post('/users', agentBody)).status).toBe(201);
    const agent = env.stack.client();
    await agent.login(agentBody.email, agentBody.password);
    expect(await agent.get('/audit-logs')).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });

  it('filters by user, action, entity and dates, pages, and exports CSV (an entry of its own)', async () => {
    const adminId = alpha.adminSession.user.id;
    const mine = await entries(alpha.admin, `?userId=${adminId}&entityType=queue`);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((entry) => entry.userId === adminId && entry.entityType === 'queue')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await entries(alpha.admin, `?from=${today}&to=${today}`)).length).toBeGreaterThan(0);
    expect(await entries(alpha.admin, '?to=2000-01-01')).toEqual([]);
    const paged = await alpha.admin.get<AuditPage>('/audit-logs?pageNumber=1');
    expect(paged.body.count).toBeGreaterThan(paged.body.auditLogs.length - 1);
    expect(await alpha.admin.get('/audit-logs?action=no.such')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(await alpha.admin.get('/audit-logs?from=2020-13-45')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });

    const csv = await alpha.admin.get<string>('/audit-logs/export?entityType=queue');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const [header, ...rows] = csv.body.trim().split('\r\n');
    expect(header).toBe('id,createdAt,companyId,userId,userName,action,entityType,entityId,ip,userAgent,detail,before,after');
    expect(rows.length).toBe((await alpha.admin.get<AuditPage>('/audit-logs?entityType=queue')).body.count);
    expect(rows.every((row) => row.includes(',queue,'))).toBe(true);
    await entryOf(alpha.admin, 'export.downloaded', 'audit-logs');
  });

  it('cannot be rewritten by the application role; only the retention function deletes', async () => {
    const app = new pg.Client({ connectionString: env.stack.database.url });
    await app.connect();
    try {
      await app.query(`select set_config('app.scope', 'system', false)`);
      const [{ count }] = (await app.query<{ count: string }>('select count(*) from identity.audit_logs')).rows as [{ count: string }];
      expect(Number(count)).toBeGreaterThan(0);
      await expect(app.query(`update identity.audit_logs set action = 'user.deleted'`)).rejects.toThrow(/permission denied|append-only/);
      await expect(app.query('delete from identity.audit_logs')).rejects.toThrow(/permission denied|append-only/);
      await expect(app.query('truncate identity.audit_logs')).rejects.toThrow(/permission denied|append-only/);
      // nothing is past a year's retention yet; everything is once "now" is far enough ahead
      const kept = await app.query<{ removed: number }>(`select identity.purge_audit_logs(now() - interval '365 days') as removed`);
      expect(kept.rows[0]!.removed).toBe(0);
      const purged = await app.query<{ removed: number }>(`select identity.purge_audit_logs(now() + interval '1 day') as removed`);
      expect(purged.rows[0]!.removed).toBe(Number(count));
    } finally {
      await app.end();
    }
    // the owner (a superuser here) is refused too, outside the retention function
    const owner = new pg.Client({ connectionString: env.stack.database.ownerUrl });
    await owner.connect();
    try {
      await owner.query(
        `insert into identity.audit_logs (event_id, company_id, action, entity_type, created_at) values (gen_random_uuid(), $1, 'user.created', 'user', now())`,
        [alpha.companyId],
      );
      await expect(owner.query('delete from identity.audit_logs')).rejects.toThrow(/append-only/);
    } finally {
      await owner.end();
    }
  });
});
