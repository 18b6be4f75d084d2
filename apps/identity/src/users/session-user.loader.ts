import { Inject, Injectable } from '@nestjs/common';
import type { SessionUserView } from '@atrium/contracts';
import { CompaniesRepository } from '../companies/companies.repository.js';
import { toPlanView } from '../plans/plan.view.js';
import { SettingsRepository } from '../settings/settings.repository.js';
import { visibleSettings } from '../settings/visible-settings.js';
import { CompanyCalendar } from '../shared/dates.js';
import type { IdentityTx } from '../shared/identity-database.js';
import { toUserView } from './user.view.js';
import { UsersRepository } from './users.repository.js';

/** The user as login, refresh and /auth/me return it: with queues, company, plan and settings. */
@Injectable()
export class SessionUserLoader {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(CompaniesRepository) private readonly companies: CompaniesRepository,
    @Inject(SettingsRepository) private readonly settings: SettingsRepository,
    @Inject(CompanyCalendar) private readonly calendar: CompanyCalendar,
  ) {}

  async load(tx: IdentityTx, companyId: number, userId: number): Promise<SessionUserView | undefined> {
    // issued together: on the pipelined connection the four queries share one round trip
    const [user, company, queues, settings] = await Promise.all([
      this.users.findById(tx, companyId, userId),
      this.companies.findWithPlan(tx, companyId),
      this.users.queuesOf(tx, companyId, [userId]),
      this.settings.list(tx, companyId),
    ]);
    if (!user || !company) return undefined;
    return {
      ...toUserView(user, queues.get(userId) ?? []),
      twoFactorEnabled: user.twoFactorSecret !== null,
      company: {
        id: company.company.id,
        name: company.company.name,
        dueDate: company.company.dueDate,
        status: company.company.status,
        recurrence: company.company.recurrence as SessionUserView['company']['recurrence'],
        settings: visibleSettings(settings, user),
        plan: toPlanView(company.plan),
        calendarTimeZone: this.calendar.timeZone,
      },
    };
  }
}
