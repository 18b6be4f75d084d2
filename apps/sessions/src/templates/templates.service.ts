import { Inject, Injectable } from '@nestjs/common';
import { MetaGraphClient, MetaGraphError, type GraphMessageTemplate } from '@atrium/channel';
import {
  AppError,
  ErrorCode,
  storableDeep,
  templateText,
  type Actor,
  type CreateTemplateDto,
  type RenderedTemplate,
  type TemplateComponent,
  type TemplateRenderDto,
  type WhatsappTemplateView,
} from '@atrium/contracts';
import { requireAdmin } from '@atrium/kernel';
import type { Logger } from '@atrium/logging';
import { DATABASE, LOGGER } from '@atrium/service-kit';
import { CloudAccountsRepository } from '../cloud/cloud-accounts.repository.js';
import { CloudSecrets, type CloudCredentials } from '../cloud/cloud-secrets.js';
import type { SessionsDatabase } from '../shared/sessions-database.js';
import { outboundTemplate } from './template-parameters.js';
import { toTemplateView } from './template.view.js';
import { TemplatesRepository, type TemplateValues } from './templates.repository.js';

/** A Graph API refusal or silence as the caller's error. */
function graphFailure(error: unknown): AppError {
  if (error instanceof MetaGraphError)
    return new AppError(ErrorCode.ERR_VALIDATION, {
      fields: [{ field: 'template', messages: [error.summary] }],
      data: { code: error.code, subcode: error.subcode, message: error.message, details: error.details },
    });
  return new AppError(ErrorCode.ERR_SERVICE_UNAVAILABLE, { data: { reason: 'Graph API unreachable' } });
}

/** Meta's `reason` says NONE when there is none. */
export function reasonOf(reason: string | null | undefined): string | null {
  return reason && reason.toUpperCase() !== 'NONE' ? reason.slice(0, 200) : null;
}

export function templateValues(companyId: number, whatsappId: number, template: GraphMessageTemplate): TemplateValues {
  return {
    companyId,
    whatsappId,
    metaId: String(template.id),
    name: template.name.slice(0, 512),
    language: template.language.slice(0, 15),
    category: (template.category ?? '').slice(0, 30),
    status: (template.status ?? 'PENDING').slice(0, 30),
    quality: template.quality_score?.score?.slice(0, 20) ?? null,
    reason: reasonOf(template.rejected_reason),
    components: storableDeep((template.components ?? []) as unknown as TemplateComponent[]),
  };
}

/**
 * A Cloud API connection's message templates (issue 26): listed as last synced, synced from the
 * WhatsApp Business Account (GET /{waba-id}/message_templates), created there for Meta's review
 * (POST), and filled with a send's values (only APPROVED ones).
 */
@Injectable()
export class TemplatesService {
  constructor(
    @Inject(DATABASE) private readonly database: SessionsDatabase,
    @Inject(TemplatesRepository) private readonly templates: TemplatesRepository,
    @Inject(CloudAccountsRepository) private readonly accounts: CloudAccountsRepository,
    @Inject(CloudSecrets) private readonly secrets: CloudSecrets,
    @Inject(MetaGraphClient) private readonly graph: MetaGraphClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async list(actor: Actor, whatsappId: number): Promise<WhatsappTemplateView[]> {
    await this.credentials(actor.companyId, whatsappId);
    const rows = await this.database.withTenant(actor.companyId, (tx) => this.templates.list(tx, actor.companyId, whatsappId));
    return rows.map(toTemplateView);
  }

  async sync(actor: Actor, whatsappId: number): Promise<WhatsappTemplateView[]> {
    requireAdmin(actor);
    return this.syncConnection(actor.companyId, whatsappId);
  }

  /** Asks Meta for the account's templates and keeps exactly those (the webhook of one unknown to us, too). */
  async syncConnection(companyId: number, whatsappId: number): Promise<WhatsappTemplateView[]> {
    const credentials = await this.credentials(companyId, whatsappId);
    let fetched: GraphMessageTemplate[];
    try {
      fetched = await this.graph.templates(credentials.wabaId, credentials.accessToken);
    } catch (error) {
      throw graphFailure(error);
    }
    const rows = await this.database.withTenant(companyId, async (tx) => {
      await this.templates.upsert(
        tx,
        fetched.map((template) => templateValues(companyId, whatsappId, template)),
      );
      await this.templates.deleteOthers(
        tx,
        companyId,
        whatsappId,
        fetched.map((template) => String(template.id)),
      );
      return this.templates.list(tx, companyId, whatsappId);
    });
    this.logger.info({ companyId, whatsappId, templates: rows.length }, 'message templates synced from the WhatsApp Business Account');
    return rows.map(toTemplateView);
  }

  /** Submits a template to Meta; listed with the status Meta answers (PENDING while in review). */
  async create(actor: Actor, whatsappId: number, dto: CreateTemplateDto): Promise<WhatsappTemplateView> {
    requireAdmin(actor);
    const credentials = await this.credentials(actor.companyId, whatsappId);
    const submitted = { name: dto.name, language: dto.language, category: dto.category, components: dto.components };
    let answer: { id: string; status: string; category: string };
    try {
      answer = await this.graph.createTemplate(credentials.wabaId, credentials.accessToken, {
        ...submitted,
        components: submitted.components as unknown as Array<Record<string, unknown>>,
      });
    } catch (error) {
      throw graphFailure(error);
    }
    const [row] = await this.database.withTenant(actor.companyId, (tx) =>
      this.templates.upsert(tx, [
        templateValues(actor.companyId, whatsappId, {
          ...submitted,
          id: answer.id,
          status: answer.status ?? 'PENDING',
          category: answer.category ?? dto.category,
          components: submitted.components as unknown as Array<Record<string, unknown>>,
        }),
      ]),
    );
    return toTemplateView(row!);
  }

  /** An approved template with a send's values: Meta's template object and the text the conversation shows. */
  async render(dto: TemplateRenderDto): Promise<RenderedTemplate> {
    const { companyId, whatsappId, template } = dto;
    const row = await this.database.withTenant(companyId, (tx) =>
      this.templates.findByName(tx, companyId, whatsappId, template.name, template.language),
    );
    if (!row || row.status !== 'APPROVED')
      throw new AppError(ErrorCode.ERR_WAPP_TEMPLATE_NOT_FOUND, {
        data: { name: template.name, language: template.language, status: row?.status ?? null },
      });
    const parameters = template.parameters ?? {};
    return { template: outboundTemplate(row, parameters), text: templateText(row.components, parameters) };
  }

  private async credentials(companyId: number, whatsappId: number): Promise<CloudCredentials> {
    const row = await this.accounts.find(companyId, whatsappId);
    if (!row) throw new AppError(ErrorCode.ERR_NO_WAPP_FOUND);
    const credentials = this.secrets.credentialsOf(row);
    if (!credentials || !credentials.wabaId)
      throw new AppError(ErrorCode.ERR_VALIDATION, {
        fields: [{ field: 'provider', messages: ['templates belong to Cloud API connections with a WhatsApp Business Account'] }],
      });
    return credentials;
  }
}
