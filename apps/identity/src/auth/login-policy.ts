import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode } from '@atrium/contracts';
import { CompanyCalendar } from '../shared/dates.js';
import { SsoRequirement } from '../sso-settings/sso-requirement.js';

/** Who may log in: a company that is active and paid (super users always), and by password only where SSO is not required. */
@Injectable()
export class LoginPolicy {
  constructor(
    @Inject(CompanyCalendar) private readonly calendar: CompanyCalendar,
    @Inject(SsoRequirement) private readonly sso: SsoRequirement,
  ) {}

  assertCompanyMayLogIn(company: { status: boolean; dueDate: string | null }, isSuper: boolean): void {
    if (isSuper) return;
    if (!company.status) throw new AppError(ErrorCode.ERR_COMPANY_INACTIVE);
    if (this.calendar.isPastDue(company.dueDate))
      throw new AppError(ErrorCode.ERR_SUBSCRIPTION_EXPIRED, { data: { dueDate: company.dueDate } });
  }

  /** A password login of a user whose company requires single sign-on is refused (ERR_SSO_REQUIRED); super users are the break-glass. */
  assertPasswordAllowed(user: { companyId: number; super: boolean }): Promise<void> {
    return this.sso.assertPasswordAllowed(user);
  }
}
