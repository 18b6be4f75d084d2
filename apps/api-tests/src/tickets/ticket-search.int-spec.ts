import type { QueueView, TicketsPageView, TicketView } from '@atrium/contracts';
import { eventually } from '../nats-fixtures.js';
import { startStack, type Stack } from '../stack.js';
import { signUpTenant, type Tenant } from '../tenants.js';
import { aNumber, customerText, InboundPublisher } from './inbound-publisher.js';
import { announceConnection, createAgent, createQueue, type Agent } from './tickets-fixtures.js';

/** Connections whose customers land in queue A, in queue B. */
const TO_A = 9301;
const TO_B = 9302;

/**
 * The search tab (spec 000 section 2: GET /tickets?searchParam= matches contact name, number and
 * message bodies), with the semantics of a case-insensitive substring of each (ADR 005).
 */
describe('GET /tickets?searchParam: contact name, number and message bodies', () => {
  let stack: Stack;
  let tenant: Tenant;
  let other: Tenant;
  let publisher: InboundPublisher;
  let queueA: QueueView;
  let agentA: Agent;
  let agentB: Agent;

  beforeAll(async () => {
    stack = await startStack({ services: ['identity', 'tickets'] });
    [tenant, other] = await Promise.all([signUpTenant(stack), signUpTenant(stack)]);
    queueA = await createQueue(tenant, 'Fila A');
    const queueB = await createQueue(tenant, 'Fila B');
    [agentA, agentB] = await Promise.all([
      createAgent(stack, tenant, { name: 'Ana Agente', queueIds: [queueA.id] }),
      createAgent(stack, tenant, { name: 'Beto Agente', queueIds: [queueB.id] }),
    ]);
    await announceConnection(stack, tenant, { id: TO_A, name: 'Fila A', queueIds: [queueA.id], isDefault: true });
    await announceConnection(stack, tenant, { id: TO_B, name: 'Fila B', queueIds: [queueB.id], isDefault: false });
    publisher = await InboundPublisher.open(stack.env);
  });
  afterAll(async () => {
    await stack.stop();
    await publisher.close();
  });

  const search = async (client: Tenant['admin'], term: string, extra = ''): Promise<TicketsPageView> =>
    (await client.get<TicketsPageView>(`/tickets?searchParam=${encodeURIComponent(term)}${extra}`)).body;
  const idsFound = async (term: string, client: Tenant['admin'] = tenant.admin): Promise<number[]> =>
    (await search(client, term)).tickets.map((t) => t.id).sort();

  /** A customer writes these messages (in order) through the inbound stream; answers their ticket once all are stored. */
  async function customer(bodies: string[], options: { name?: string; whatsappId?: number } = {}): Promise<TicketView> {
    const number = aNumber();
    const from = { number, lid: null, name: options.name ?? `Cliente ${number.slice(-4)}` };
    for (const body of bodies)
      await publisher.publish(tenant.companyId, options.whatsappId ?? TO_A, {
        type: 'message',
        message: customerText(number, body, { from }),
      });
    let found: TicketView | undefined;
    await eventually(async () => {
      found = (await search(tenant.admin, number)).tickets[0];
      return found !== undefined && found.lastMessage === bodies.at(-1);
    }, 10_000);
    return found!;
  }

  it('finds a ticket by any part of its contact’s name, whatever the case', async () => {
    const ticket = await customer(['bom dia'], { name: 'Joana Ribeiro Sá' });
    expect(await idsFound('ribeiro')).toEqual([ticket.id]);
    expect(await idsFound('  BEIRO SÁ ')).toEqual([ticket.id]);
    expect(await idsFound('ribeiro sa')).toEqual([]); // accents count, as with ILIKE
  });

  it('finds a ticket by the digits of its number, however the term is written', async () => {
    const ticket = await customer(['oi']);
    const number = ticket.contact.number!; // 55119 + 8 digits, the last 4 unique in this run
    expect(await idsFound(number.slice(-7))).toEqual([ticket.id]);
    expect(await idsFound(`(${number.slice(2, 4)}) ${number.slice(4, 9)}-${number.slice(9)}`)).toEqual([ticket.id]);
  });

  it('finds a ticket by part of any of its messages, whatever the case', async () => {
    const ticket = await customer(['Quero TROCAR o produto', 'Obrigada pela ÁGUA', 'até logo']);
    expect(await idsFound('trocar o prod')).toEqual([ticket.id]);
    expect(await idsFound('ocar o')).toEqual([ticket.id]);
    expect(await idsFound('água')).toEqual([ticket.id]);
    expect(await idsFound('agua')).toEqual([]);
    expect(await idsFound('produto obrigada')).toEqual([]); // a match lies within one message
  });

  it('takes % and _ in the term literally', async () => {
    // terms without digits: a term's digits also search the contacts' numbers
    const percent = await customer(['desconto de cinquenta% hoje']);
    await customer(['desconto de cinquenta e poucos reais']);
    const underscore = await customer(['código ab_cd']);
    await customer(['código abxcd']);
    expect(await idsFound('cinquenta%')).toEqual([percent.id]);
    expect(await idsFound('%')).toEqual([percent.id]);
    expect(await idsFound('ab_cd')).toEqual([underscore.id]);
    expect(await idsFound('_')).toEqual([underscore.id]);
  });

  it('follows an edited message: its old words no longer find the ticket, its new ones do', async () => {
    const number = aNumber();
    const message = customerText(number, 'pedido número abacate');
    await publisher.publish(tenant.companyId, TO_A, { type: 'message', message });
    await eventually(async () => (await idsFound('abacate')).length === 1, 10_000);
    await publisher.publish(tenant.companyId, TO_A, {
      type: 'edit',
      messageId: message.id,
      chatId: number,
      body: 'pedido número pitanga',
      editedAt: Date.now(),
    });
    await eventually(async () => (await idsFound('pitanga')).length === 1, 10_000);
    expect(await idsFound('abacate')).toEqual([]);
  });

  it('shows an agent only what they may see: their queues’ tickets, never another queue’s or company’s', async () => {
    const inA = await customer(['mensagem secreta jabuticaba'], { whatsappId: TO_A });
    const inB = await customer(['outra jabuticaba'], { whatsappId: TO_B });
    expect(await idsFound('jabuticaba')).toEqual([inA.id, inB.id].sort());
    expect(await idsFound('jabuticaba', agentA.client)).toEqual([inA.id]);
    expect(await idsFound('jabuticaba', agentB.client)).toEqual([inB.id]);
    expect((await search(agentB.client, 'secreta', '&showAll=true')).tickets).toEqual([]);
    expect((await search(agentB.client, inA.contact.number!)).tickets).toEqual([]);
    expect((await search(other.admin, 'jabuticaba', '&showAll=true')).tickets).toEqual([]);
  });

  it('pages through many matches newest first, with their count and hasMore', async () => {
    const numbers = Array.from({ length: 45 }, () => aNumber());
    for (const number of numbers)
      await publisher.publish(tenant.companyId, TO_A, { type: 'message', message: customerText(number, 'promoção carambola') });
    await eventually(async () => (await search(tenant.admin, 'carambola')).count === 45, 20_000);

    const first = await search(tenant.admin, 'CARAMBOLA', '&pageNumber=1');
    const second = await search(tenant.admin, 'CARAMBOLA', '&pageNumber=2');
    const past = await search(tenant.admin, 'CARAMBOLA', '&pageNumber=3');
    expect([first.tickets.length, first.count, first.hasMore]).toEqual([40, 45, true]);
    expect([second.tickets.length, second.count, second.hasMore]).toEqual([5, 45, false]);
    expect([past.tickets.length, past.count, past.hasMore]).toEqual([0, 45, false]);
    const listed = [...first.tickets, ...second.tickets];
    expect(new Set(listed.map((t) => t.contact.number))).toEqual(new Set(numbers));
    const times = listed.map((t) => Date.parse(t.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
