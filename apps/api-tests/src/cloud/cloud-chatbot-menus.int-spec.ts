import type { SentRecord } from '@atrium/app-meta-sandbox';
import type { QueueView, WhatsappView } from '@atrium/contracts';
import { eventually } from '../nats-fixtures.js';
import { tenantWithSocket } from '../sessions/sessions-fixtures.js';
import type { Tenant } from '../tenants.js';
import { createQueue, ownerQuery } from '../tickets/tickets-fixtures.js';
import { cloudNumber, createCloudConnection, metaCall, startCloudStack, type CloudNumber, type CloudStack } from './cloud-fixtures.js';

const CUSTOMER = '5511987004001';
const MENU = 'Olá! Escolha um departamento:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte';

/**
 * The chatbot's menus on a Cloud API connection (issue 26): the queue menu and the option trees go
 * as interactive messages (reply buttons up to 3 options, a list up to 10), the conversation keeps
 * their text, and the customer's tap (button_reply / list_reply, whose id is the option's key)
 * moves the bot exactly as the typed key would.
 */
describe('chatbot menus as interactive messages on a Cloud API connection', () => {
  let env: CloudStack;
  let tenant: Tenant;
  let number: CloudNumber;
  let connection: WhatsappView;
  let sales: QueueView;

  const sent = async () =>
    (
      await metaCall<{ sent: SentRecord[] }>(env.meta, 'GET', `/_sandbox/sent?phoneNumberId=${number.phoneNumberId}&to=${CUSTOMER}`)
    ).body.sent.map((record) => record.body as unknown as { type: string; interactive?: Record<string, unknown>; text?: { body: string } });
  /** The customer's message, then the bot's next message as Meta received it. */
  const customer = async (body: Record<string, unknown>) => {
    const before = (await sent()).length;
    const written = await metaCall(env.meta, 'POST', `/_sandbox/customers/${CUSTOMER}/messages`, {
      phoneNumberId: number.phoneNumberId,
      profileName: 'Maria Cliente',
      ...body,
    });
    expect(written.body).toMatchObject({ webhookStatus: 200 });
    await eventually(async () => (await sent()).length > before, 20_000);
    return (await sent())[before]!;
  };
  const tap = (kind: 'button_reply' | 'list_reply', id: string, title: string) =>
    customer({ type: 'interactive', interactive: { type: kind, id, title } });

  beforeAll(async () => {
    env = await startCloudStack({ services: ['identity', 'sessions', 'tickets'] });
    const owner = await tenantWithSocket(env.stack, { connections: 2, queues: 5 });
    owner.socket.close();
    tenant = owner.tenant;
    sales = await createQueue(tenant, 'Vendas');
    const support = await createQueue(tenant, 'Suporte');
    expect((await tenant.admin.put(`/queue/${sales.id}`, { greetingMessage: 'Bem-vindo às Vendas' })).status).toBe(200);
    const option = async (parentId: number | null, key: number, title: string, message: string) =>
      (await tenant.admin.post<{ id: number }>('/queue-options', { queueId: sales.id, parentId, option: key, title, message })).body;
    const plans = await option(null, 1, 'Planos', 'Nossos planos:');
    await option(null, 2, 'Falar com vendedor', 'Aguarde um vendedor.');
    await option(plans.id, 1, 'Básico', 'Plano Básico: R$ 10');
    await option(plans.id, 2, 'Pro', 'Plano Pro: R$ 20');

    number = await cloudNumber(env);
    const created = await createCloudConnection(tenant.admin, number);
    expect(created.status).toBe(201);
    connection = created.body;
    const saved = await tenant.admin.put<WhatsappView>(`/whatsapp/${connection.id}`, {
      queueIds: [sales.id, support.id],
      greetingMessage: 'Olá! Escolha um departamento:',
    });
    expect(saved.status).toBe(200);
    await eventually(async () => {
      const rows = await ownerQuery<{ queue_ids: number[]; status: string }>(
        env.stack,
        'select queue_ids, status from tickets.whatsapp_refs where id = $1',
        [connection.id],
      );
      return rows[0]?.queue_ids.length === 2 && rows[0].status === 'CONNECTED';
    }, 15_000);
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('sends the queue menu as buttons and the option trees as buttons or a list; taps pick the options', async () => {
    const queueMenu = await customer({ text: 'oi' });
    expect(queueMenu).toMatchObject({
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Olá! Escolha um departamento:' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: '1', title: 'Vendas' } },
            { type: 'reply', reply: { id: '2', title: 'Suporte' } },
          ],
        },
      },
    });
    // the conversation shows the menu as the customer would read it typed
    const stored = await ownerQuery<{ body: string }>(
      env.stack,
      `select m.body from tickets.messages m join tickets.contacts c on c.id = m.contact_id
        where c.company_id = $1 and c.number = $2 and m.from_me order by m.id`,
      [tenant.companyId, CUSTOMER],
    );
    expect(stored.map((row) => row.body)).toEqual([MENU]);

    // a tap on "Vendas" enters the queue: its options, and the way back, as three buttons
    const salesMenu = await tap('button_reply', '1', 'Vendas');
    expect(salesMenu).toMatchObject({
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Bem-vindo às Vendas' },
        action: {
          buttons: [{ reply: { id: '1', title: 'Planos' } }, { reply: { id: '2', title: 'Falar com vendedor' } }, { reply: { id: '#' } }],
        },
      },
    });
    const ticket = await ownerQuery<{ queue_id: number | null }>(
      env.stack,
      `select t.queue_id from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.company_id = $1 and c.number = $2`,
      [tenant.companyId, CUSTOMER],
    );
    expect(ticket).toEqual([{ queue_id: sales.id }]);

    // four options (two plans, back, start) go as a list; a list row picked moves on
    const plansMenu = await tap('button_reply', '1', 'Planos');
    expect(plansMenu).toMatchObject({
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: 'Nossos planos:' },
        action: {
          button: 'Ver opções',
          sections: [{ rows: [{ id: '1', title: 'Básico' }, { id: '2', title: 'Pro' }, { id: '0', title: 'Voltar' }, { id: '#' }] }],
        },
      },
    });
    const pro = await tap('list_reply', '2', 'Pro');
    expect(pro).toMatchObject({ type: 'interactive', interactive: { body: { text: 'Plano Pro: R$ 20' } } });

    // typing the key still works the same
    const back = await customer({ text: '0' });
    expect(back).toMatchObject({ type: 'interactive', interactive: { type: 'list', body: { text: 'Nossos planos:' } } });
  });
});
