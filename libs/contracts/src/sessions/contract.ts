import type { ById, Done, NoData, Rpc, Update } from '../contract.js';
import type { MissingReferences, SessionsReferencesDto } from '../references.js';
import type { ReadModelPageDto, WhatsappRefRecord } from '../read-models.js';
import type { StartSessionDto, UpdateWhatsappDto, WhatsappDto, WhatsappTokenDto } from './dto.js';
import type { CloudWebhookDto, CloudWebhookResult, CloudWebhookVerifyDto } from './cloud.js';
import type { OutboundRequestDto, OutboundResult } from './outbound.js';
import { SessionsSubjects as S } from './subjects.js';
import type { CreateTemplateDto, RenderedTemplate, TemplateRenderDto, WhatsappTemplateView } from './templates.js';
import type { WhatsappTokenOwner, WhatsappTokenView, WhatsappView } from './views.js';

/** What each sessions subject takes and answers. */
export type SessionsContract = {
  [S.referencesMissing]: Rpc<SessionsReferencesDto, MissingReferences<'whatsappIds'>>;
  [S.whatsappList]: Rpc<NoData, WhatsappView[]>;
  [S.whatsappRefs]: Rpc<ReadModelPageDto, WhatsappRefRecord[]>;
  [S.whatsappShow]: Rpc<ById, WhatsappView>;
  [S.whatsappCreate]: Rpc<WhatsappDto, WhatsappView>;
  [S.whatsappUpdate]: Rpc<Update<UpdateWhatsappDto>, WhatsappView>;
  [S.whatsappDelete]: Rpc<ById, Done>;
  [S.whatsappByToken]: Rpc<WhatsappTokenDto, WhatsappTokenOwner>;
  [S.whatsappTokenRegenerate]: Rpc<ById, WhatsappTokenView>;

  [S.sessionStart]: Rpc<Update<StartSessionDto>, Done>;
  [S.sessionNewQr]: Rpc<ById, Done>;
  [S.sessionDisconnect]: Rpc<ById, Done>;

  /** Asked without an actor (Meta calls the gateway's public webhook). */
  [S.cloudWebhook]: Rpc<CloudWebhookDto, CloudWebhookResult>;
  [S.cloudWebhookVerify]: Rpc<CloudWebhookVerifyDto, { challenge: string }>;

  [S.templatesList]: Rpc<ById, WhatsappTemplateView[]>;
  [S.templatesSync]: Rpc<ById, WhatsappTemplateView[]>;
  [S.templatesCreate]: Rpc<Update<CreateTemplateDto>, WhatsappTemplateView>;
  /** Asked without an actor (tickets, before it stores a template's message). */
  [S.templateRender]: Rpc<TemplateRenderDto, RenderedTemplate>;

  /** Asked without an actor; the result's shape depends on the command (OutboundResultOf). */
  [S.command]: Rpc<OutboundRequestDto, OutboundResult>;
};
