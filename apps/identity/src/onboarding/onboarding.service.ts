import { Inject, Injectable } from '@nestjs/common';
import { SessionsSubjects, TicketsSubjects, type Actor, type OnboardingStep, type OnboardingView } from '@atrium/contracts';
import { requireAdmin } from '@atrium/kernel';
import { RpcClient } from '@atrium/messaging';
import { DATABASE } from '@atrium/service-kit';
import { SettingsRepository } from '../settings/settings.repository.js';
import { IdentityEvents } from '../shared/identity.events.js';
import type { IdentityDatabase } from '../shared/identity-database.js';
import { UsersRepository } from '../users/users.repository.js';
import { onboardingView } from './onboarding-steps.js';

/**
 * The first-run checklist of a company's dashboard (admins only). Each step is read from the data
 * its owner keeps, at every request, so it is done as soon as that data exists and undone if it
 * goes: users and the dismissed flag here, connections from sessions, queues from tickets (asked
 * as the admin, so only the company's own). Dismissing is a company setting (`onboardingDismissed`).
 */
@Injectable()
export class OnboardingService {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(SettingsRepository) private readonly settings: SettingsRepository,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(IdentityEvents) private readonly events: IdentityEvents,
  ) {}

  async show(actor: Actor): Promise<OnboardingView> {
    requireAdmin(actor);
    const [own, connections, queues] = await Promise.all([
      this.database.withTenant(actor.companyId, async (tx) => ({
        users: await this.users.countInCompany(tx, actor.companyId),
        dismissed: (await this.settings.get(tx, actor.companyId, 'onboardingDismissed')) === 'true',
      })),
      this.rpc.request(SessionsSubjects.whatsappList, {}, { actor }),
      this.rpc.request(TicketsSubjects.queuesList, {}, { actor }),
    ]);
    const greeted = [...connections, ...queues].some((owner) => owner.greetingMessage.trim() !== '');
    const done: Record<OnboardingStep, boolean> = {
      connection: connections.length > 0,
      queue: queues.length > 0,
      // the company's first admin is there from signup: an agent is anyone after them
      agent: own.users > 1,
      greeting: greeted,
    };
    return onboardingView(done, own.dismissed);
  }

  async update(actor: Actor, dismissed: boolean): Promise<OnboardingView> {
    requireAdmin(actor);
    const saved = await this.database.withTenant(actor.companyId, (tx) =>
      this.settings.upsert(tx, actor.companyId, 'onboardingDismissed', String(dismissed)),
    );
    this.events.settingSaved(actor.companyId, saved, false);
    return this.show(actor);
  }
}
