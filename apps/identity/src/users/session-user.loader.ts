import { Inject, Injectable } from '@nestjs/common';
import type { SessionUserView } from '@atrium/contracts';
import { CompaniesRepository } from '../companies/companies.repository.js';
import { toPlanView } from '../plans/plan.view.js';
import { SettingsRepository } from '../settings/settings.repository.js';
import { visibleSettings } from '../settings/visible-settings.js';
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
  ) {}

  async load(tx: IdentityTx, companyId: number, userId: number): Promise<SessionUserView | undefined> {
    // one transaction is one connection: its queries run one after the other
    const user = await this.users.findById(tx, companyId, userId);
    const company = await this.companies.findWithPlan(tx, companyId);
    if (!user || !company) return undefined;
    const queues = await this.users.queuesOf(tx, companyId, [userId]);
    const settings = await this.settings.list(tx, companyId);
    return {
      ...toUserView(user, queues.get(userId) ?? []),
      company: {
        id: company.company.id,
        name: company.company.name,
        dueDate: company.company.dueDate,
        status: company.company.status,
        recurrence: company.company.recurrence as SessionUserView['company']['recurrence'],
        settings: visibleSettings(settings, user),
        plan: toPlanView(company.plan),
      },
    };
  }
}
