import type { ContactView, ScheduleEventPayload, SchedulesPageView, ScheduleView } from '@atrium/contracts';
import { JobName, JobQueue, type Jobs } from '@atrium/jobs';
import { createPlan } from '../identity-fixtures.js';
import { eventually } from '../nats-fixtures.js';
import { connectSandboxNumber, sandboxCall, startSessionsStack, type SessionsStack } from '../sessions/sessions-fixtures.js';
import { socketOf } from '../socket-client.js';
import { startStackService, type Stack } from '../stack.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { ownerQuery } from '../tickets/tickets-fixtures.js';

const BUSINESS = '5511972500001';
const CUSTOMER = '5511977770001';
type SandboxMessage = { id: string; body: string; media: { mimetype: string; filename: string; size: number } | null };
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

const inAnHour = (): string => new Date(Date.now() + 3_600_000).toISOString();

const fileForm = (name: string, bytes: Buffer, type: string): FormData => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
};

/** Schedules through the gateway (spec 000 "schedule modal", `/schedules`), campaigns and tickets services real. */
describe('schedules', () => {
  let env: SessionsStack;
  let stack: Stack;
  let tenant: Tenant;
  let other: Tenant;
  let contact: ContactView;
  let otherContact: ContactView;

  beforeAll(async () => {
    env = await startSessionsStack({ services: ['identity', 'sessions', 'tickets', 'campaigns'] });
    stack = env.stack;
    const plan = await createPlan(await superAdmin(stack), { connections: 2 });
    [tenant, other] = await Promise.all([signUpTenant(stack, plan.id), signUpTenant(stack)]);
    const socket = await socketOf(stack, tenant.admin);
    try {
      await connectSandboxNumber(env, tenant.admin, socket, tenant.companyId, BUSINESS);
    } finally {
      socket.close();
    }
    contact = (await tenant.admin.post<ContactView>('/contacts', { name: 'Clara Agenda', number: CUSTOMER })).body;
    otherContact = (await other.admin.post<ContactView>('/contacts', { name: 'Outra Empresa', number: '5511977770002' })).body;
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('creates, shows, edits, pages and deletes a schedule, announced live on company-{id}-schedule', async () => {
    const socket = await socketOf(stack, tenant.admin);
    const event = `company-${tenant.companyId}-schedule`;
    try {
      const sendAt = inAnHour();
      const created = await tenant.admin.post<ScheduleView>('/schedules', { body: 'Lembrete da consulta', contactId: contact.id, sendAt });
      expect(created).toMatchObject({
        status: 201,
        body: {
          id: expect.any(Number),
          body: 'Lembrete da consulta',
          contactId: contact.id,
          sendAt,
          sentAt: null,
          userId: tenant.adminSession.user.id,
          companyId: tenant.companyId,
        },
      });
      const id = created.body.id;
      expect(await socket.nextWhere<ScheduleEventPayload>(event, (p) => p.action === 'create' && p.schedule.id === id)).toBeDefined();

      expect((await tenant.admin.get<ScheduleView>(`/schedules/${id}`)).body).toMatchObject({ id, body: 'Lembrete da consulta' });
      const edited = await tenant.admin.put<ScheduleView>(`/schedules/${id}`, { body: 'Lembrete da consulta, às 10h' });
      expect(edited).toMatchObject({ status: 200, body: { id, body: 'Lembrete da consulta, às 10h', sendAt } });
      expect(await socket.nextWhere<ScheduleEventPayload>(event, (p) => p.action === 'update' && p.schedule.id === id)).toBeDefined();

      const page = (await tenant.admin.get<SchedulesPageView>('/schedules?searchParam=10h&pageNumber=1')).body;
      expect(page).toMatchObject({ count: 1, hasMore: false, schedules: [{ id }] });
      expect((await tenant.admin.get<SchedulesPageView>(`/schedules?contactId=${contact.id}`)).body.schedules.map((s) => s.id)).toEqual([
        id,
      ]);
      expect((await tenant.admin.get<SchedulesPageView>('/schedules?searchParam=nada-disso')).body).toEqual({
        schedules: [],
        count: 0,
        hasMore: false,
      });

      expect((await tenant.admin.delete(`/schedules/${id}`)).status).toBe(200);
      expect(await socket.nextWhere<ScheduleEventPayload>(event, (p) => p.action === 'delete' && p.scheduleId === id)).toBeDefined();
      expect((await tenant.admin.get(`/schedules/${id}`)).body).toMatchObject({ error: 'ERR_NO_SCHEDULE_FOUND' });
    } finally {
      socket.close();
    }
  });

  it('validates as the spec says and stores nothing on bad input', async () => {
    const bad = [
      { body: 'oi', contactId: contact.id, sendAt: inAnHour() },
      { body: 'Mensagem longa', sendAt: inAnHour() },
      { body: 'Mensagem longa', contactId: contact.id },
      { body: 'Mensagem longa', contactId: 'abc', sendAt: inAnHour() },
      { body: 'Mensagem longa', contactId: contact.id, sendAt: 'amanhã' },
      { body: 12345678, contactId: contact.id, sendAt: inAnHour() },
    ];
    for (const body of bad) {
      const response = await tenant.admin.post('/schedules', body);
      expect({ body, status: response.status, error: (response.body as { error?: string }).error }).toEqual({
        body,
        status: 400,
        error: 'ERR_VALIDATION',
      });
    }
    const short = await tenant.admin.post<{ fields: Array<{ field: string; messages: string[] }> }>('/schedules', bad[0]);
    expect(short.body.fields).toEqual([{ field: 'body', messages: ['Mensagem muito curta'] }]);
    expect(await ownerQuery(stack, 'select id from campaigns.schedules where company_id = $1', [tenant.companyId])).toEqual([]);
  });

  it("keeps tenants apart: another company's contact is refused, its schedules are invisible", async () => {
    const foreign = await tenant.admin.post('/schedules', { body: 'Para outra empresa', contactId: otherContact.id, sendAt: inAnHour() });
    expect(foreign).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    const theirs = (
      await other.admin.post<ScheduleView>('/schedules', { body: 'Só da outra empresa', contactId: otherContact.id, sendAt: inAnHour() })
    ).body;
    expect((await tenant.admin.get(`/schedules/${theirs.id}`)).status).toBe(404);
    expect((await tenant.admin.put(`/schedules/${theirs.id}`, { body: 'tomada de controle' })).status).toBe(404);
    expect((await tenant.admin.delete(`/schedules/${theirs.id}`)).status).toBe(404);
    expect((await tenant.admin.get<SchedulesPageView>('/schedules')).body.schedules.map((s) => s.id)).not.toContain(theirs.id);
    expect((await other.admin.get<ScheduleView>(`/schedules/${theirs.id}`)).body.body).toBe('Só da outra empresa');
  });

  it('refuses to edit a schedule already sent (ERR_SCHEDULE_ALREADY_SENT)', async () => {
    const created = (
      await tenant.admin.post<ScheduleView>('/schedules', { body: 'Já foi enviado', contactId: contact.id, sendAt: inAnHour() })
    ).body;
    await ownerQuery(stack, `update campaigns.schedules set status = 'ENVIADA', sent_at = now() where id = $1`, [created.id]);
    const edit = await tenant.admin.put(`/schedules/${created.id}`, { body: 'Mudança tardia' });
    expect(edit).toMatchObject({ status: 409, body: { error: 'ERR_SCHEDULE_ALREADY_SENT' } });
    expect((await tenant.admin.get<ScheduleView>(`/schedules/${created.id}`)).body.body).toBe('Já foi enviado');
  });

  describe('sending', () => {
    const inbox = async (): Promise<SandboxMessage[]> =>
      (await sandboxCall<SandboxMessage[]>(env.sandbox, 'GET', `/messages?customer=${CUSTOMER}`)).body;
    const received = async (body: string): Promise<number> => (await inbox()).filter((m) => m.body === body).length;
    const inConversation = async (body: string): Promise<number> =>
      (
        await ownerQuery(
          stack,
          'select m.id from tickets.messages m join tickets.tickets t on t.id = m.ticket_id where t.contact_id = $1 and m.body = $2 and m.from_me',
          [contact.id, body],
        )
      ).length;
    const schedule = async (body: string, inMs: number): Promise<ScheduleView> => {
      const created = await tenant.admin.post<ScheduleView>('/schedules', {
        body,
        contactId: contact.id,
        sendAt: new Date(Date.now() + inMs).toISOString(),
      });
      expect(created.status).toBe(201);
      return created.body;
    };
    const settled = async (id: number): Promise<ScheduleView> => {
      let view: ScheduleView | undefined;
      await eventually(
        async () => ['ENVIADA', 'ERRO'].includes((view = (await tenant.admin.get<ScheduleView>(`/schedules/${id}`)).body).status),
        20_000,
      );
      return view!;
    };

    it("sends once at sendAt, variables filled, into the contact's conversation", async () => {
      const created = await schedule('Lembrete para {{firstName}}: consulta amanhã', 3_000);
      expect(created.status).toBe('PENDENTE');
      await eventually(async () => (await tenant.admin.get<ScheduleView>(`/schedules/${created.id}`)).body.status === 'AGENDADA', 5_000);
      const sent = await settled(created.id);
      expect(sent).toMatchObject({ status: 'ENVIADA', errorReason: null, sentLate: false });
      const lateness = Date.parse(sent.sentAt!) - Date.parse(created.sendAt);
      expect(lateness).toBeGreaterThanOrEqual(-1_000);
      expect(lateness).toBeLessThan(5_000);
      const text = 'Lembrete para Clara: consulta amanhã';
      await eventually(async () => (await received(text)) === 1, 10_000);
      expect(await inConversation(text)).toBe(1);
      // a sent schedule cannot be edited
      expect((await tenant.admin.put(`/schedules/${created.id}`, { body: 'Mudou depois' })).status).toBe(409);
    });

    it('sends the attachment with the message (the body its caption); the schedule keeps its file; checked and tenant-bound', async () => {
      const created = (
        await tenant.admin.post<ScheduleView>('/schedules', {
          body: 'Segue o boleto, {{firstName}}',
          contactId: contact.id,
          sendAt: inAnHour(),
        })
      ).body;
      const upload = (id: number, name: string, bytes: Buffer, type: string, client = tenant.admin) =>
        client.request<ScheduleView>('POST', `/schedules/${id}/media-upload`, fileForm(name, bytes, type));
      // spec 000: png, jpg or jpeg only; an empty form; another company's schedule
      expect(await upload(created.id, 'contrato.pdf', Buffer.from('%PDF-1.4 not an image'), 'application/pdf')).toMatchObject({
        status: 400,
        body: { error: 'ERR_VALIDATION' },
      });
      expect(await upload(created.id, 'falsa.png', Buffer.from('not really a png'), 'image/png')).toMatchObject({
        status: 400,
        body: { error: 'ERR_VALIDATION' },
      });
      expect(await tenant.admin.request('POST', `/schedules/${created.id}/media-upload`, new FormData())).toMatchObject({
        status: 400,
        body: { error: 'ERR_VALIDATION' },
      });
      expect((await upload(created.id, 'boleto.png', PNG, 'image/png', other.admin)).status).toBe(404);
      expect((await tenant.admin.get<ScheduleView>(`/schedules/${created.id}`)).body).toMatchObject({ mediaPath: null, mediaName: null });

      // a first file replaced by a second one, then the second removed and uploaded again
      const first = await upload(created.id, 'primeiro arquivo.png', PNG, 'image/png');
      expect(first).toMatchObject({
        status: 201,
        body: {
          mediaName: 'primeiro_arquivo.png',
          mediaPath: expect.stringMatching(new RegExp(`^schedules/${tenant.companyId}/[0-9a-f]+\\.png$`)),
        },
      });
      const replaced = (await upload(created.id, 'boleto.png', PNG, 'image/png')).body;
      expect(replaced.mediaName).toBe('boleto.png');
      expect(replaced.mediaPath).not.toBe(first.body.mediaPath);
      expect((await tenant.admin.delete<ScheduleView>(`/schedules/${created.id}/media-upload`)).body).toMatchObject({
        mediaPath: null,
        mediaName: null,
      });
      const withFile = (await upload(created.id, 'boleto.png', PNG, 'image/png')).body;

      // due in 3 s
      await tenant.admin.put(`/schedules/${created.id}`, { sendAt: new Date(Date.now() + 3_000).toISOString() });
      const sent = await settled(created.id);
      expect(sent).toMatchObject({ status: 'ENVIADA', errorReason: null, mediaPath: withFile.mediaPath, mediaName: 'boleto.png' });
      const caption = 'Segue o boleto, Clara';
      await eventually(async () => (await inbox()).some((m) => m.body === caption && m.media?.filename === 'boleto.png'), 10_000);
      const delivered = (await inbox()).filter((m) => m.body === caption);
      expect(delivered).toEqual([expect.objectContaining({ media: { mimetype: 'image/png', filename: 'boleto.png', size: PNG.length } })]);
      // in the conversation, as a file of the ticket (not the schedule's)
      const rows = await ownerQuery<{ media_path: string; media_name: string }>(
        stack,
        'select m.media_path, m.media_name from tickets.messages m join tickets.tickets t on t.id = m.ticket_id where t.contact_id = $1 and m.body = $2 and m.from_me',
        [contact.id, caption],
      );
      expect(rows).toEqual([
        { media_path: expect.stringMatching(new RegExp(`^tickets/${tenant.companyId}/\\d+/`)), media_name: 'boleto.png' },
      ]);
      // a sent schedule's attachment cannot change
      expect(await upload(created.id, 'outro.png', PNG, 'image/png')).toMatchObject({
        status: 409,
        body: { error: 'ERR_SCHEDULE_ALREADY_SENT' },
      });
      expect(await tenant.admin.delete(`/schedules/${created.id}/media-upload`)).toMatchObject({
        status: 409,
        body: { error: 'ERR_SCHEDULE_ALREADY_SENT' },
      });
    });

    it('a rescheduled schedule is sent once, at its new time', async () => {
      const created = await schedule('Remarcado uma vez', 2_000);
      const later = new Date(Date.now() + 5_000).toISOString();
      expect((await tenant.admin.put<ScheduleView>(`/schedules/${created.id}`, { sendAt: later })).body.sendAt).toBe(later);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect((await tenant.admin.get<ScheduleView>(`/schedules/${created.id}`)).body.sentAt).toBeNull();
      const sent = await settled(created.id);
      expect(sent.status).toBe('ENVIADA');
      expect(Date.parse(sent.sentAt!)).toBeGreaterThanOrEqual(Date.parse(later) - 1_000);
      await eventually(async () => (await received('Remarcado uma vez')) === 1, 10_000);
      expect(await inConversation('Remarcado uma vez')).toBe(1);
    });

    it("sends exactly once with two campaigns service instances, even when a schedule's job runs twice", async () => {
      const second = await startStackService('campaigns', stack.env);
      try {
        const bodies = ['Réplica um', 'Réplica dois', 'Réplica três', 'Réplica quatro'];
        const created = await Promise.all(bodies.map((body) => schedule(body, 3_000)));
        // and a second job per schedule, as a stalled job handed to another replica would be: the claim lets one through
        const jobs = second.get<Jobs>(JobQueue);
        for (const one of created)
          await jobs.add(
            JobName.ScheduleSend,
            { companyId: tenant.companyId, scheduleId: one.id },
            { id: `duplicate-${one.id}`, delayMs: 3_000 },
          );
        for (const one of created) expect((await settled(one.id)).status).toBe('ENVIADA');
        await new Promise((resolve) => setTimeout(resolve, 2_000)); // room for a duplicate to show up
        for (const body of bodies) {
          expect(await received(body)).toBe(1);
          expect(await inConversation(body)).toBe(1);
        }
      } finally {
        await second.close();
      }
    });

    it('sends on restart what fell due while the service was down: its queued job, and a row whose job was lost (late, marked so)', async () => {
      const queued = await schedule('Enquanto parado', 2_000);
      await eventually(async () => (await tenant.admin.get<ScheduleView>(`/schedules/${queued.id}`)).body.status === 'AGENDADA', 5_000);
      await stack.apps.campaigns!.close();
      const [lost] = await ownerQuery<{ id: number }>(
        stack,
        `insert into campaigns.schedules (company_id, contact_id, user_id, body, send_at, status) values ($1, $2, $3, 'Job perdido', now() - interval '2 minutes', 'AGENDADA') returning id`,
        [tenant.companyId, contact.id, tenant.adminSession.user.id],
      );
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(await received('Enquanto parado')).toBe(0);
      stack.apps.campaigns = await startStackService('campaigns', stack.env);
      expect(await settled(queued.id)).toMatchObject({ status: 'ENVIADA', sentLate: false });
      expect(await settled(lost!.id)).toMatchObject({ status: 'ENVIADA', sentLate: true });
      await eventually(async () => (await received('Enquanto parado')) === 1 && (await received('Job perdido')) === 1, 10_000);
      expect(await inConversation('Job perdido')).toBe(1);
    });
  });

  it('needs the plan flag useSchedules (ERR_PLAN_FEATURE_DISABLED)', async () => {
    const plan = await createPlan(await superAdmin(stack), { name: `Sem agenda ${Date.now()}`, useSchedules: false });
    const withoutSchedules = await signUpTenant(stack, plan.id);
    const response = await withoutSchedules.admin.get('/schedules');
    expect((response.body as { error?: string }).error).toBe('ERR_PLAN_FEATURE_DISABLED');
  });
});
