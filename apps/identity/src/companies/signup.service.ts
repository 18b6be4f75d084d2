import { Inject, Injectable } from '@nestjs/common';
import type { ClientInfo, CompanyView, SignupDto } from '@atrium/contracts';
import { DATABASE } from '@atrium/service-kit';
import { CompanyCalendar } from '../shared/dates.js';
import type { IdentityDatabase } from '../shared/identity-database.js';
import { PasswordHasher } from '../shared/password-hasher.js';
import { companyContact, CompanyProvisioner, conflictOf } from './company-provisioner.js';
import { CompanyViewLoader } from './company-view.loader.js';
import { SignupRateLimiter } from './signup-rate-limiter.js';

/** Spec 000 section 5: a self-registered company gets a 3-day trial. */
export const TRIAL_DAYS = 3;

/**
 * Self-registration (POST /companies/cadastro): the company on the chosen plan, its default
 * settings and its first admin, in one transaction. The trial values are the server's: whatever
 * the client sends for dueDate, recurrence, status and campaignsEnabled is ignored.
 */
@Injectable()
export class SignupService {
  constructor(
    @Inject(CompanyCalendar) private readonly calendar: CompanyCalendar,
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(CompanyViewLoader) private readonly views: CompanyViewLoader,
    @Inject(CompanyProvisioner) private readonly provisioner: CompanyProvisioner,
    @Inject(PasswordHasher) private readonly passwords: PasswordHasher,
    @Inject(SignupRateLimiter) private readonly limiter: SignupRateLimiter,
  ) {}

  async signup(dto: SignupDto, client: ClientInfo): Promise<CompanyView> {
    await this.limiter.admit(client.ip);
    const passwordHash = await this.passwords.hash(dto.password);
    try {
      // The tenant does not exist yet: system scope, for this one transaction only.
      return await this.database.asSystem(async (tx) => {
        const row = await this.provisioner.provision(tx, {
          company: {
            ...companyContact(dto),
            status: true,
            dueDate: this.calendar.daysFromToday(TRIAL_DAYS),
            recurrence: 'MENSAL',
          },
          campaignsEnabled: true,
          admin: { email: dto.email, passwordHash },
        });
        return this.views.one(tx, row.id);
      });
    } catch (error) {
      throw conflictOf(error) ?? error;
    }
  }
}
