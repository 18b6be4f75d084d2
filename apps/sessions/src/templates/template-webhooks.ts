import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from '@atrium/logging';
import { DATABASE, LOGGER } from '@atrium/service-kit';
import { eq } from 'drizzle-orm';
import { CloudWebhookService } from '../cloud-webhook/cloud-webhook.service.js';
import { whatsapps } from '../db/schema.js';
import type { SessionsDatabase } from '../shared/sessions-database.js';
import type { WhatsappRow } from '../shared/whatsapp.view.js';
import { TemplatesRepository } from './templates.repository.js';
import { reasonOf, TemplatesService } from './templates.service.js';

/**
 * The `whatsapp_business_account` webhook fields this class takes (Meta's webhook reference); the
 * number's `phone_number_quality_update` is CloudWebhookService's (it reads the number again).
 */
export const TEMPLATE_WEBHOOK_FIELDS = ['message_template_status_update', 'message_template_quality_update'] as const;
export type TemplateWebhookField = (typeof TEMPLATE_WEBHOOK_FIELDS)[number];

interface TemplateStatusValue {
  event?: string;
  message_template_id?: number | string;
  message_template_name?: string;
  message_template_language?: string;
  reason?: string | null;
}

interface TemplateQualityValue {
  message_template_id?: number | string;
  new_quality_score?: string;
}

/**
 * What Meta tells a WhatsApp Business Account's webhook about its templates (issue 26): a template
 * approved, rejected, paused or disabled (`message_template_status_update`) and its quality
 * (`message_template_quality_update`). `wabaId` is the entry's id; the webhook route has checked
 * the delivery's signature before this.
 */
@Injectable()
export class TemplateWebhooks implements OnModuleInit {
  constructor(
    @Inject(DATABASE) private readonly database: SessionsDatabase,
    @Inject(TemplatesRepository) private readonly templates: TemplatesRepository,
    @Inject(TemplatesService) private readonly service: TemplatesService,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CloudWebhookService) private readonly webhook: CloudWebhookService,
  ) {}

  /** The signed webhook hands this class the template fields of the account. */
  onModuleInit(): void {
    for (const field of TEMPLATE_WEBHOOK_FIELDS)
      this.webhook.onField(field, (change, credentials) => this.handle(credentials.wabaId, field, change.value));
  }

  async handle(wabaId: string, field: TemplateWebhookField, value: unknown): Promise<void> {
    const connections = await this.connectionsOf(wabaId);
    if (connections.length === 0) return;
    switch (field) {
      case 'message_template_status_update':
        return this.statusUpdate(connections, value as TemplateStatusValue);
      case 'message_template_quality_update':
        return this.qualityUpdate(connections, value as TemplateQualityValue);
    }
  }

  private async statusUpdate(connections: WhatsappRow[], value: TemplateStatusValue): Promise<void> {
    if (!value.message_template_id || !value.event) return;
    const status = (value.event === 'REINSTATED' ? 'APPROVED' : value.event).slice(0, 30);
    const changed = await this.database.asSystem((tx) =>
      this.templates.update(
        tx,
        connections.map((row) => row.id),
        String(value.message_template_id),
        { status, reason: reasonOf(value.reason) },
      ),
    );
    this.logger.info({ metaId: value.message_template_id, status, templates: changed.length }, 'template status from Meta');
    // a template created outside Atrium (WhatsApp Manager): the connections learn it by a sync
    const known = new Set(changed.map((row) => row.whatsappId));
    for (const row of connections.filter((connection) => !known.has(connection.id))) {
      await this.service.syncConnection(row.companyId, row.id).catch((error: unknown) => {
        this.logger.warn({ whatsappId: row.id, err: error }, 'template sync after a status update failed');
      });
    }
  }

  private async qualityUpdate(connections: WhatsappRow[], value: TemplateQualityValue): Promise<void> {
    if (!value.message_template_id || !value.new_quality_score) return;
    await this.database.asSystem((tx) =>
      this.templates.update(
        tx,
        connections.map((row) => row.id),
        String(value.message_template_id),
        { quality: value.new_quality_score!.slice(0, 20) },
      ),
    );
  }

  /** The Cloud API connections of this WhatsApp Business Account, of any company (Meta does not say whose). */
  private connectionsOf(wabaId: string): Promise<WhatsappRow[]> {
    return this.database.asSystem((tx) => tx.select().from(whatsapps).where(eq(whatsapps.cloudWabaId, wabaId)));
  }
}
