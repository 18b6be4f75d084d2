import { Inject, Injectable } from '@nestjs/common';
import type { CompanyView } from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import { ActorStateWriter } from '../login-sessions/actor-state.writer.js';
import { CompanyCalendar } from '../shared/dates.js';
import type { IdentityDatabase } from '../shared/identity-database.js';
import { SessionUserLoader } from '../users/session-user.loader.js';
import { CompaniesRepository, type CompanyMember, type CompanyRow } from './companies.repository.js';

/**
 * Keeps the live state of logged-in users (Redis, read by the gateway on every request) in step
 * with their company and plan: new plan flags apply at once, and a company that may no longer
 * log in (deleted, inactive, past due) loses its sessions at once.
 */
@Injectable()
export class CompanySessionsRefresher {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(CompaniesRepository) private readonly companies: CompaniesRepository,
    @Inject(SessionUserLoader) private readonly sessionUsers: SessionUserLoader,
    @Inject(ActorStateWriter) private readonly actorStates: ActorStateWriter,
    @Inject(CompanyCalendar) private readonly calendar: CompanyCalendar,
  ) {}

  /**
   * A new plan, status or due date reaches the logged-in users at once: fresh plan flags, or,
   * when the company may no longer log in (inactive or past due), the end of their sessions.
   */
  async afterSubscriptionChange(before: CompanyRow, after: CompanyView): Promise<void> {
    const changed = before.planId !== after.planId || before.status !== after.status || before.dueDate !== after.dueDate;
    if (!changed) return;
    if (!after.status || this.calendar.isPastDue(after.dueDate)) {
      await this.endSessions(await this.membersOf(after.id), { includeSuper: false });
    } else {
      await this.refreshCompany(after.id);
    }
  }

  async refreshCompany(companyId: number): Promise<void> {
    await this.refresh(await this.database.asSystem((tx) => this.companies.membersOf(tx, { companyId })));
  }

  async refreshPlan(planId: number): Promise<void> {
    await this.refresh(await this.database.asSystem((tx) => this.companies.membersOf(tx, { planId })));
  }

  /** Ends the sessions of these users now (super users keep theirs: their login is not tied to the company's subscription). */
  async endSessions(members: CompanyMember[], options: { includeSuper: boolean }): Promise<void> {
    for (const member of members) {
      if (member.super && !options.includeSuper) continue;
      await this.actorStates.remove(member.userId);
    }
  }

  membersOf(companyId: number): Promise<CompanyMember[]> {
    return this.database.asSystem((tx) => this.companies.membersOf(tx, { companyId }));
  }

  private async refresh(members: CompanyMember[]): Promise<void> {
    for (const member of members) {
      if (!(await this.actorStates.current(member.userId))) continue;
      const view = await this.database.withTenant(member.companyId, (tx) => this.sessionUsers.load(tx, member.companyId, member.userId));
      if (view) await this.actorStates.refresh(view);
    }
  }
}
