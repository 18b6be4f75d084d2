import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, type CompanyView } from '@atrium/contracts';
import type { IdentityTx } from '../shared/identity-database.js';
import { CompaniesRepository, type CompanyWithPlan } from './companies.repository.js';
import { toCompanyView } from './company.view.js';

/** Companies as super users see them: with plan and every setting. */
@Injectable()
export class CompanyViewLoader {
  constructor(@Inject(CompaniesRepository) private readonly companies: CompaniesRepository) {}

  async one(tx: IdentityTx, id: number): Promise<CompanyView> {
    const found = await this.companies.findWithPlan(tx, id);
    if (!found) throw new AppError(ErrorCode.ERR_NO_COMPANY_FOUND);
    return (await this.many(tx, [found]))[0]!;
  }

  async many(tx: IdentityTx, rows: CompanyWithPlan[]): Promise<CompanyView[]> {
    const settings = await this.companies.settingsOf(
      tx,
      rows.map((row) => row.company.id),
    );
    return rows.map((row) => toCompanyView(row, settings.get(row.company.id) ?? []));
  }
}
