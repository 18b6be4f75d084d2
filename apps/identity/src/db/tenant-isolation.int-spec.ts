import { eq, sql } from 'drizzle-orm';
import { createPool, Database } from '@atrium/database';
import { createTestDatabase, type TestDatabase } from '@atrium/testing';
import { companies, identitySchema, plans, profilePermissions, settings, users } from './schema.js';

describe('row-level security on identity tables', () => {
  let database: TestDatabase;
  let owner: Database<typeof identitySchema>;
  let app: Database<typeof identitySchema>;
  let companyA: number;
  let companyB: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    owner = new Database(createPool(database.ownerUrl, 2), identitySchema);
    app = new Database(createPool(database.url, 2), identitySchema);
    const [plan] = await owner.db.insert(plans).values({ name: 'Basic' }).returning();
    const [a, b] = await owner.db
      .insert(companies)
      .values([
        { name: 'Alpha', planId: plan!.id },
        { name: 'Beta', planId: plan!.id },
      ])
      .returning();
    companyA = a!.id;
    companyB = b!.id;
    await owner.db.insert(users).values([
      { companyId: companyA, name: 'Ana', email: 'ana@alpha.test', passwordHash: 'x' },
      { companyId: companyB, name: 'Bruno', email: 'bruno@beta.test', passwordHash: 'x' },
    ]);
  });

  afterAll(async () => {
    await Promise.all([owner.close(), app.close()]);
    await database.drop();
  });

  it('connects as a role that row-level security applies to', async () => {
    const result = await app.pool.query<{ rolsuper: boolean; rolbypassrls: boolean }>(
      'select rolsuper, rolbypassrls from pg_roles where rolname = current_user',
    );
    expect(result.rows[0]).toEqual({ rolsuper: false, rolbypassrls: false });
  });

  it('shows nothing to a query that did not set the tenant', async () => {
    expect(await app.db.select().from(users)).toEqual([]);
    expect(await app.db.select().from(companies)).toEqual([]);
  });

  it('shows only the tenant’s own rows inside withTenant', async () => {
    const seen = await app.withTenant(companyA, (tx) => tx.select({ email: users.email }).from(users));
    expect(seen).toEqual([{ email: 'ana@alpha.test' }]);
    const company = await app.withTenant(companyA, (tx) => tx.select({ name: companies.name }).from(companies));
    expect(company).toEqual([{ name: 'Alpha' }]);
  });

  it('refuses to write a row into another tenant', async () => {
    await expect(
      app.withTenant(companyA, (tx) => tx.insert(settings).values({ companyId: companyB, key: 'call', value: 'enabled' })),
    ).rejects.toMatchObject({ cause: { code: '42501', message: expect.stringMatching(/row-level security/) } });
  });

  it('keeps each company’s permission grants to itself (issue 28)', async () => {
    await owner.db.insert(profilePermissions).values([
      { companyId: companyA, profile: 'user', actions: ['files:manage'] },
      { companyId: companyB, profile: 'user', actions: ['campaigns:manage'] },
    ]);
    const seen = await app.withTenant(companyA, (tx) => tx.select({ actions: profilePermissions.actions }).from(profilePermissions));
    expect(seen).toEqual([{ actions: ['files:manage'] }]);
    await expect(
      app.withTenant(companyA, (tx) =>
        tx.insert(profilePermissions).values({ companyId: companyB, profile: 'supervisor', actions: ['dashboard:view'] }),
      ),
    ).rejects.toMatchObject({ cause: { code: '42501' } });
  });

  it('cannot update or delete another tenant’s rows', async () => {
    const updated = await app.withTenant(companyA, (tx) =>
      tx.update(users).set({ name: 'Hacked' }).where(eq(users.companyId, companyB)).returning(),
    );
    expect(updated).toEqual([]);
    const [{ name }] = (await owner.db.select({ name: users.name }).from(users).where(eq(users.companyId, companyB))) as [{ name: string }];
    expect(name).toBe('Bruno');
  });

  it('forgets the tenant when the transaction ends', async () => {
    await app.withTenant(companyA, async () => undefined);
    const leaked = await app.db.execute(sql`select count(*)::int as n from identity.users`);
    expect(leaked.rows[0]).toEqual({ n: 0 });
  });

  it('sees every tenant only inside an explicit asSystem block', async () => {
    const all = await app.asSystem((tx) => tx.select({ email: users.email }).from(users));
    expect(all.map((u) => u.email).sort()).toEqual(['ana@alpha.test', 'bruno@beta.test']);
  });
});
