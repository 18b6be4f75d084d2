import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@atrium/testing';

/**
 * tickets.ticket_texts (ADR 005, migration 0004): the triggers on messages keep, for each ticket,
 * its messages' bodies lowercased in rows of about 2 kB, whoever writes the messages and however
 * many writers meet on one ticket.
 */
describe('ticket_texts: what each ticket’s messages say, kept by triggers', () => {
  let database: TestDatabase;
  let owner: pg.Client;
  let wid = 0;
  const clients: pg.Client[] = [];

  /** A connection of the runtime role (row-level security applies) inside a transaction for the company. */
  async function tenantTx(companyId = 1): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    clients.push(client);
    await client.query('begin');
    await client.query("select set_config('app.company_id', $1, true)", [String(companyId)]);
    return client;
  }

  async function aTicket(companyId = 1): Promise<number> {
    const contact = await owner.query<{ id: number }>('insert into tickets.contacts (company_id, name) values ($1, $2) returning id', [
      companyId,
      `C${companyId}`,
    ]);
    const ticket = await owner.query<{ id: number }>(
      `insert into tickets.tickets (company_id, contact_id, status) values ($1, $2, 'closed') returning id`,
      [companyId, contact.rows[0]!.id],
    );
    return ticket.rows[0]!.id;
  }

  async function addMessages(client: pg.Client, rows: Array<[ticketId: number, body: string]>, companyId = 1): Promise<number[]> {
    const values = rows.map((_, i) => `($1, $${i * 3 + 2}, $${i * 3 + 3}, $${i * 3 + 4})`).join(', ');
    const params = [companyId, ...rows.flatMap(([ticketId, body]) => [ticketId, `W${(wid += 1)}`, body])];
    const inserted = await client.query<{ id: number }>(
      `insert into tickets.messages (company_id, ticket_id, wid, body) values ${values} returning id`,
      params,
    );
    return inserted.rows.map((row) => row.id);
  }

  const textsOf = async (ticketId: number): Promise<string[]> =>
    (await owner.query<{ text: string }>('select text from tickets.ticket_texts where ticket_id = $1 order by id', [ticketId])).rows.map(
      (row) => row.text,
    );

  /** What the rows must say: the ticket's non-empty bodies, lowercased, in message order. */
  const bodiesOf = async (ticketId: number): Promise<string> =>
    (
      await owner.query<{ text: string | null }>(
        `select string_agg(lower(body), E'\\n' order by id) as text from tickets.messages where ticket_id = $1 and body <> ''`,
        [ticketId],
      )
    ).rows[0]!.text ?? '';

  /** The rows' lines in sorted order (writers that meet on a ticket append in commit order, not message order). */
  const sortedLines = (text: string): string[] => text.split('\n').sort();

  /** Runs the statements one after the other on the connection, then commits. */
  async function inOrder(client: pg.Client, ...statements: Array<[text: string, params?: unknown[]]>): Promise<void> {
    for (const [text, params] of statements) await client.query(text, params);
    await client.query('commit');
  }

  /** Lets `work` run until it finishes or its connection waits for a lock. */
  async function untilDoneOrWaiting(client: pg.Client, work: Promise<unknown>): Promise<void> {
    let settled = false;
    void work.then(
      () => (settled = true),
      () => (settled = true),
    );
    const pid = (client as unknown as { processID: number }).processID;
    for (let tries = 0; tries < 300 && !settled; tries += 1) {
      const { rows } = await owner.query<{ wait: string | null }>('select wait_event_type as wait from pg_stat_activity where pid = $1', [
        pid,
      ]);
      if (rows[0]?.wait === 'Lock') return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  const insertSql = (ticketId: number, body: string): [string, unknown[]] => [
    'insert into tickets.messages (company_id, ticket_id, wid, body) values (1, $1, $2, $3)',
    [ticketId, `W${(wid += 1)}`, body],
  ];
  const touchSql = (ticketId: number): [string, unknown[]] => ['update tickets.tickets set updated_at = now() where id = $1', [ticketId]];

  beforeAll(async () => {
    database = await createTestDatabase();
    owner = new pg.Client({ connectionString: database.ownerUrl });
    await owner.connect();
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.end().catch(() => undefined);
  });
  afterAll(async () => {
    await owner.end();
    await database.drop();
  });

  it('appends added messages lowercased, per ticket, from one statement or several; empty bodies add nothing', async () => {
    const [a, b] = [await aTicket(), await aTicket()];
    const tx = await tenantTx();
    await addMessages(tx, [
      [a, 'Olá MUNDO'],
      [b, 'Segunda Conversa'],
      [a, ''],
    ]);
    await addMessages(tx, [[a, 'ÁGUA de Coco']]);
    await tx.query('commit');

    expect(await textsOf(a)).toEqual(['olá mundo\nágua de coco']);
    expect(await textsOf(b)).toEqual(['segunda conversa']);
  });

  it('starts a new row when the last one would pass 1900 bytes, and every body stays whole in one row', async () => {
    const ticket = await aTicket();
    const tx = await tenantTx();
    for (let i = 0; i < 30; i += 1) await addMessages(tx, [[ticket, `Mensagem ${String(i).padStart(2, '0')} ${'x'.repeat(88)}`]]);
    await addMessages(
      tx,
      Array.from({ length: 30 }, (_, i): [number, string] => [ticket, `Lote ${String(i).padStart(2, '0')} ${'y'.repeat(92)}`]),
    );
    await tx.query('commit');

    const rows = await textsOf(ticket);
    expect(rows.length).toBeGreaterThan(2);
    for (const row of rows.slice(0, -1)) expect(Buffer.byteLength(row)).toBeLessThanOrEqual(1900);
    expect(rows.join('\n')).toBe(await bodiesOf(ticket));
  });

  it('rebuilds a ticket’s rows when one of its messages is edited or deleted', async () => {
    const ticket = await aTicket();
    const tx = await tenantTx();
    const [first, second] = await addMessages(tx, [
      [ticket, 'Texto Original'],
      [ticket, 'outra coisa'],
    ]);
    await tx.query(`update tickets.messages set body = 'Texto Corrigido' where id = $1`, [first]);
    await tx.query('update tickets.messages set read = true where ticket_id = $1', [ticket]); // no body change: nothing to rebuild
    await tx.query('commit');
    expect(await textsOf(ticket)).toEqual(['texto corrigido\noutra coisa']);

    await owner.query('delete from tickets.messages where id = $1', [second]);
    expect(await textsOf(ticket)).toEqual(['texto corrigido']);
  });

  it('drops a deleted ticket’s rows with its messages', async () => {
    const ticket = await aTicket();
    const tx = await tenantTx();
    await addMessages(tx, [[ticket, 'vai sumir']]);
    await tx.query('delete from tickets.tickets where id = $1', [ticket]);
    await tx.query('commit');
    expect(await textsOf(ticket)).toEqual([]);
  });

  it('keeps each company’s rows to itself', async () => {
    const mine = await aTicket(1);
    const theirs = await aTicket(2);
    const tx1 = await tenantTx(1);
    await addMessages(tx1, [[mine, 'da empresa um']], 1);
    await tx1.query('commit');
    const tx2 = await tenantTx(2);
    await addMessages(tx2, [[theirs, 'da empresa dois']], 2);
    const seen = await tx2.query<{ text: string }>('select text from tickets.ticket_texts');
    await tx2.query('commit');
    expect(seen.rows.map((row) => row.text)).toEqual(['da empresa dois']);
  });

  // The two races below deadlocked in earlier designs (ADR 005): without the trigger's lock on the
  // tickets, and with a foreign key from ticket_texts to tickets. Each side must commit.
  it('lets a writer that touched the ticket before adding a message and one that adds before touching wait for each other', async () => {
    const ticket = await aTicket();
    const setup = await tenantTx();
    await addMessages(setup, [[ticket, 'primeira']]);
    await setup.query('commit');

    const touchesFirst = await tenantTx();
    const addsFirst = await tenantTx();
    await touchesFirst.query(...touchSql(ticket));
    const adding = inOrder(addsFirst, insertSql(ticket, 'do cliente'), touchSql(ticket));
    await untilDoneOrWaiting(addsFirst, adding);
    const touching = inOrder(touchesFirst, insertSql(ticket, 'do agente'));
    const outcomes = await Promise.allSettled([adding, touching]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(sortedLines((await textsOf(ticket)).join('\n'))).toEqual(sortedLines(await bodiesOf(ticket)));
    expect(sortedLines(await bodiesOf(ticket))).toEqual(['do agente', 'do cliente', 'primeira']);
  });

  it('lets an edit and a writer that locked the ticket wait for each other, and keeps both changes', async () => {
    const ticket = await aTicket();
    const setup = await tenantTx();
    const [edited] = await addMessages(setup, [[ticket, 'antes']]);
    await setup.query('commit');

    const locker = await tenantTx();
    const editor = await tenantTx();
    await locker.query('select 1 from tickets.tickets where id = $1 for update', [ticket]);
    const editing = inOrder(editor, [`update tickets.messages set body = 'Depois' where id = $1`, [edited]]);
    await untilDoneOrWaiting(editor, editing);
    const adding = inOrder(locker, insertSql(ticket, 'Nova'));
    const outcomes = await Promise.allSettled([editing, adding]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(sortedLines((await textsOf(ticket)).join('\n'))).toEqual(['depois', 'nova']);
  });
});
