import {
  CAMPAIGN_SHIPPINGS_LIMIT_MAX,
  CampaignMessagesSubjects,
  type CampaignShippingsView,
  type CampaignEventPayload,
  type CampaignSettingsView,
  type CampaignsPageView,
  type CampaignView,
  type ContactListView,
  type WhatsappView,
} from '@atrium/contracts';
import { Redis } from 'ioredis';
import { createPlan } from '../identity-fixtures.js';
import { eventually } from '../nats-fixtures.js';
import { connectSandboxNumber, rpcFor, startSessionsStack, type SessionsStack } from '../sessions/sessions-fixtures.js';
import { socketOf } from '../socket-client.js';
import { startStackService, type Stack } from '../stack.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { ownerQuery } from '../tickets/tickets-fixtures.js';

const BUSINESS = '5511972600001';
const SECOND_BUSINESS = '5511972600002';
const OTHER_BUSINESS = '5511972600003';
/** Recipients of the exactly-once test (the 1 000). */
const RECIPIENTS = 1000;

/** One message a business sent, as the sandbox's network saw it. */
type Seen = { from: string; to: string; body: string; timestamp: number; file: string | null };

/**
 * Campaigns through the gateway against the real identity, sessions, tickets and campaigns
 * services and wa-sandbox numbers (spec 001 "Campaigns", issue 12): delivery exactly once with
 * variables, pacing measured at the sandbox, cancel/restart, a stop mid-run, two campaigns and two
 * replicas sharing a connection's pace, editability, bad input and tenants apart.
 */
describe('campaigns', () => {
  let env: SessionsStack;
  let stack: Stack;
  let tenant: Tenant;
  let other: Tenant;
  let whatsapp: WhatsappView;
  let secondWhatsapp: WhatsappView;
  let otherWhatsapp: WhatsappView;
  let otherList: ContactListView;
  const seen: Seen[] = [];
  let numberSeq = 0;

  const sentBy = (business: string): Seen[] => seen.filter((m) => m.from === business);
  const report = async (id: number): Promise<CampaignView> => (await tenant.admin.get<CampaignView>(`/campaigns/${id}`)).body;
  const settings = (messageInterval: number) =>
    tenant.admin.post<CampaignSettingsView>('/campaign-settings', {
      settings: { messageInterval, longerIntervalAfter: 0, greaterInterval: 0, variables: [{ key: 'cupom', value: 'BF10' }] },
    });

  /** A contact list of `size` valid items with fresh numbers (the items as an import would leave them). */
  const listOf = async (owner: Tenant, size: number, prefix = 'Pessoa'): Promise<{ list: ContactListView; numbers: string[] }> => {
    const list = (await owner.admin.post<ContactListView>('/contact-lists', { name: `Lista ${numberSeq}` })).body;
    const numbers = Array.from({ length: size }, () => `55119${String(10_000_000 + numberSeq++).padStart(8, '0')}`);
    await ownerQuery(
      stack,
      `insert into campaigns.contact_list_items (company_id, contact_list_id, name, number, email, is_whatsapp_valid)
       select $1, $2, $3 || ' ' || n, n, n || '@exemplo.com', true from unnest($4::text[]) as n`,
      [owner.companyId, list.id, prefix, numbers],
    );
    return { list, numbers };
  };

  const startNow = async (name: string, listId: number, connection: number, extra: Record<string, unknown> = {}): Promise<CampaignView> => {
    const created = await tenant.admin.post<CampaignView>('/campaigns', {
      name,
      message1: 'Oi {nome}, seu cupom é {cupom}',
      message2: 'Olá {nome} ({numero}), cupom {cupom}',
      message3: '',
      contactListId: listId,
      whatsappId: connection,
      tagListId: 'Nenhuma',
      scheduledAt: new Date().toISOString(),
      ...extra,
    });
    expect(created).toMatchObject({ status: 201, body: { status: 'PROGRAMADA' } });
    return created.body;
  };

  const finished = async (id: number, timeoutMs: number): Promise<CampaignView> => {
    await eventually(async () => (await report(id)).status === 'FINALIZADA', timeoutMs, 200);
    return report(id);
  };

  /** Every recipient got exactly one message of this campaign's variants, with the variables filled. */
  const expectEachOnce = (numbers: string[], business: string, prefix = 'Pessoa'): void => {
    const mine = new Set(numbers);
    const got = sentBy(business).filter((m) => mine.has(m.to));
    const counts = new Map<string, number>();
    for (const m of got) counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
    expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    expect(counts.size).toBe(numbers.length);
    for (const m of got)
      expect([`Oi ${prefix} ${m.to}, seu cupom é BF10`, `Olá ${prefix} ${m.to} (${m.to}), cupom BF10`]).toContain(m.body);
  };

  /**
   * How far a connection's messages, as the sandbox received them, ran ahead of the pace: the
   * largest (k × interval − span) over any k + 1 consecutive messages (0 or less: never ahead).
   * Sends start at the pace; the path to the sandbox adds jitter, which this measures too.
   */
  const aheadOfPace = (messages: Seen[], intervalMs: number): number => {
    const times = messages.map((m) => m.timestamp).sort((a, b) => a - b);
    let highest = -Infinity;
    let ahead = -Infinity;
    times.forEach((time, k) => {
      const u = time - k * intervalMs;
      ahead = Math.max(ahead, highest - u);
      highest = Math.max(highest, u);
    });
    return ahead;
  };

  beforeAll(async () => {
    env = await startSessionsStack({
      services: ['identity', 'sessions', 'tickets', 'campaigns'],
      env: {
        CAMPAIGN_TICK_MS: '100',
        CAMPAIGN_RETRY_BASE_MS: '100',
        CAMPAIGN_SENDS_IN_FLIGHT: '12',
        CAMPAIGN_REPLY_WINDOW_MS: '600000',
        DATABASE_POOL_MAX: '16',
      },
    });
    stack = env.stack;
    env.sandbox.network.onBusinessMessage((m) =>
      seen.push({ from: m.business, to: m.customer, body: m.body, timestamp: m.timestamp, file: m.media?.filename ?? null }),
    );
    const plan = await createPlan(await superAdmin(stack), { connections: 3 });
    [tenant, other] = await Promise.all([signUpTenant(stack, plan.id), signUpTenant(stack, plan.id)]);
    const socket = await socketOf(stack, tenant.admin);
    const otherSocket = await socketOf(stack, other.admin);
    try {
      whatsapp = await connectSandboxNumber(env, tenant.admin, socket, tenant.companyId, BUSINESS, 'Campanhas');
      secondWhatsapp = await connectSandboxNumber(env, tenant.admin, socket, tenant.companyId, SECOND_BUSINESS, 'Campanhas 2');
      otherWhatsapp = await connectSandboxNumber(env, other.admin, otherSocket, other.companyId, OTHER_BUSINESS, 'Outra');
    } finally {
      socket.close();
      otherSocket.close();
    }
    otherList = (await listOf(other, 2)).list;
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('saves and answers the campaign settings as rows of key and JSON value; refuses bad values storing nothing', async () => {
    expect((await tenant.admin.get<CampaignSettingsView>('/campaign-settings')).body).toEqual([]);
    const saved = await settings(0.01);
    expect(saved.status).toBe(201);
    expect(saved.body).toEqual(
      expect.arrayContaining([
        { key: 'messageInterval', value: '0.01', companyId: tenant.companyId },
        { key: 'variables', value: JSON.stringify([{ key: 'cupom', value: 'BF10' }]), companyId: tenant.companyId },
      ]),
    );
    for (const bad of [
      {},
      { settings: { messageInterval: -1 } },
      { settings: { messageInterval: 'rápido' } },
      { settings: { variables: [{ key: 'com espaço', value: 'x' }] } },
      { settings: { longerIntervalAfter: 1.5 } },
    ]) {
      const response = await other.admin.post('/campaign-settings', bad);
      expect({ bad, status: response.status }).toEqual({ bad, status: 400 });
    }
    expect((await other.admin.get<CampaignSettingsView>('/campaign-settings')).body).toEqual([]);
  });

  it("refuses bad input and other companies' lists and connections with 4xx, storing nothing", async () => {
    const { list } = await listOf(tenant, 1);
    const good = { name: 'Campanha válida', message1: 'Oi {nome}', contactListId: list.id, whatsappId: whatsapp.id };
    const bad: Array<Record<string, unknown>> = [
      { ...good, name: 'X' },
      { ...good, name: 'N'.repeat(51) },
      { ...good, message1: '' },
      { ...good, message1: undefined },
      { ...good, contactListId: 'abc' },
      { ...good, confirmation: 'talvez' },
      { ...good, scheduledAt: 'amanhã' },
      { ...good, contactListId: otherList.id },
      { ...good, whatsappId: otherWhatsapp.id },
      { ...good, tagListId: 999_999 },
      { ...good, whatsappId: null, scheduledAt: new Date().toISOString() },
    ];
    for (const body of bad) {
      const response = await tenant.admin.post('/campaigns', body);
      expect({ body, status: response.status, error: (response.body as { error?: string }).error }).toEqual({
        body,
        status: 400,
        error: 'ERR_VALIDATION',
      });
    }
    const short = await tenant.admin.post<{ fields: Array<{ field: string; messages: string[] }> }>('/campaigns', bad[0]);
    expect(short.body.fields).toEqual([{ field: 'name', messages: ['Too Short!'] }]);
    expect(await ownerQuery(stack, 'select id from campaigns.campaigns where company_id = $1', [tenant.companyId])).toEqual([]);
  });

  it("keeps tenants apart: another company's campaign is invisible and untouchable", async () => {
    const theirs = (
      await other.admin.post<CampaignView>('/campaigns', {
        name: 'Só deles',
        message1: 'Oi',
        contactListId: otherList.id,
        whatsappId: otherWhatsapp.id,
      })
    ).body;
    expect(theirs.status).toBe('INATIVA');
    for (const [method, path] of [
      ['get', `/campaigns/${theirs.id}`],
      ['put', `/campaigns/${theirs.id}`],
      ['delete', `/campaigns/${theirs.id}`],
      ['post', `/campaigns/${theirs.id}/cancel`],
      ['post', `/campaigns/${theirs.id}/restart`],
      ['get', `/campaigns/${theirs.id}/shippings.csv`],
      ['get', `/campaigns/${theirs.id}/shippings`],
    ] as const) {
      const response = method === 'put' ? await tenant.admin.put(path, { name: 'Tomada' }) : await tenant.admin[method](path);
      expect({ path, method, status: response.status }).toEqual({ path, method, status: 404 });
    }
    expect((await tenant.admin.get<CampaignsPageView>('/campaigns')).body.records.map((c) => c.id)).not.toContain(theirs.id);
    expect((await other.admin.get<CampaignView>(`/campaigns/${theirs.id}`)).body.name).toBe('Só deles');
  });

  it('applies the editability of spec 001 section 4 and refuses deleting a running campaign', async () => {
    const { list } = await listOf(tenant, 1);
    const created = (
      await tenant.admin.post<CampaignView>('/campaigns', {
        name: 'Editável',
        message1: 'Oi',
        contactListId: list.id,
        whatsappId: whatsapp.id,
      })
    ).body;
    expect(created).toMatchObject({ status: 'INATIVA', contactList: { id: list.id }, whatsapp: { id: whatsapp.id, name: 'Campanhas' } });
    const inTwoHours = new Date(Date.now() + 2 * 3_600_000).toISOString();
    expect((await tenant.admin.put<CampaignView>(`/campaigns/${created.id}`, { scheduledAt: inTwoHours })).body).toMatchObject({
      status: 'PROGRAMADA',
      scheduledAt: inTwoHours,
    });
    const inHalfAnHour = new Date(Date.now() + 1_800_000).toISOString();
    expect((await tenant.admin.put(`/campaigns/${created.id}`, { scheduledAt: inHalfAnHour })).status).toBe(200);
    // now within the hour: read-only
    expect(await tenant.admin.put(`/campaigns/${created.id}`, { message1: 'Mudou' })).toMatchObject({
      status: 409,
      body: { error: 'ERR_CAMPAIGN_NOT_EDITABLE' },
    });
    // the same values sent back are no change
    expect((await tenant.admin.put(`/campaigns/${created.id}`, { name: 'Editável', scheduledAt: inHalfAnHour })).status).toBe(200);
    // cancelled: messages editable, the rest not
    expect((await tenant.admin.post<CampaignView>(`/campaigns/${created.id}/cancel`)).body.status).toBe('CANCELADA');
    expect(
      (await tenant.admin.put<CampaignView>(`/campaigns/${created.id}`, { message1: 'Nova mensagem', message2: 'Outra' })).body,
    ).toMatchObject({ message1: 'Nova mensagem', message2: 'Outra' });
    expect(await tenant.admin.put(`/campaigns/${created.id}`, { name: 'Outro nome' })).toMatchObject({
      status: 409,
      body: { error: 'ERR_CAMPAIGN_NOT_EDITABLE' },
    });
    expect(await tenant.admin.post(`/campaigns/${created.id}/cancel`)).toMatchObject({
      status: 409,
      body: { error: 'ERR_CAMPAIGN_WRONG_STATUS' },
    });
    // running, with one recipient still to answer a confirmation (so the runner does not finish it):
    // the shipping first, so that no scheduler tick sees the campaign running with nothing left
    await ownerQuery(
      stack,
      `insert into campaigns.campaign_shippings (company_id, campaign_id, number, name, variant, confirmation_requested_at, next_attempt_at) values ($1, $2, '5511900000001', 'Espera', 1, now(), 'infinity')`,
      [tenant.companyId, created.id],
    );
    await ownerQuery(stack, `update campaigns.campaigns set status = 'EM_ANDAMENTO', planned_at = now() where id = $1`, [created.id]);
    expect(await tenant.admin.delete(`/campaigns/${created.id}`)).toMatchObject({ status: 409, body: { error: 'ERR_CAMPAIGN_RUNNING' } });
    await ownerQuery(stack, `update campaigns.campaigns set status = 'INATIVA', planned_at = null where id = $1`, [created.id]);
    expect((await tenant.admin.delete(`/campaigns/${created.id}`)).status).toBe(200);
    expect((await tenant.admin.get(`/campaigns/${created.id}`)).status).toBe(404);
  });

  it('delivers a campaign to 1 000 recipients exactly once each, variables filled, at the configured pace, the report live to FINALIZADA', async () => {
    await settings(0.05);
    const { list, numbers } = await listOf(tenant, RECIPIENTS);
    const socket = await socketOf(stack, tenant.admin);
    try {
      const startedAt = Date.now();
      const campaign = await startNow('Mil pessoas', list.id, whatsapp.id);
      let updates = 0;
      const done = socket.nextWhere<CampaignEventPayload>(
        `company-${tenant.companyId}-campaign`,
        (p) => p.action === 'update' && p.record.id === campaign.id && ++updates > 0 && p.record.status === 'FINALIZADA',
        480_000,
      );
      const final = (await done) as { record: CampaignView };
      expect(final.record.report).toEqual({ valid: RECIPIENTS, delivered: RECIPIENTS, confirmationRequested: 0, confirmed: 0, failed: 0 });
      expect(final.record.completedAt).not.toBeNull();
      // progress came live, throttled to a few per second (one per 300 ms): far fewer than one per message
      expect(updates).toBeGreaterThan(3);
      expect(updates).toBeLessThanOrEqual(Math.ceil((Date.now() - startedAt) / 300) + 5);
    } finally {
      socket.close();
    }
    expectEachOnce(numbers, BUSINESS);
    const mine = new Set(numbers);
    // the connection keeps the pace where the message is received (sessions' pacer starts each campaign send
    // the campaign's gap after the number's previous send completed, the sandbox having stamped it by then):
    // no two messages closer than the interval, whatever the path's jitter, so never ahead of the pace either
    // (only the sandbox's whole-millisecond stamps may round a gap down by 1 ms)
    const received = sentBy(BUSINESS).filter((m) => mine.has(m.to));
    const times = received.map((m) => m.timestamp).sort((a, b) => a - b);
    expect(Math.min(...times.slice(1).map((at, k) => at - times[k]!))).toBeGreaterThanOrEqual(50 - 1);
    expect(aheadOfPace(received, 50)).toBeLessThanOrEqual(1);
    // the rows: one per number, unique in the database
    expect(
      await ownerQuery(
        stack,
        'select number, count(*) from campaigns.campaign_shippings where company_id = $1 group by campaign_id, number having count(*) > 1',
        [tenant.companyId],
      ),
    ).toEqual([]);
    // the messages are in the conversations, and no ticket entered the inbox
    const [stored] = await ownerQuery<{ n: string }>(
      stack,
      `select count(*) as n from tickets.messages m join tickets.contacts c on c.id = m.contact_id where c.company_id = $1 and c.number = any($2) and m.from_me`,
      [tenant.companyId, numbers],
    );
    expect(Number(stored!.n)).toBe(RECIPIENTS);
    expect(
      await ownerQuery(
        stack,
        `select t.id from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.number = any($1) and t.status <> 'closed'`,
        [numbers],
      ),
    ).toEqual([]);
  }, 540_000);

  it('lists the shippings page by page (by number, 20 a page unless a limit is given) and exports them as CSV streamed over pages', async () => {
    const [campaign] = (await tenant.admin.get<CampaignsPageView>('/campaigns?searchParam=Mil')).body.records;
    const shippings = (query: string) => tenant.admin.get<CampaignShippingsView>(`/campaigns/${campaign!.id}/shippings${query}`);
    const first = (await shippings('')).body;
    expect(first).toMatchObject({ count: RECIPIENTS, hasMore: true });
    expect(first.shippings).toHaveLength(20);
    const pages: CampaignShippingsView[] = [];
    for (let pageNumber = 1; pageNumber === 1 || pages.at(-1)!.hasMore; pageNumber += 1)
      pages.push((await shippings(`?pageNumber=${pageNumber}&limit=300`)).body);
    expect(pages.map((page) => [page.shippings.length, page.count, page.hasMore])).toEqual([
      [300, RECIPIENTS, true],
      [300, RECIPIENTS, true],
      [300, RECIPIENTS, true],
      [100, RECIPIENTS, false],
    ]);
    const listed = pages.flatMap((page) => page.shippings.map((row) => row.number));
    expect(listed).toEqual([...listed].sort());
    expect(new Set(listed).size).toBe(RECIPIENTS);
    expect(first.shippings.map((row) => row.number)).toEqual(listed.slice(0, 20));
    for (const bad of ['?limit=0', `?limit=${CAMPAIGN_SHIPPINGS_LIMIT_MAX + 1}`, '?pageNumber=0', '?limit=abc'])
      expect({ bad, status: (await shippings(bad)).status }).toEqual({ bad, status: 400 });

    // the export reads pages of CAMPAIGN_SHIPPINGS_LIMIT_MAX (500): these 1 000 take more than one
    expect(RECIPIENTS).toBeGreaterThan(CAMPAIGN_SHIPPINGS_LIMIT_MAX);
    const response = await fetch(`${stack.url}/campaigns/${campaign!.id}/shippings.csv`, {
      headers: { authorization: `Bearer ${tenant.admin.token}` },
    });
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toContain('attachment');
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines[0]).toBe('number,name,variant,deliveredAt,confirmationRequestedAt,confirmedAt,failedReason');
    expect(lines).toHaveLength(RECIPIENTS + 1);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(listed);
    expect(lines[1]).toMatch(/^55119\d{8},Pessoa 55119\d{8},[12],\d{4}-.+Z,,,$/);
  });

  it('cancel stops at once (nothing sent after CANCELADA is answered); restart completes without duplicates', async () => {
    await settings(0.05);
    const { list, numbers } = await listOf(tenant, 150);
    const mine = new Set(numbers);
    const campaign = await startNow('Cancelada', list.id, whatsapp.id);
    await eventually(async () => sentBy(BUSINESS).filter((m) => mine.has(m.to)).length >= 10, 60_000);
    const cancelled = await tenant.admin.post<CampaignView>(`/campaigns/${campaign.id}/cancel`);
    const answeredAt = Date.now();
    expect(cancelled.body.status).toBe('CANCELADA');
    const atCancel = sentBy(BUSINESS).filter((m) => mine.has(m.to)).length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(sentBy(BUSINESS).filter((m) => mine.has(m.to) && m.timestamp > answeredAt)).toEqual([]);
    expect(sentBy(BUSINESS).filter((m) => mine.has(m.to)).length).toBe(atCancel);
    expect(atCancel).toBeLessThan(150);
    expect((await tenant.admin.post<CampaignView>(`/campaigns/${campaign.id}/restart`)).body.status).toBe('EM_ANDAMENTO');
    expect((await finished(campaign.id, 120_000)).report).toMatchObject({ valid: 150, delivered: 150, failed: 0 });
    expectEachOnce(numbers, BUSINESS);
  }, 180_000);

  it('a campaigns service stopped mid-run completes after its restart, without duplicates or losses; a repeated send key reaches nobody twice', async () => {
    await settings(0.05);
    const { list, numbers } = await listOf(tenant, 150);
    const mine = new Set(numbers);
    const campaign = await startNow('Interrompida', list.id, whatsapp.id);
    await eventually(async () => sentBy(BUSINESS).filter((m) => mine.has(m.to)).length >= 15, 60_000);
    await stack.apps.campaigns!.close();
    const whileDown = sentBy(BUSINESS).filter((m) => mine.has(m.to)).length;
    expect(whileDown).toBeLessThan(150);
    stack.apps.campaigns = await startStackService('campaigns', stack.env);
    expect((await finished(campaign.id, 120_000)).report).toMatchObject({ valid: 150, delivered: 150, failed: 0 });
    expectEachOnce(numbers, BUSINESS);

    // what makes a send whose process died before it committed safe to repeat: the key
    const rpc = rpcFor(stack);
    const actor = {
      userId: 0,
      companyId: tenant.companyId,
      profile: 'admin' as const,
      super: false,
      queueIds: [],
      allTicket: 'enabled' as const,
      sessionId: 'test',
    };
    const message = {
      key: `test-${Date.now()}`,
      whatsappId: whatsapp.id,
      number: '5511988887777',
      name: 'Repetido',
      body: 'Mensagem com chave',
    };
    expect(await rpc.request(CampaignMessagesSubjects.send, message, { actor })).toMatchObject({ duplicate: false });
    expect(await rpc.request(CampaignMessagesSubjects.send, message, { actor })).toMatchObject({ duplicate: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(seen.filter((m) => m.to === '5511988887777' && m.body === 'Mensagem com chave')).toHaveLength(1);
  }, 200_000);

  it('a send retried after its replica died between the send and its record keeps one message row and reaches the customer once', async () => {
    const rpc = rpcFor(stack);
    const actor = {
      userId: 0,
      companyId: tenant.companyId,
      profile: 'admin' as const,
      super: false,
      queueIds: [],
      allTicket: 'enabled' as const,
      sessionId: 'test',
    };
    const number = '5511988886666';
    const message = { key: `retried-${Date.now()}`, whatsappId: whatsapp.id, number, name: 'Retentado', body: 'Mensagem retentada' };
    const rows = () =>
      ownerQuery<{ id: number; wid: string | null; send_id: string | null; ack: number }>(
        stack,
        `select m.id, m.wid, m.send_id, m.ack from tickets.messages m join tickets.contacts c on c.id = m.contact_id
          where m.company_id = $1 and c.number = $2 and m.from_me order by m.id`,
        [tenant.companyId, number],
      );
    const redis = new Redis(stack.env.REDIS_URL!);
    try {
      expect(await rpc.request(CampaignMessagesSubjects.send, message, { actor })).toMatchObject({ duplicate: false });
      const [sent] = await rows();
      expect(sent!.send_id).toMatch(/^[0-9A-F]{20}$/);
      expect(sent).toMatchObject({ wid: sent!.send_id });
      // what a replica that died after the send, before its record, leaves: the row stored unsent,
      // and (its in-flight mark lapsed) no idempotency mark: the campaigns service sends again
      await ownerQuery(stack, 'update tickets.messages set wid = null, ack = 0 where id = $1', [sent!.id]);
      expect(await redis.del(`${stack.env.REDIS_PREFIX}campaign-message:${tenant.companyId}:${message.key}`)).toBe(1);
      expect(await rpc.request(CampaignMessagesSubjects.send, message, { actor })).toMatchObject({ duplicate: false });
      // the retry found the row its first try stored (by the derived id) and recorded it: no unsent copy beside it
      const after = await rows();
      expect(after).toEqual([expect.objectContaining({ id: sent!.id, wid: sent!.send_id })]);
      expect(after[0]!.ack).toBeGreaterThan(0);
      expect(seen.filter((m) => m.to === number && m.body === 'Mensagem retentada')).toHaveLength(1);
    } finally {
      redis.disconnect();
    }
  }, 60_000);

  it("two campaigns on one connection, with two campaigns replicas, share the connection's pace", async () => {
    await settings(0.05);
    const second = await startStackService('campaigns', stack.env);
    try {
      const [a, b] = await Promise.all([listOf(tenant, 15, 'Ana'), listOf(tenant, 15, 'Bia')]);
      const startedAt = Date.now();
      const [first, other] = await Promise.all([
        startNow('Primeira', a.list.id, secondWhatsapp.id),
        startNow('Segunda', b.list.id, secondWhatsapp.id),
      ]);
      await finished(first.id, 90_000);
      await finished(other.id, 90_000);
      expectEachOnce(a.numbers, SECOND_BUSINESS, 'Ana');
      expectEachOnce(b.numbers, SECOND_BUSINESS, 'Bia');
      const both = sentBy(SECOND_BUSINESS).filter((m) => m.timestamp >= startedAt);
      expect(both).toHaveLength(30);
      // one pace for both, kept where the messages are received: any k + 1 consecutive messages take at
      // least k paces (two paces side by side would run ahead by ~25 ms per message, ~350 ms over the 30)
      expect(aheadOfPace(both, 50)).toBeLessThanOrEqual(1);
    } finally {
      await second.close();
    }
  }, 200_000);

  it('confirmation: the request goes first; a reply (even one that came while the campaigns service was down) confirms and the message follows; no reply, no message', async () => {
    await settings(0.02);
    const { list, numbers } = await listOf(tenant, 3, 'Cli');
    const [early, late, silent] = numbers as [string, string, string];
    const campaign = await startNow('Com confirmação', list.id, secondWhatsapp.id, {
      confirmation: true,
      message2: '',
      confirmationMessage1: 'Posso enviar o cupom, {nome}?',
    });
    const toThem = (number: string) => sentBy(SECOND_BUSINESS).filter((m) => m.to === number);
    await eventually(async () => numbers.every((n) => toThem(n).length === 1), 60_000);
    for (const n of numbers) expect(toThem(n).map((m) => m.body)).toEqual([`Posso enviar o cupom, Cli ${n}?`]);
    await eventually(async () => (await report(campaign.id)).report.confirmationRequested === 3, 30_000);

    env.sandbox.network.customerSends({ from: early, to: SECOND_BUSINESS, body: 'Sim!' });
    await eventually(async () => toThem(early).length === 2, 60_000);
    expect(toThem(early)[1]!.body).toBe(`Oi Cli ${early}, seu cupom é BF10`);

    // the reply is a durable event: heard when the campaigns service returns
    await stack.apps.campaigns!.close();
    env.sandbox.network.customerSends({ from: late, to: SECOND_BUSINESS, body: 'Pode mandar' });
    await eventually(
      async () =>
        (
          await ownerQuery(
            stack,
            `select 1 from tickets.messages m join tickets.contacts c on c.id = m.contact_id where c.number = $1 and not m.from_me`,
            [late],
          )
        ).length === 1,
      30_000,
    );
    stack.apps.campaigns = await startStackService('campaigns', stack.env);
    await eventually(async () => toThem(late).length === 2, 60_000);
    expect(toThem(late)[1]!.body).toBe(`Oi Cli ${late}, seu cupom é BF10`);
    // a second reply confirms nothing more and sends nothing more
    env.sandbox.network.customerSends({ from: early, to: SECOND_BUSINESS, body: 'Obrigado' });

    await eventually(
      async () => (await report(campaign.id)).report.confirmed === 2 && (await report(campaign.id)).report.delivered === 2,
      30_000,
    );
    const shown = await report(campaign.id);
    expect(shown).toMatchObject({
      status: 'EM_ANDAMENTO',
      report: { valid: 3, delivered: 2, confirmationRequested: 3, confirmed: 2, failed: 0 },
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(toThem(silent)).toHaveLength(1);
    expect(toThem(early)).toHaveLength(2);
    const rows = await ownerQuery<{ number: string; confirmed: boolean; delivered: boolean }>(
      stack,
      'select number, confirmed_at is not null as confirmed, delivered_at is not null as delivered from campaigns.campaign_shippings where campaign_id = $1 order by number',
      [campaign.id],
    );
    expect(rows).toEqual([
      { number: early, confirmed: true, delivered: true },
      { number: late, confirmed: true, delivered: true },
      { number: silent, confirmed: false, delivered: false },
    ]);
    expect((await tenant.admin.post<CampaignView>(`/campaigns/${campaign.id}/cancel`)).body.status).toBe('CANCELADA');
  }, 240_000);

  it("a campaign with a file list sends, after the message, the list's text and each of its files, in order, once", async () => {
    await settings(0.02);
    const fileList = (
      await tenant.admin.post<{ id: number; options: Array<{ id: number }> }>('/files', {
        name: 'Catálogo',
        message: 'Segue o catálogo, {nome}',
        options: [{ name: 'Catálogo PDF' }, { name: 'Tabela' }],
      })
    ).body;
    for (const [option, name] of [
      [fileList.options[0]!, 'catalogo.pdf'],
      [fileList.options[1]!, 'tabela.pdf'],
    ] as const) {
      const form = new FormData();
      form.append('typeArch', 'fileList');
      form.append('files', new Blob([`%PDF-1.4 ${name}`], { type: 'application/pdf' }), name);
      form.append('id', String(option.id));
      form.append('mediaType', 'application/pdf');
      expect((await tenant.admin.request('POST', `/files/uploadList/${fileList.id}`, form)).status).toBe(201);
    }
    const { list, numbers } = await listOf(tenant, 4, 'Arq');
    // one item added by hand, never checked on WhatsApp: checked when the campaign plans, then sent too
    const manual = '5511955500001';
    expect(
      (await tenant.admin.post('/contact-list-items', { contactListId: list.id, name: `Arq ${manual}`, number: manual, email: '' })).status,
    ).toBe(201);
    numbers.push(manual);
    const campaign = await startNow('Com arquivos', list.id, secondWhatsapp.id, { fileListId: fileList.id, message2: '' });
    expect((await finished(campaign.id, 90_000)).report).toMatchObject({ valid: 5, delivered: 5, failed: 0 });
    expect(
      await ownerQuery(
        stack,
        'select is_whatsapp_valid, checked_at is not null as checked from campaigns.contact_list_items where number = $1',
        [manual],
      ),
    ).toEqual([{ is_whatsapp_valid: true, checked: true }]);
    for (const n of numbers) {
      expect(
        sentBy(SECOND_BUSINESS)
          .filter((m) => m.to === n)
          .map((m) => [m.body, m.file]),
      ).toEqual([
        [`Oi Arq ${n}, seu cupom é BF10`, null],
        [`Segue o catálogo, Arq ${n}`, null],
        ['Catálogo PDF', 'catalogo.pdf'],
        ['Tabela', 'tabela.pdf'],
      ]);
    }
  }, 120_000);

  it('needs the plan flag useCampaigns (ERR_PLAN_FEATURE_DISABLED)', async () => {
    const plan = await createPlan(await superAdmin(stack), { name: `Sem campanhas ${Date.now()}`, useCampaigns: false });
    const without = await signUpTenant(stack, plan.id);
    for (const path of ['/campaigns', '/campaign-settings'])
      expect(((await without.admin.get(path)).body as { error?: string }).error).toBe('ERR_PLAN_FEATURE_DISABLED');
  });
});
