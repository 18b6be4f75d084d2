import { Inject, Injectable } from '@nestjs/common';
import type { Actor, CampaignTemplate } from '@atrium/contracts';
import { ConnectionTemplates, invalidField } from '../shared/connection-templates.js';
import { fillCampaignVariables } from './message-body.js';

/** What the check reads of a campaign about to be saved (its fields merged over the stored row). */
export interface CampaignChannelFields {
  whatsappId?: number | null;
  scheduledAt?: Date | null;
  confirmation?: boolean;
  template?: CampaignTemplate | null;
}

/** A recipient whose values stand in for the list's when a template's values are checked. */
const SAMPLE = { name: 'Maria', number: '5511999999999', email: 'maria@example.com' };

/**
 * A campaign against its connection's channel (issue 26). On a Cloud API connection a customer who
 * has not written in the last 24 hours can only receive an approved template, and a campaign's
 * recipients mostly have not: a campaign that will run there (it has a scheduledAt) names one of
 * the connection's approved templates, with a value for each of its variables (checked by the
 * sessions service rendering it for a sample recipient), and asks no confirmation (free text).
 * A template on any other connection is refused: only Meta's channel sends them.
 */
@Injectable()
export class CampaignChannel {
  constructor(@Inject(ConnectionTemplates) private readonly templates: ConnectionTemplates) {}

  async check(actor: Actor, fields: CampaignChannelFields): Promise<void> {
    if (!fields.whatsappId) {
      if (fields.template) throw invalidField('template', 'a template is sent by a Cloud API connection: choose one');
      return;
    }
    if ((await this.templates.provider(actor, fields.whatsappId)) !== 'cloud') {
      if (fields.template) throw invalidField('template', 'only a Cloud API connection sends templates');
      return;
    }
    if (!fields.template) {
      if (fields.scheduledAt) throw invalidField('template', 'a campaign on a Cloud API connection sends one of its approved templates');
      return;
    }
    if (fields.confirmation)
      throw invalidField(
        'confirmation',
        'a confirmation request is free text, which a Cloud API connection sends only inside the 24-hour window',
      );
    const sample = (values?: string[]) => values?.map((value) => fillCampaignVariables(value, SAMPLE, []));
    const { parameters } = fields.template;
    await this.templates.requireApproved(actor, fields.whatsappId, {
      name: fields.template.name,
      language: fields.template.language,
      parameters: parameters && { header: sample(parameters.header), body: sample(parameters.body), buttons: sample(parameters.buttons) },
    });
  }
}
