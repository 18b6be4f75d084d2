import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { IntegrationEvent } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { IntegrationEvents } from '@atrium/messaging';
import { DATABASE, LOGGER } from '@atrium/service-kit';
import type { CampaignsDatabase } from '../shared/campaigns-database.js';
import { CampaignsEvents } from './campaigns.events.js';
import { ShippingsRepository } from './shippings.repository.js';

/**
 * The recipient's reply to a confirmation request (issue 12), heard through the tickets service's
 * durable `campaignMessage.answered` integration event (this service's one JetStream consumer, so
 * a reply that came while campaigns was down is handled on its return): the shippings waiting for
 * it are confirmed (`confirmedAt`) and due at once; the connection's sender then delivers the
 * confirmed message at its pace. A repeated event confirms nothing more.
 */
@Injectable()
export class CampaignRepliesConsumer implements OnModuleInit {
  constructor(
    @Inject(IntegrationEvents) private readonly integration: IntegrationEvents,
    @Inject(DATABASE) private readonly database: CampaignsDatabase,
    @Inject(ShippingsRepository) private readonly shippings: ShippingsRepository,
    @Inject(CampaignsEvents) private readonly events: CampaignsEvents,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.integration.on('campaignMessage.answered', (event) => this.confirm(event));
  }

  private async confirm(event: IntegrationEvent<'campaignMessage.answered'>): Promise<void> {
    const { companyId, payload } = event;
    const confirmed = await this.database.withTenant(companyId, (tx) =>
      this.shippings.confirm(tx, companyId, payload.whatsappId, payload.number),
    );
    if (confirmed.length > 0)
      this.logger.info(
        { companyId, whatsappId: payload.whatsappId, shippings: confirmed.map((row) => row.id) },
        'campaign confirmations received',
      );
    for (const campaignId of new Set(confirmed.map((row) => row.campaignId))) this.events.progress(companyId, campaignId);
  }
}
