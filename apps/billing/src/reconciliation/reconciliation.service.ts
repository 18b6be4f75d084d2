import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, IdentitySubjects, type Actor, type ReconciliationQueryDto, type ReconciliationRow } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { DATABASE } from '@atrium/service-kit';
import { PaymentsRepository } from '../payments/payments.repository.js';
import type { BillingDatabase } from '../shared/billing-database.js';
import { reconciliationRows } from './reconciliation-rows.js';

/** What Stripe received against what was invoiced, for billing staff (super users). */
@Injectable()
export class ReconciliationService {
  constructor(
    @Inject(DATABASE) private readonly database: BillingDatabase,
    @Inject(PaymentsRepository) private readonly payments: PaymentsRepository,
    @Inject(RpcClient) private readonly rpc: RpcClient,
  ) {}

  async list(actor: Actor, query: ReconciliationQueryDto): Promise<ReconciliationRow[]> {
    if (!actor.super) throw new AppError(ErrorCode.ERR_NO_PERMISSION);
    const { payments, exceptions } = await this.database.asSystem(async (tx) => ({
      payments: await this.payments.withInvoices(tx, query),
      exceptions: await this.payments.exceptions(tx),
    }));
    const companies = await this.rpc.request(IdentitySubjects.companiesList, {}, { actor });
    const rows = reconciliationRows({
      payments,
      exceptions,
      companyNames: new Map(companies.map((c) => [c.id, c.name])),
      status: query.status,
    });
    return rows.filter((row) => row.invoiceId !== null || (query.companyId === undefined && inPeriod(row.date, query)));
  }
}

function inPeriod(date: string, query: ReconciliationQueryDto): boolean {
  const day = date.slice(0, 10);
  return (query.from === undefined || day >= query.from) && (query.to === undefined || day <= query.to);
}
