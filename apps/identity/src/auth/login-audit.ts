import { Inject, Injectable } from '@nestjs/common';
import type { ClientInfo } from '@atrium/contracts';
import { AuditTrail } from '@atrium/messaging';
import { DATABASE } from '@atrium/service-kit';
import { CompaniesRepository } from '../companies/companies.repository.js';
import type { IdentityDatabase, IdentityTx } from '../shared/identity-database.js';

/** The audit log's entries of logins (docs/adr/023-audit-log.md): in, out, and refused passwords. */
@Injectable()
export class LoginAudit {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(AuditTrail) private readonly audit: AuditTrail,
    @Inject(CompaniesRepository) private readonly companies: CompaniesRepository,
  ) {}

  loggedIn(tx: IdentityTx, user: { id: number; companyId: number }, client: ClientInfo): Promise<void> {
    return this.audit.record(tx, user.companyId, {
      actor: { userId: user.id },
      action: 'auth.login',
      entityType: 'user',
      entityId: user.id,
      client,
    });
  }

  loggedOut(tx: IdentityTx, session: { userId: number; companyId: number }): Promise<void> {
    return this.audit.record(tx, session.companyId, {
      actor: { userId: session.userId },
      action: 'auth.logout',
      entityType: 'user',
      entityId: session.userId,
    });
  }

  /** A wrong password (the account's company files it) or an unknown e-mail (the platform's company files it: super users see it). */
  async failed(email: string, user: { id: number; companyId: number } | null, client: ClientInfo): Promise<void> {
    await this.database.asSystem(async (tx) => {
      const companyId = user?.companyId ?? (await this.companies.platformCompany(tx))?.id;
      if (companyId === undefined) return;
      await this.audit.record(tx, companyId, {
        actor: user ? { userId: user.id } : null,
        action: 'auth.loginFailed',
        entityType: 'user',
        entityId: user?.id ?? null,
        detail: email.slice(0, 254),
        client,
      });
    });
  }
}
