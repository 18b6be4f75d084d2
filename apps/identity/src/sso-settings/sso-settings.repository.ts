import { Injectable } from '@nestjs/common';
import { and, asc, eq, notInArray } from 'drizzle-orm';
import { ssoDomains, ssoSettings } from '../db/schema.js';
import type { IdentityTx } from '../shared/identity-database.js';

export type SsoSettingsRow = typeof ssoSettings.$inferSelect;

/** A company's provider and its domains; the callers choose the scope (tenant, or system for a lookup by domain). */
@Injectable()
export class SsoSettingsRepository {
  async find(tx: IdentityTx, companyId: number): Promise<SsoSettingsRow | undefined> {
    const [row] = await tx.select().from(ssoSettings).where(eq(ssoSettings.companyId, companyId));
    return row;
  }

  async domainsOf(tx: IdentityTx, companyId: number): Promise<string[]> {
    const rows = await tx
      .select({ domain: ssoDomains.domain })
      .from(ssoDomains)
      .where(eq(ssoDomains.companyId, companyId))
      .orderBy(asc(ssoDomains.domain));
    return rows.map((row) => row.domain);
  }

  /** The company whose provider logs this domain in (read as the system: domains are unique across companies). */
  async companyOfDomain(tx: IdentityTx, domain: string): Promise<number | undefined> {
    const [row] = await tx.select({ companyId: ssoDomains.companyId }).from(ssoDomains).where(eq(ssoDomains.domain, domain));
    return row?.companyId;
  }

  async upsert(tx: IdentityTx, values: typeof ssoSettings.$inferInsert): Promise<SsoSettingsRow> {
    const { companyId: _companyId, ...changes } = values;
    const [row] = await tx
      .insert(ssoSettings)
      .values(values)
      .onConflictDoUpdate({ target: ssoSettings.companyId, set: { ...changes, updatedAt: new Date() } })
      .returning();
    return row!;
  }

  /** The company's domains become exactly these; a domain of another company fails on the primary key (sso_domains_pkey). */
  async replaceDomains(tx: IdentityTx, companyId: number, domains: string[]): Promise<void> {
    const current = new Set(await this.domainsOf(tx, companyId));
    const kept = domains.length > 0 ? notInArray(ssoDomains.domain, domains) : undefined;
    await tx.delete(ssoDomains).where(and(eq(ssoDomains.companyId, companyId), kept));
    const added = domains.filter((domain) => !current.has(domain));
    if (added.length > 0) await tx.insert(ssoDomains).values(added.map((domain) => ({ domain, companyId })));
  }
}
