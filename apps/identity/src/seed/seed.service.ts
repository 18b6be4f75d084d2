import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { lockFor } from '@atrium/kernel';
import type { Logger } from '@atrium/logging';
import { DATABASE, LOGGER, SERVICE_CONFIG } from '@atrium/service-kit';
import { CompaniesRepository } from '../companies/companies.repository.js';
import type { IdentityConfig } from '../config.js';
import { plans, users } from '../db/schema.js';
import { SettingsRepository } from '../settings/settings.repository.js';
import type { IdentityDatabase, IdentityTx } from '../shared/identity-database.js';
import { PasswordHasher } from '../shared/password-hasher.js';

export const DEV_ADMIN = { email: 'admin@admin.com', password: '123456' } as const;
export const PLATFORM_COMPANY_NAME = 'Atrium';
export const DEFAULT_PLAN_NAME = 'Plano Padrão';

/**
 * On start, makes sure the platform exists: a plan, the platform company and a super user.
 * Outside production the super user is admin@admin.com / 123456; in production ADMIN_EMAIL and
 * ADMIN_PASSWORD are required (the config refuses to start without them). Idempotent, and
 * serialised across replicas with an advisory lock.
 */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CompaniesRepository) private readonly companies: CompaniesRepository,
    @Inject(SettingsRepository) private readonly settings: SettingsRepository,
    @Inject(PasswordHasher) private readonly passwords: PasswordHasher,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const email = this.config.ADMIN_EMAIL ?? DEV_ADMIN.email;
    const password = this.config.ADMIN_PASSWORD ?? DEV_ADMIN.password;
    const passwordHash = await this.passwords.hash(password);
    const created = await this.database.asSystem(async (tx) => {
      await lockFor(tx, 'identity.seed', 'platform');
      const [existingSuper] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.super}`)
        .limit(1);
      if (existingSuper) return false;
      const planId = await this.ensurePlan(tx);
      const company =
        (await this.companies.platformCompany(tx)) ??
        (await this.companies.insert(tx, { name: PLATFORM_COMPANY_NAME, planId, isPlatform: true, dueDate: '2099-12-31', email }));
      await this.settings.createDefaults(tx, company.id);
      await tx
        .insert(users)
        .values({ companyId: company.id, name: 'Admin', email, passwordHash, profile: 'admin', super: true, allTicket: 'enabled' });
      return true;
    });
    if (created) this.logger.info({ email }, 'seeded the platform company and its super user');
  }

  private async ensurePlan(tx: IdentityTx): Promise<number> {
    const [existing] = await tx.select({ id: plans.id }).from(plans).orderBy(plans.id).limit(1);
    if (existing) return existing.id;
    const [plan] = await tx
      .insert(plans)
      .values({ name: DEFAULT_PLAN_NAME, users: 10, connections: 5, queues: 10, value: 0 })
      .returning({ id: plans.id });
    return plan!.id;
  }
}
