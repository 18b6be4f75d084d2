import { Inject, Injectable } from '@nestjs/common';
import { IdentitySubjects, type Actor, type InvoicePage, type InvoiceQueryDto } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { hasMore } from '@atrium/kernel';
import { DATABASE } from '@atrium/service-kit';
import type { BillingDatabase } from '../shared/billing-database.js';
import { toInvoiceView } from './invoice.view.js';
import { INVOICE_PAGE_SIZE, InvoicesRepository } from './invoices.repository.js';

/** GET /invoices/all: a company's own invoices; super users every company's, with filters. */
@Injectable()
export class InvoicesService {
  constructor(
    @Inject(DATABASE) private readonly database: BillingDatabase,
    @Inject(InvoicesRepository) private readonly invoices: InvoicesRepository,
    @Inject(RpcClient) private readonly rpc: RpcClient,
  ) {}

  async page(actor: Actor, query: InvoiceQueryDto): Promise<InvoicePage> {
    const pageNumber = query.pageNumber ?? 1;
    const filter = { searchParam: query.searchParam, status: query.status, dueFrom: query.dueFrom, dueTo: query.dueTo };
    const { rows, count } = actor.super
      ? await this.database.asSystem((tx) => this.invoices.page(tx, { ...filter, companyId: query.companyId }, pageNumber))
      : await this.database.withTenant(actor.companyId, (tx) =>
          this.invoices.page(tx, { ...filter, companyId: actor.companyId }, pageNumber),
        );
    const names = actor.super ? await this.companyNames(actor) : new Map<number, string>();
    return {
      invoices: rows.map((row) => toInvoiceView(row, names.get(row.companyId) ?? null)),
      count,
      hasMore: hasMore(pageNumber, INVOICE_PAGE_SIZE, rows.length, count),
    };
  }

  /** Billing staff see whose invoice each is (identity owns the names). */
  private async companyNames(actor: Actor): Promise<Map<number, string>> {
    const companies = await this.rpc.request(IdentitySubjects.companiesList, {}, { actor });
    return new Map(companies.map((company) => [company.id, company.name]));
  }
}
