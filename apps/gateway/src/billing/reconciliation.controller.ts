import { Controller, Get, Header, Inject, Query } from '@nestjs/common';
import { BillingSubjects, IdentitySubjects, ReconciliationQueryDto, type ActorState, type ReconciliationRow } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, Roles } from '../auth/decorators.js';
import { reconciliationCsv } from './reconciliation-csv.js';

/**
 * Reconciliation for billing staff (super users): every payment with its invoice, company,
 * amount, Stripe fee and net, status and date; filters by period (from, to), company and status
 * ('exception' for the rows with any); exceptions first. Also as CSV.
 */
@Controller('invoices/reconciliation')
@Roles('super')
export class ReconciliationController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Get()
  list(@CurrentActor() actor: ActorState, @Query() query: ReconciliationQueryDto): Promise<ReconciliationRow[]> {
    return this.rpc.request(BillingSubjects.reconciliationList, query, { actor });
  }

  @Get('csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="reconciliation.csv"')
  async csv(@CurrentActor() actor: ActorState, @Query() query: ReconciliationQueryDto): Promise<string> {
    const csv = reconciliationCsv(await this.list(actor, query));
    // the download is an audit log entry (docs/adr/023)
    await this.rpc.request(IdentitySubjects.auditLogsExported, { what: 'invoice-reconciliation', filters: { ...query } }, { actor });
    return csv;
  }
}
