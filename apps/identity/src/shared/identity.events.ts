import { Inject, Injectable } from '@nestjs/common';
import { SESSION_ENDED_EVENT, type CompanyGrants, type SettingView, type UserCompanyRef, type UserView } from '@atrium/contracts';
import { EventBus } from '@atrium/messaging';

/** The live events identity announces (after the change committed); the gateway fans them out to sockets. */
@Injectable()
export class IdentityEvents {
  constructor(@Inject(EventBus) private readonly bus: EventBus) {}

  /** `company-{id}-user`: the user as saved, with their company (older clients replace their signed-in user with it). */
  userSaved(companyId: number, action: 'create' | 'update', user: UserView, company: UserCompanyRef): void {
    this.bus.publish({ kind: 'user', companyId, payload: { action, user: { ...user, company } } });
  }

  userDeleted(companyId: number, userId: number): void {
    this.bus.publish({ kind: 'user', companyId, payload: { action: 'delete', userId } });
  }

  /** `company-{id}-auth` to the user's other sessions: 'Sua conta foi acessada em outro computador.' */
  loggedInElsewhere(companyId: number, userId: number, newSessionId: string): void {
    this.bus.publish({
      kind: 'auth',
      companyId,
      payload: { action: 'update', user: { id: userId } },
      audience: { userIds: [userId], exceptSessionIds: [newSessionId] },
    });
  }

  /** Internal (gateways only): a login ended; every gateway drops its sockets. Published after the live state changed. */
  sessionEnded(companyId: number, userId: number, sessionId: string): void {
    this.bus.publish({ kind: SESSION_ENDED_EVENT, companyId, payload: { userId, sessionId } });
  }

  /** `company-{id}-settings`; secret settings reach admins only. */
  settingSaved(companyId: number, setting: SettingView, secret: boolean): void {
    this.bus.publish({
      kind: 'settings',
      companyId,
      payload: { action: 'update', setting },
      audience: secret ? { profiles: ['admin'] } : undefined,
    });
  }

  /** `company-{id}-permissions`: what a profile may do changed (gateways drop their cached grants). */
  permissionsSaved(companyId: number, grants: CompanyGrants): void {
    this.bus.publish({ kind: 'permissions', companyId, payload: { action: 'update', grants } });
  }
}
