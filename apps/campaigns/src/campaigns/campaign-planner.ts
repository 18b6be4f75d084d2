import { Inject, Injectable } from '@nestjs/common';
import { CampaignMessagesSubjects } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { RpcClient } from '@atrium/messaging';
import { DATABASE, LOGGER } from '@atrium/service-kit';
import { ContactListImportsRepository } from '../contact-lists/contact-list-imports.repository.js';
import { WhatsappNumberChecker } from '../contact-lists/whatsapp-number-checker.js';
import type { CampaignsDatabase } from '../shared/campaigns-database.js';
import { variantsOf } from './campaign-rules.js';
import { companyActor } from './campaign-views.js';
import { CampaignsEvents } from './campaigns.events.js';
import { CampaignsRepository } from './campaigns.repository.js';
import { ShippingsRepository } from './shippings.repository.js';

/**
 * Starts a campaign whose time came and writes its shippings, once (one per campaign and number,
 * unique in the database): the list's valid items (those never checked on WhatsApp checked first)
 * and the tag's contacts, a random message each. Both are idempotent: a second run, on this
 * replica or another, finds the campaign started or planned and does nothing.
 */
@Injectable()
export class CampaignPlanner {
  constructor(
    @Inject(DATABASE) private readonly database: CampaignsDatabase,
    @Inject(CampaignsRepository) private readonly campaigns: CampaignsRepository,
    @Inject(ShippingsRepository) private readonly shippings: ShippingsRepository,
    @Inject(CampaignsEvents) private readonly events: CampaignsEvents,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(ContactListImportsRepository) private readonly listChecks: ContactListImportsRepository,
    @Inject(WhatsappNumberChecker) private readonly checker: WhatsappNumberChecker,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async start(companyId: number, id: number): Promise<void> {
    const started = await this.database.withTenant(companyId, (tx) =>
      this.campaigns.transition(tx, companyId, id, ['PROGRAMADA'], 'EM_ANDAMENTO'),
    );
    if (!started) return;
    await this.events.now(companyId, id);
    await this.plan(companyId, id);
  }

  /** Writes the campaign's shippings, once: the list's valid items and the tag's contacts, each number once, a random message each. */
  async plan(companyId: number, id: number): Promise<void> {
    try {
      const snapshot = await this.database.withTenant(companyId, (tx) => this.campaigns.find(tx, companyId, id));
      if (!snapshot || snapshot.status !== 'EM_ANDAMENTO' || snapshot.plannedAt !== null) return;
      if (snapshot.contactListId && snapshot.whatsappId) await this.checkUnchecked(companyId, snapshot.contactListId, snapshot.whatsappId);
      const tagged = snapshot.tagListId
        ? (await this.rpc.request(CampaignMessagesSubjects.tagContacts, { tagId: snapshot.tagListId }, { actor: companyActor(companyId) }))
            .contacts
        : [];
      const planned = await this.database.withTenant(companyId, async (tx) => {
        const campaign = await this.campaigns.find(tx, companyId, id, 'update');
        if (!campaign || campaign.status !== 'EM_ANDAMENTO' || campaign.plannedAt !== null) return null;
        // a Cloud API campaign has one message, its template (variant 1)
        const variants = campaign.template ? [1] : variantsOf(campaign);
        let count = 0;
        if (campaign.contactListId) count += await this.shippings.planFromList(tx, companyId, id, campaign.contactListId, variants);
        const recipients = tagged.filter((contact) => /^\d{8,20}$/.test(contact.number));
        for (let i = 0; i < recipients.length; i += 5000)
          count += await this.shippings.planMany(tx, companyId, id, recipients.slice(i, i + 5000), variants);
        await this.campaigns.update(tx, companyId, id, { plannedAt: new Date() });
        return count;
      });
      if (planned !== null) {
        this.logger.info({ companyId, campaignId: id, planned }, 'campaign planned');
        this.events.progress(companyId, id);
      }
    } catch (error) {
      this.logger.error({ companyId, campaignId: id, error }, 'campaign not planned (retried on the next tick)');
    }
  }

  /**
   * The list's items never checked on WhatsApp (added by hand, not imported) are checked now, in
   * batches on the campaign's connection, so "the list's valid items" counts them; a failed check
   * (connection down) leaves the campaign unplanned until the next tick.
   */
  private async checkUnchecked(companyId: number, contactListId: number, whatsappId: number): Promise<void> {
    for (;;) {
      const items = await this.database.withTenant(companyId, (tx) =>
        this.listChecks.unchecked(tx, companyId, contactListId, WhatsappNumberChecker.BATCH),
      );
      if (items.length === 0) return;
      const valid = await this.checker.check(
        companyId,
        whatsappId,
        items.map((item) => item.number),
      );
      await this.database.withTenant(companyId, (tx) =>
        this.listChecks.markChecked(
          tx,
          companyId,
          items.map((item) => ({ ...item, valid: valid.get(item.number) ?? false })),
        ),
      );
    }
  }
}
