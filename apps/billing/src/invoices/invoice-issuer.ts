import { Inject, Injectable } from '@nestjs/common';
import { decimalOf, type BillableCompanyView } from '@atrium/contracts';
import { addDays, dateIn } from '@atrium/kernel';
import { DATABASE, SERVICE_CONFIG } from '@atrium/service-kit';
import type { BillingConfig } from '../config.js';
import type { BillingDatabase } from '../shared/billing-database.js';
import { IdentityClient } from '../shared/identity.client.js';
import { InvoicesRepository } from './invoices.repository.js';

/**
 * Issues each company's invoice for its billing period (detail = plan name, value = plan value,
 * due date = the company's due date) once the due date is INVOICE_DAYS_BEFORE_DUE days away or
 * nearer. Safe to run anywhere, any number of times at once: the database keeps one invoice per
 * company and due date, and an open one follows its company's current plan.
 */
@Injectable()
export class InvoiceIssuer {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: BillingConfig,
    @Inject(DATABASE) private readonly database: BillingDatabase,
    @Inject(InvoicesRepository) private readonly invoices: InvoicesRepository,
    @Inject(IdentityClient) private readonly identity: IdentityClient,
  ) {}

  /** Every company's (the periodic safety net); answers how many companies it looked at. */
  issueDue(now: Date = new Date()): Promise<number> {
    return this.issue(this.identity.billableCompanies(this.dueBy(now)));
  }

  /** One company's, as soon as it is created or its plan or due date changes; answers 1 if its invoice falls due soon, else 0. */
  issueFor(companyId: number, now: Date = new Date()): Promise<number> {
    return this.issue(this.identity.billableCompanies(this.dueBy(now), companyId));
  }

  private dueBy(now: Date): string {
    return addDays(dateIn(this.config.TIME_ZONE, now), this.config.INVOICE_DAYS_BEFORE_DUE);
  }

  private async issue(billable: Promise<BillableCompanyView[]>): Promise<number> {
    const companies = await billable;
    for (const company of companies) {
      if (!company.dueDate) continue;
      await this.database.asSystem((tx) =>
        this.invoices.issue(tx, {
          companyId: company.id,
          dueDate: company.dueDate!,
          detail: company.plan.name,
          value: decimalOf(company.plan.value),
        }),
      );
    }
    return companies.length;
  }
}
