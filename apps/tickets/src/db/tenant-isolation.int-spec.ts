import { createPool, Database } from '@atrium/database';
import { createTestDatabase, type TestDatabase } from '@atrium/testing';
import { contacts, dashboardDaily, messages, tickets, ticketsSchema } from './schema.js';

describe('row-level security on tickets tables', () => {
  let database: TestDatabase;
  let owner: Database<typeof ticketsSchema>;
  let app: Database<typeof ticketsSchema>;

  beforeAll(async () => {
    database = await createTestDatabase();
    owner = new Database(createPool(database.ownerUrl, 2), ticketsSchema);
    app = new Database(createPool(database.url, 2), ticketsSchema);
    for (const companyId of [1, 2]) {
      const [contact] = await owner.db
        .insert(contacts)
        .values({ companyId, name: `C${companyId}`, number: `551100000000${companyId}` })
        .returning();
      const [ticket] = await owner.db.insert(tickets).values({ companyId, contactId: contact!.id }).returning();
      await owner.db.insert(messages).values({ companyId, ticketId: ticket!.id, body: `secret of ${companyId}` });
    }
  });
  afterAll(async () => {
    await Promise.all([owner.close(), app.close()]);
    await database.drop();
  });

  it('shows nothing to a query that did not set the tenant', async () => {
    expect(await app.db.select().from(tickets)).toEqual([]);
    expect(await app.db.select().from(messages)).toEqual([]);
  });

  it('shows and changes only the tenant’s own rows, even without a company filter', async () => {
    const seen = await app.withTenant(1, (tx) => tx.select({ body: messages.body, companyId: messages.companyId }).from(messages));
    expect(seen).toEqual([{ body: 'secret of 1', companyId: 1 }]);
    const changed = await app.withTenant(1, (tx) =>
      tx.update(messages).set({ body: 'overwritten' }).returning({ companyId: messages.companyId }),
    );
    expect(changed).toEqual([{ companyId: 1 }]);
    await expect(app.withTenant(1, (tx) => tx.insert(contacts).values({ companyId: 2, name: 'Intruder' }))).rejects.toThrow();
  });

  it('gives each pipelined transaction its own tenant, and leaves no tenant on the connection after it', async () => {
    // 40 transactions over 2 connections, the tenants alternating, each issuing its queries together
    const seen = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        app.withTenant((i % 2) + 1, (tx) =>
          Promise.all([
            tx.select({ companyId: messages.companyId }).from(messages),
            tx.select({ companyId: tickets.companyId }).from(tickets),
            tx.select({ companyId: contacts.companyId }).from(contacts),
          ]),
        ),
      ),
    );
    seen.forEach((results, i) => {
      for (const rows of results) expect(rows).toEqual([{ companyId: (i % 2) + 1 }]);
    });
    expect(await app.db.select().from(messages)).toEqual([]);
    expect(await app.db.select().from(contacts)).toEqual([]);
  });

  it('rolls back every statement of a transaction when one of those sent together fails, and the connection serves the next', async () => {
    const before = await app.withTenant(2, (tx) => tx.select({ body: messages.body }).from(messages));
    await expect(
      app.withTenant(2, (tx) =>
        Promise.all([
          tx.update(messages).set({ body: 'half written' }),
          tx.insert(contacts).values({ companyId: 1, name: 'Intruder' }),
          tx.update(contacts).set({ name: 'after the failure' }),
        ]),
      ),
    ).rejects.toMatchObject({ cause: { code: '42501' } });
    for (let i = 0; i < 4; i += 1) {
      expect(await app.withTenant(2, (tx) => tx.select({ body: messages.body }).from(messages))).toEqual(before);
    }
    expect(await app.withTenant(2, (tx) => tx.select({ name: contacts.name }).from(contacts))).toEqual([{ name: 'C2' }]);
  });

  it('runs several companies’ work side by side in one transaction, each statement under its own company', async () => {
    const seen = await app.withTenantGroup([1, 2], ({ as }) =>
      Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          as((i % 2) + 1, (tx) =>
            Promise.all([
              tx.select({ companyId: messages.companyId }).from(messages),
              tx.select({ companyId: tickets.companyId }).from(tickets),
              tx.select({ companyId: contacts.companyId }).from(contacts),
            ]),
          ),
        ),
      ),
    );
    seen.forEach((results, i) => {
      for (const rows of results) expect(rows).toEqual([{ companyId: (i % 2) + 1 }]);
    });
    // each company writes only its own rows: an update without a filter touches the tenant's, a row of another company is refused
    const changed = await app.withTenantGroup([1, 2], ({ as }) =>
      Promise.all(
        [1, 2].map((companyId) =>
          as(companyId, (tx) =>
            tx
              .update(contacts)
              .set({ name: `Shared ${companyId}` })
              .returning(),
          ),
        ),
      ),
    );
    expect(changed.map((rows) => rows.map((row) => [row.companyId, row.name]))).toEqual([[[1, 'Shared 1']], [[2, 'Shared 2']]]);
    expect(await app.db.select().from(contacts)).toEqual([]);
  });

  it('rolls back every company’s work of a shared transaction when one statement fails, and refuses statements after it ended', async () => {
    await expect(
      app.withTenantGroup([1, 2], ({ as }) =>
        Promise.all([
          as(1, (tx) => tx.update(contacts).set({ name: 'lost 1' })),
          as(2, (tx) => tx.insert(contacts).values({ companyId: 1, name: 'Intruder' })),
        ]),
      ),
    ).rejects.toMatchObject({ cause: { code: '42501' } });
    const names = await Promise.all(
      [1, 2].map((companyId) => app.withTenant(companyId, (tx) => tx.select({ name: contacts.name }).from(contacts))),
    );
    expect(names).toEqual([[{ name: 'Shared 1' }], [{ name: 'Shared 2' }]]);
    let kept: ((q: Promise<unknown>) => void) | undefined;
    const late = new Promise<unknown>((resolve) => (kept = resolve));
    await app.withTenantGroup([1, 2], ({ as }) => {
      // work that leaves a statement for later: it must not run once the transaction is over
      void as(1, async (tx) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        kept!(
          tx
            .update(contacts)
            .set({ name: 'too late' })
            .then(
              () => 'ran',
              (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
            ),
        );
      });
      return Promise.resolve();
    });
    expect(await await late).toMatch(/over/);
    expect(await app.withTenant(1, (tx) => tx.select({ name: contacts.name }).from(contacts))).toEqual([{ name: 'Shared 1' }]);
  });

  it('lets a group’s statements see and write the rows of the group’s companies only', async () => {
    const [both, onlyTwo] = await Promise.all([
      app.withTenantGroup([1, 2], ({ all }) => all.select({ companyId: contacts.companyId }).from(contacts).orderBy(contacts.companyId)),
      app.withTenantGroup([2], ({ all }) => all.select({ companyId: contacts.companyId }).from(contacts)),
    ]);
    expect(both).toEqual([{ companyId: 1 }, { companyId: 2 }]);
    expect(onlyTwo).toEqual([{ companyId: 2 }]);
    // a row of a company outside the group is refused, and rolls the group's work back
    await expect(
      app.withTenantGroup([2], ({ all }) =>
        Promise.all([all.update(contacts).set({ name: 'lost 2' }), all.insert(contacts).values({ companyId: 1, name: 'Intruder' })]),
      ),
    ).rejects.toMatchObject({ cause: { code: '42501' } });
    await expect(app.withTenantGroup([2], ({ as }) => as(1, (tx) => tx.select().from(contacts)))).rejects.toThrow(
      /not of the transaction's group/,
    );
    // the group's statements and a company's, interleaved: each under its own settings
    const [grouped, one] = await app.withTenantGroup([1, 2], ({ all, as }) =>
      Promise.all([
        all.select({ companyId: contacts.companyId }).from(contacts),
        as(1, (tx) => tx.select({ companyId: contacts.companyId }).from(contacts)),
      ]),
    );
    expect(grouped).toHaveLength(2);
    expect(one).toEqual([{ companyId: 1 }]);
    expect(await app.withTenant(2, (tx) => tx.select({ name: contacts.name }).from(contacts))).toEqual([{ name: 'Shared 2' }]);
  });

  it('runs the deferred rollups of a shared transaction for every company in it, each on its own company', async () => {
    const created = await app.withTenantGroup([1, 2], ({ as }) =>
      Promise.all(
        [1, 2].map((companyId) =>
          as(companyId, async (tx) => {
            const [contact] = await tx.select({ id: contacts.id }).from(contacts);
            const [ticket] = await tx.insert(tickets).values({ companyId, contactId: contact!.id, status: 'closed' }).returning();
            return ticket!.companyId;
          }),
        ),
      ),
    );
    expect(created).toEqual([1, 2]);
    // the ticket's timeline's deferred trigger wrote each company's day row (it ran under one setting at the commit before)
    const rollups = await owner.db.select({ companyId: dashboardDaily.companyId, tickets: dashboardDaily.tickets }).from(dashboardDaily);
    expect(new Set(rollups.filter((row) => row.tickets > 0).map((row) => row.companyId))).toEqual(new Set([1, 2]));
  });
});
