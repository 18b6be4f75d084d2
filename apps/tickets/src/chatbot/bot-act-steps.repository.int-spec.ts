import { eq } from 'drizzle-orm';
import { createPool, Database } from '@atrium/database';
import { createTestDatabase, type TestDatabase } from '@atrium/testing';
import type { BotActCommand } from '@atrium/contracts';
import type { TicketsConfig } from '../config.js';
import { botActSteps, contacts, ticketBots, tickets, ticketsSchema } from '../db/schema.js';
import { TicketBotsRepository } from '../tickets/ticket-bots.repository.js';
import { BotActStepsRepository } from './bot-act-steps.repository.js';

const COMPANY = 1;
const bot = { kind: 'flow' as const, flowId: 7 };

/** The outbox of claimed bot steps against the real PostgreSQL: what a replay, a later step and a dead applier meet. */
describe('BotActStepsRepository', () => {
  let database: TestDatabase;
  let owner: Database<typeof ticketsSchema>;
  let app: Database<typeof ticketsSchema>;
  let steps: BotActStepsRepository;

  const newTicket = async (): Promise<number> => {
    const [contact] = await owner.db
      .insert(contacts)
      .values({ companyId: COMPANY, name: 'C', number: `5511${Math.floor(Math.random() * 1e9)}` })
      .returning();
    const [ticket] = await owner.db.insert(tickets).values({ companyId: COMPANY, contactId: contact!.id }).returning();
    await owner.db.insert(ticketBots).values({ ticketId: ticket!.id, companyId: COMPANY, bot, stage: 'bot' });
    return ticket!.id;
  };
  const command = (ticketId: number, step: number, texts: string[]): BotActCommand & { step: number } => ({
    companyId: COMPANY,
    ticketId,
    bot,
    inReplyTo: 1,
    step,
    actions: texts.map((body) => ({ type: 'text' as const, body })),
  });
  /** What a SIGKILL leaves: the row's lease no longer renewed, lapsed. */
  const lapse = (id: number) =>
    owner.db
      .update(botActSteps)
      .set({ leasedUntil: new Date(Date.now() - 1000) })
      .where(eq(botActSteps.id, id));

  beforeAll(async () => {
    database = await createTestDatabase();
    owner = new Database(createPool(database.ownerUrl, 2), ticketsSchema);
    app = new Database(createPool(database.url, 2), ticketsSchema);
    steps = new BotActStepsRepository(app, new TicketBotsRepository(), { BOT_REPLY_LEASE_MS: 60_000 } as TicketsConfig);
  });
  afterAll(async () => {
    await Promise.all([owner.close(), app.close()]);
    await database.drop();
  });

  it('stores a step with its claim, leased to its applier; the same step again claims and stores nothing', async () => {
    const ticketId = await newTicket();
    const claimed = await steps.claim(command(ticketId, 1, ['a', 'b', 'c']), 'first');
    expect(claimed?.inHand).toBe(true);
    expect(claimed?.row).toMatchObject({ ticketId, step: 1, done: 0, leasedBy: 'first' });
    expect(claimed?.row.actions).toHaveLength(3);
    expect(await steps.claim(command(ticketId, 1, ['a', 'b', 'c']), 'second')).toBeUndefined();
    expect(await owner.db.select().from(botActSteps).where(eq(botActSteps.ticketId, ticketId))).toHaveLength(1);
  });

  it('hands a replayed step over only once its applier’s lease lapsed, from the first action not done', async () => {
    const ticketId = await newTicket();
    const { row } = (await steps.claim(command(ticketId, 1, ['a', 'b', 'c']), 'dead'))!;
    await app.withTenant(COMPANY, (tx) => steps.recordMany(tx, [{ id: row.id, done: 1 }]));
    // its applier is alive: the replay leaves the step to it
    expect(await steps.takeOver(COMPANY, ticketId, 1, 'next')).toBeUndefined();
    await lapse(row.id);
    const taken = await steps.takeOver(COMPANY, ticketId, 1, 'next');
    expect(taken).toMatchObject({ id: row.id, done: 1, leasedBy: 'next' });
    expect(await steps.takeOver(COMPANY, ticketId, 1, 'third')).toBeUndefined();
    // a record that comes late never moves the step back
    await app.withTenant(COMPANY, (tx) =>
      steps.recordMany(tx, [
        { id: row.id, done: 3 },
        { id: row.id, done: 2 },
      ]),
    );
    expect(await steps.find(COMPANY, row.id)).toMatchObject({ done: 3 });
    await steps.finish(COMPANY, row.id);
    expect(await steps.find(COMPANY, row.id)).toBeUndefined();
  });

  it('keeps a later step of the ticket for after the earlier one: stored free, not handed over before it ends', async () => {
    const ticketId = await newTicket();
    const first = (await steps.claim(command(ticketId, 1, ['a']), 'dead'))!;
    const second = (await steps.claim(command(ticketId, 2, ['b']), 'alive'))!;
    expect(second.inHand).toBe(false);
    expect(second.row).toMatchObject({ step: 2, leasedBy: null, leasedUntil: null });
    await lapse(first.row.id);
    expect(await steps.takeOver(COMPANY, ticketId, 2, 'next')).toBeUndefined();
    await steps.finish(COMPANY, first.row.id);
    expect(await steps.takeOver(COMPANY, ticketId, 2, 'next')).toMatchObject({ id: second.row.id, leasedBy: 'next' });
    // and a third step claimed once none is left before it is the caller's at once
    await steps.finish(COMPANY, second.row.id);
    expect((await steps.claim(command(ticketId, 3, ['c']), 'alive'))?.inHand).toBe(true);
  });
});
