import type { SentRecord } from '@atrium/app-meta-sandbox';
import type {
  CampaignView,
  ContactListView,
  ContactView,
  MessagesPageView,
  ScheduleView,
  WhatsappTemplateView,
  WhatsappTokenView,
  WhatsappView,
} from '@atrium/contracts';
import type { ApiClient } from '../api-client.js';
import { eventually } from '../nats-fixtures.js';
import { tenantWithSocket } from '../sessions/sessions-fixtures.js';
import type { Tenant } from '../tenants.js';
import { ownerQuery } from '../tickets/tickets-fixtures.js';
import { cloudNumber, createCloudConnection, metaCall, startCloudStack, type CloudNumber, type CloudStack } from './cloud-fixtures.js';

const TEMPLATE = { name: 'pedido_pronto', language: 'pt_BR' };

/** What Meta receives for TEMPLATE with its body's two values filled. */
function templateSent(...values: string[]) {
  return expect.objectContaining({
    type: 'template',
    template: {
      name: TEMPLATE.name,
      language: { code: TEMPLATE.language },
      components: [{ type: 'body', parameters: values.map((text) => ({ type: 'text', text })) }],
    },
  });
}

/**
 * Sends that start from the business on a Cloud API connection (issue 26): the external API,
 * schedules and campaigns, where the customer's 24-hour window is usually closed. Free text to a
 * customer outside the window is refused with ERR_WAPP_WINDOW_CLOSED and nothing reaches Meta;
 * an approved template, filled with the request's or the contact list's values, goes out.
 */
describe('Cloud API sends outside the 24-hour window: external API, schedules, campaigns', () => {
  let env: CloudStack;
  let tenant: Tenant;
  let number: CloudNumber;
  let connection: WhatsappView;
  let token: string;
  let client: ApiClient;
  let numberSeq = 0;

  const freshNumber = (): string => `55319${String(30_000_000 + numberSeq++).padStart(8, '0')}`;
  const sentTo = async (to: string) =>
    (
      await metaCall<{ sent: SentRecord[] }>(env.meta, 'GET', `/_sandbox/sent?phoneNumberId=${number.phoneNumberId}&to=${to}`)
    ).body.sent.map((record) => record.body as unknown as Record<string, unknown>);
  const apiSend = (body: unknown) => client.request('POST', '/api/messages/send', body, { authorization: `Bearer ${token}` });
  const conversation = (to: string) =>
    ownerQuery<{ body: string; from_me: boolean }>(
      env.stack,
      `select m.body, m.from_me from tickets.messages m join tickets.contacts c on c.id = m.contact_id
        where c.company_id = $1 and c.number = $2 order by m.id`,
      [tenant.companyId, to],
    );

  beforeAll(async () => {
    env = await startCloudStack({
      services: ['identity', 'sessions', 'tickets', 'campaigns'],
      env: { CAMPAIGN_TICK_MS: '100', CAMPAIGN_RETRY_BASE_MS: '100' },
    });
    const owner = await tenantWithSocket(env.stack, { connections: 2 });
    owner.socket.close();
    tenant = owner.tenant;
    number = await cloudNumber(env);
    const created = await createCloudConnection(tenant.admin, number);
    expect(created.status).toBe(201);
    connection = created.body;
    await eventually(async () => (await tenant.admin.get<WhatsappView>(`/whatsapp/${connection.id}`)).body.status === 'CONNECTED', 15_000);

    // a template submitted from the platform and approved at Meta (its status webhook updates it)
    const submitted = await tenant.admin.post<WhatsappTemplateView>(`/whatsapp/${connection.id}/templates`, {
      ...TEMPLATE,
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} está pronto', example: { body_text: [['Ana', '123']] } }],
    });
    expect(submitted.status).toBe(201);
    await metaCall(env.meta, 'POST', `/_sandbox/templates/${submitted.body.metaId}/status`, { status: 'APPROVED' });
    await eventually(async () => {
      const templates = (await tenant.admin.get<WhatsappTemplateView[]>(`/whatsapp/${connection.id}/templates`)).body;
      return templates.some((template) => template.name === TEMPLATE.name && template.status === 'APPROVED');
    }, 15_000);

    token = (await tenant.admin.post<WhatsappTokenView>(`/whatsapp/${connection.id}/token`)).body.token;
    client = env.stack.client();
    await tenant.admin.post('/campaign-settings', { settings: { messageInterval: 0.01, longerIntervalAfter: 0, greaterInterval: 0 } });
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('external API: free text to a customer who never wrote is refused with ERR_WAPP_WINDOW_CLOSED; a named template is sent filled', async () => {
    const customer = freshNumber();
    const refused = await apiSend({ number: customer, body: 'Seu pedido saiu' });
    expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_WINDOW_CLOSED' } });
    expect(await conversation(customer)).toEqual([]);

    const sent = await apiSend({ number: customer, template: { ...TEMPLATE, parameters: { body: ['Ana', '4521'] } } });
    expect(sent).toMatchObject({ status: 200, body: { mensagem: 'Mensagem enviada' } });
    expect(await sentTo(customer)).toEqual([templateSent('Ana', '4521')]);
    expect(await conversation(customer)).toEqual([{ body: 'Olá Ana, seu pedido 4521 está pronto', from_me: true }]);

    // a template not approved, or the wrong number of values: refused, nothing sent
    expect(await apiSend({ number: customer, template: { name: 'nao_existe', language: 'pt_BR' } })).toMatchObject({
      status: 400,
      body: { error: 'ERR_WAPP_TEMPLATE_NOT_FOUND' },
    });
    expect(await apiSend({ number: customer, template: { ...TEMPLATE, parameters: { body: ['Ana'] } } })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION' },
    });
    expect(await sentTo(customer)).toHaveLength(1);

    // once the customer writes, free text goes
    await metaCall(env.meta, 'POST', `/_sandbox/customers/${customer}/messages`, {
      phoneNumberId: number.phoneNumberId,
      text: 'Obrigada!',
    });
    await eventually(async () => (await conversation(customer)).length === 2, 15_000);
    expect(await apiSend({ number: customer, body: 'De nada!' })).toMatchObject({ status: 200 });
    await eventually(async () => (await sentTo(customer)).length === 2, 15_000);
    expect((await sentTo(customer))[1]).toMatchObject({ type: 'text', text: { body: 'De nada!' } });
  });

  it("shows a message Meta reports failed (statuses[].status = failed) as failed in the conversation, with Meta's error", async () => {
    const customer = freshNumber();
    await metaCall(env.meta, 'POST', `/_sandbox/customers/${customer}/messages`, { phoneNumberId: number.phoneNumberId, text: 'Oi' });
    await eventually(async () => (await conversation(customer)).length === 1, 15_000);
    expect(await apiSend({ number: customer, body: 'Segue o boleto' })).toMatchObject({ status: 200 });
    let wamid = '';
    await eventually(async () => {
      const records = (
        await metaCall<{ sent: SentRecord[] }>(env.meta, 'GET', `/_sandbox/sent?phoneNumberId=${number.phoneNumberId}&to=${customer}`)
      ).body.sent;
      wamid = records[0]?.id ?? '';
      return wamid !== '';
    }, 15_000);
    // the send is recorded with Meta's id once Meta answered it
    let ticketId = 0;
    await eventually(async () => {
      const rows = await ownerQuery<{ ticket_id: number }>(
        env.stack,
        'select ticket_id from tickets.messages where company_id = $1 and wid = $2',
        [tenant.companyId, wamid],
      );
      ticketId = rows[0]?.ticket_id ?? 0;
      return ticketId !== 0;
    }, 15_000);
    const ours = async () =>
      (await tenant.admin.get<MessagesPageView>(`/messages/${ticketId}`)).body.messages.find((message) => message.wid === wamid);
    await eventually(async () => (await ours())?.ack === 1, 15_000);

    // Meta: sent, then failed with 131026 (undeliverable); a late `sent` does not undo the failure
    await metaCall(env.meta, 'POST', '/_sandbox/statuses', {
      phoneNumberId: number.phoneNumberId,
      messageId: wamid,
      to: customer,
      statuses: ['failed', 'sent'],
      errorCode: 131026,
    });
    await eventually(async () => (await ours())?.ack === -1, 15_000);
    expect(await ours()).toMatchObject({ ack: -1, error: '131026: Message undeliverable', body: 'Segue o boleto' });
  });

  it('schedules: a schedule to a customer outside the window fails with ERR_WAPP_WINDOW_CLOSED as its reason, and sends nothing', async () => {
    const customer = freshNumber();
    const contact = (await tenant.admin.post<ContactView>('/contacts', { name: 'Clara Agenda', number: customer })).body;
    const created = await tenant.admin.post<ScheduleView>('/schedules', {
      body: 'Lembrete da consulta',
      contactId: contact.id,
      whatsappId: connection.id,
      sendAt: new Date(Date.now() + 500).toISOString(),
    });
    expect(created.status).toBe(201);
    let schedule: ScheduleView | undefined;
    await eventually(async () => {
      schedule = (await tenant.admin.get<ScheduleView>(`/schedules/${created.body.id}`)).body;
      return schedule.status === 'ERRO';
    }, 20_000);
    expect(schedule!.errorReason).toBe('ERR_WAPP_WINDOW_CLOSED');
    expect(await sentTo(customer)).toEqual([]);
  });

  it('schedules: a schedule naming an approved template sends it filled when the window is closed, and its body inside the window', async () => {
    const customer = freshNumber();
    const contact = (await tenant.admin.post<ContactView>('/contacts', { name: 'Rita Agenda', number: customer })).body;
    const base = { body: 'Sua consulta é amanhã', contactId: contact.id, sendAt: new Date(Date.now() + 60_000).toISOString() };
    // a value may name the contact, as a campaign's name the list's columns
    const template = { ...TEMPLATE, parameters: { body: ['{nome}', '7788'] } };
    const settled = async (id: number) => {
      let schedule: ScheduleView | undefined;
      await eventually(async () => {
        schedule = (await tenant.admin.get<ScheduleView>(`/schedules/${id}`)).body;
        return schedule.status === 'ENVIADA' || schedule.status === 'ERRO';
      }, 20_000);
      return schedule!;
    };

    // refused before anything is stored: no connection named, a template Meta has not approved, a value missing
    expect(await tenant.admin.post('/schedules', { ...base, template })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ field: 'template' }] },
    });
    expect(
      await tenant.admin.post('/schedules', { ...base, whatsappId: connection.id, template: { name: 'nao_existe', language: 'pt_BR' } }),
    ).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_TEMPLATE_NOT_FOUND' } });
    expect(
      await tenant.admin.post('/schedules', {
        ...base,
        whatsappId: connection.id,
        template: { ...TEMPLATE, parameters: { body: ['Rita'] } },
      }),
    ).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(await ownerQuery(env.stack, 'select id from campaigns.schedules where contact_id = $1', [contact.id])).toEqual([]);

    // saved with its template; an update that names an unknown one is refused and the stored one kept
    const created = await tenant.admin.post<ScheduleView>('/schedules', { ...base, whatsappId: connection.id, template });
    expect(created).toMatchObject({ status: 201, body: { template } });
    const badUpdate = await tenant.admin.put(`/schedules/${created.body.id}`, { template: { name: 'nao_existe', language: 'pt_BR' } });
    expect(badUpdate).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_TEMPLATE_NOT_FOUND' } });
    expect((await tenant.admin.get<ScheduleView>(`/schedules/${created.body.id}`)).body.template).toEqual(template);

    // the window is closed (the customer never wrote): the template reaches Meta filled, the body does not
    await tenant.admin.put(`/schedules/${created.body.id}`, { sendAt: new Date(Date.now() + 300).toISOString() });
    expect(await settled(created.body.id)).toMatchObject({ status: 'ENVIADA', errorReason: null });
    expect(await sentTo(customer)).toEqual([templateSent('Rita Agenda', '7788')]);
    expect(await conversation(customer)).toEqual([{ body: 'Olá Rita Agenda, seu pedido 7788 está pronto', from_me: true }]);

    // once the customer writes, the window is open: the same kind of schedule sends its body as free text
    await metaCall(env.meta, 'POST', `/_sandbox/customers/${customer}/messages`, { phoneNumberId: number.phoneNumberId, text: 'Ok!' });
    await eventually(async () => (await conversation(customer)).length === 2, 15_000);
    const inside = await tenant.admin.post<ScheduleView>('/schedules', {
      ...base,
      body: 'Até amanhã, Rita',
      whatsappId: connection.id,
      template,
      sendAt: new Date(Date.now() + 300).toISOString(),
    });
    expect(inside.status).toBe(201);
    expect(await settled(inside.body.id)).toMatchObject({ status: 'ENVIADA' });
    const received = await sentTo(customer);
    expect(received).toHaveLength(2);
    expect(received[1]).toMatchObject({ type: 'text', text: { body: 'Até amanhã, Rita' } });
  }, 60_000);

  it('campaigns: on a Cloud API connection a campaign names an approved template and each recipient gets it once, filled from the list', async () => {
    const list = (await tenant.admin.post<ContactListView>('/contact-lists', { name: 'Clientes Cloud' })).body;
    const numbers = [freshNumber(), freshNumber(), freshNumber()];
    await ownerQuery(
      env.stack,
      `insert into campaigns.contact_list_items (company_id, contact_list_id, name, number, email, is_whatsapp_valid)
       select $1, $2, 'Cliente ' || right(n, 4), n, null, true from unnest($3::text[]) as n`,
      [tenant.companyId, list.id, numbers],
    );
    const base = {
      name: 'Pedidos prontos',
      contactListId: list.id,
      whatsappId: connection.id,
      tagListId: 'Nenhuma',
      scheduledAt: new Date().toISOString(),
    };
    // free text only: refused, a template is required
    const withoutTemplate = await tenant.admin.post('/campaigns', { ...base, message1: 'Oi {nome}' });
    expect(withoutTemplate).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ field: 'template' }] } });
    // a template Meta has not approved, or one with a variable left without a value: refused
    const unknown = await tenant.admin.post('/campaigns', { ...base, template: { name: 'nao_existe', language: 'pt_BR' } });
    expect(unknown).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_TEMPLATE_NOT_FOUND' } });
    const short = await tenant.admin.post('/campaigns', { ...base, template: { ...TEMPLATE, parameters: { body: ['{nome}'] } } });
    expect(short).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    const confirming = await tenant.admin.post('/campaigns', {
      ...base,
      confirmation: true,
      confirmationMessage1: 'Confirma?',
      template: { ...TEMPLATE, parameters: { body: ['{nome}', '{numero}'] } },
    });
    expect(confirming).toMatchObject({ status: 400, body: { fields: [{ field: 'confirmation' }] } });
    expect(await ownerQuery(env.stack, 'select id from campaigns.campaigns where company_id = $1', [tenant.companyId])).toEqual([]);

    const created = await tenant.admin.post<CampaignView>('/campaigns', {
      ...base,
      template: { ...TEMPLATE, parameters: { body: ['{nome}', '{numero}'] } },
    });
    expect(created).toMatchObject({
      status: 201,
      body: { status: 'PROGRAMADA', message1: null, template: { ...TEMPLATE, parameters: { body: ['{nome}', '{numero}'] } } },
    });
    await eventually(
      async () => (await tenant.admin.get<CampaignView>(`/campaigns/${created.body.id}`)).body.status === 'FINALIZADA',
      75_000,
      200,
    ).catch(async (error: unknown) => {
      const shippings = await ownerQuery(env.stack, 'select * from campaigns.campaign_shippings where campaign_id = $1', [created.body.id]);
      throw new Error(`${String(error)}: ${JSON.stringify(shippings)}`);
    });
    expect((await tenant.admin.get<CampaignView>(`/campaigns/${created.body.id}`)).body.report).toMatchObject({ delivered: 3, failed: 0 });
    for (const to of numbers) {
      const received = await sentTo(to);
      expect(received).toEqual([
        expect.objectContaining({
          type: 'template',
          template: expect.objectContaining({
            name: TEMPLATE.name,
            components: [
              {
                type: 'body',
                parameters: [
                  { type: 'text', text: `Cliente ${to.slice(-4)}` },
                  { type: 'text', text: to },
                ],
              },
            ],
          }),
        }),
      ]);
      expect(await conversation(to)).toEqual([{ body: `Olá Cliente ${to.slice(-4)}, seu pedido ${to} está pronto`, from_me: true }]);
    }
  }, 90_000);
});
