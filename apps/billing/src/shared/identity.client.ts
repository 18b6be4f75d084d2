import { Inject, Injectable } from '@nestjs/common';
import { IdentitySubjects, type BillableCompanyView, type CompanyPlanView, type CompanyRenewal } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';

/** What billing asks identity, which owns companies and plans. Billing asks for itself (no actor). */
@Injectable()
export class IdentityClient {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  /** Companies due on or before `dueBy`; with `companyId`, that company if it is. */
  billableCompanies(dueBy: string, companyId?: number): Promise<BillableCompanyView[]> {
    return this.rpc.request(IdentitySubjects.companiesBillable, companyId === undefined ? { dueBy } : { dueBy, companyId });
  }

  planOf(companyId: number): Promise<CompanyPlanView> {
    return this.rpc.request(IdentitySubjects.companiesPlan, { companyId });
  }

  renew(companyId: number, paidDueDate: string): Promise<CompanyRenewal> {
    return this.rpc.request(IdentitySubjects.companiesRenew, { companyId, paidDueDate });
  }
}
