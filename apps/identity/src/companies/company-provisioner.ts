import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode } from '@atrium/contracts';
import { isUniqueViolation } from '@atrium/database';
import { IntegrationOutbox } from '@atrium/messaging';
import { PlansRepository } from '../plans/plans.repository.js';
import { SettingsRepository } from '../settings/settings.repository.js';
import type { IdentityTx } from '../shared/identity-database.js';
import { UsersRepository } from '../users/users.repository.js';
import { CompaniesRepository, type CompanyRow, type NewCompany } from './companies.repository.js';

/** The users table keeps names to 50 characters; a company name may be longer. */
const USER_NAME_MAX = 50;

export interface CompanyAdmin {
  email: string;
  passwordHash: string;
}

export interface ProvisionRequest {
  company: Omit<NewCompany, 'id' | 'isPlatform' | 'createdAt' | 'updatedAt'>;
  campaignsEnabled: boolean;
  /** The company's first admin user, named after the company. */
  admin?: CompanyAdmin;
}

/** Phone numbers are stored as digits (the form masks them as (99) 99999-9999). */
export function phoneDigits(phone: string | undefined | null): string | null {
  const digits = phone?.replace(/\D/g, '') ?? '';
  return digits.length > 0 ? digits : null;
}

/** Name, e-mail, phone and plan of a new company as they are stored. */
export function companyContact(dto: { name: string; email: string; phone?: string; planId: number }) {
  return { name: dto.name.trim(), email: dto.email.trim().toLowerCase(), phone: phoneDigits(dto.phone), planId: dto.planId };
}

/**
 * Creates a company with every default setting and, when asked, its first admin, inside the
 * caller's (system) transaction, with its durable `company.created` event: all of it commits, or
 * none of it.
 */
@Injectable()
export class CompanyProvisioner {
  constructor(
    @Inject(CompaniesRepository) private readonly companies: CompaniesRepository,
    @Inject(PlansRepository) private readonly plans: PlansRepository,
    @Inject(SettingsRepository) private readonly settings: SettingsRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(IntegrationOutbox) private readonly outbox: IntegrationOutbox,
  ) {}

  async provision(tx: IdentityTx, request: ProvisionRequest): Promise<CompanyRow> {
    const { company, admin } = request;
    if (!(await this.plans.findById(company.planId, tx))) throw new AppError(ErrorCode.ERR_NO_PLAN_FOUND);
    if (await this.companies.nameTaken(tx, company.name)) throw new AppError(ErrorCode.ERR_COMPANY_NAME_ALREADY_EXISTS);
    const row = await this.companies.insert(tx, company);
    await this.settings.createDefaults(tx, row.id, { campaignsEnabled: String(request.campaignsEnabled) });
    if (admin) {
      if (await this.users.emailTaken(tx, admin.email)) throw new AppError(ErrorCode.ERR_EMAIL_ALREADY_EXISTS);
      const user = await this.users.insert(tx, {
        companyId: row.id,
        name: company.name.trim().slice(0, USER_NAME_MAX),
        email: admin.email.trim().toLowerCase(),
        passwordHash: admin.passwordHash,
        profile: 'admin',
      });
      await this.outbox.add(tx, 'user.saved', row.id, { user: { id: user.id, name: user.name } });
    }
    // committed with the company: billing issues its first invoice at once when it falls due soon
    await this.outbox.add(tx, 'company.created', row.id, { planId: row.planId, dueDate: row.dueDate });
    return row;
  }
}

/** Two saves racing past the checks above lose on the unique indexes: report them the same way. */
export function conflictOf(error: unknown): AppError | undefined {
  if (isUniqueViolation(error, 'companies_name_unique')) return new AppError(ErrorCode.ERR_COMPANY_NAME_ALREADY_EXISTS);
  if (isUniqueViolation(error, 'users_email_unique')) return new AppError(ErrorCode.ERR_EMAIL_ALREADY_EXISTS);
  return undefined;
}
