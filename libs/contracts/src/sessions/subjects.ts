/** NATS request/reply subjects served by the sessions service. */
export const SessionsSubjects = {
  whatsappList: 'sessions.whatsapp.list',
  /** Data ReadModelPageDto, no actor: a page of every company's connections for tickets' read model (reconciled on start). */
  whatsappRefs: 'sessions.whatsapp.refs',
  whatsappShow: 'sessions.whatsapp.show',
  whatsappCreate: 'sessions.whatsapp.create',
  whatsappUpdate: 'sessions.whatsapp.update',
  whatsappDelete: 'sessions.whatsapp.delete',
  /** SessionsReferencesDto → MissingReferences: which of these ids are not connections of the actor's company. */
  referencesMissing: 'sessions.references.missing',
  /** `{ token }` → WhatsappTokenOwner; for the external messaging API. */
  whatsappByToken: 'sessions.whatsapp.by-token',
  /** POST /whatsapp/{id}/token (admin): a new external-API token, the old one stops working → WhatsappTokenView. */
  whatsappTokenRegenerate: 'sessions.whatsapp.token-regenerate',

  /** POST /whatsappsession/{id}: start or retry (QR, or pairing code with a phone number). */
  sessionStart: 'sessions.session.start',
  /** PUT /whatsappsession/{id}: forget the pairing and show a new QR code. */
  sessionNewQr: 'sessions.session.new-qr',
  /** DELETE /whatsappsession/{id}: log out and stop. */
  sessionDisconnect: 'sessions.session.disconnect',

  /** CloudWebhookDto → CloudWebhookResult: a signed Cloud API webhook (gateway `POST /webhooks/whatsapp`), verified and put on the inbound stream. */
  cloudWebhook: 'sessions.cloud.webhook',
  /** CloudWebhookVerifyDto → `{ challenge }`: Meta's verification handshake (gateway `GET /webhooks/whatsapp`). */
  cloudWebhookVerify: 'sessions.cloud.webhook-verify',

  /** GET /whatsapp/{id}/templates → WhatsappTemplateView[]: a Cloud API connection's templates as last synced. */
  templatesList: 'sessions.templates.list',
  /** POST /whatsapp/{id}/templates/sync → WhatsappTemplateView[]: the templates asked of Meta again. */
  templatesSync: 'sessions.templates.sync',
  /** POST /whatsapp/{id}/templates (admin): CreateTemplateDto → WhatsappTemplateView, submitted to Meta for approval. */
  templatesCreate: 'sessions.templates.create',
  /** TemplateRenderDto → RenderedTemplate: an approved template with its values, ready to send (asked without an actor). */
  templateRender: 'sessions.templates.render',

  /** OutboundRequestDto → OutboundResult: send, edit, delete, mark read, check a number, ... */
  command: 'sessions.outbound.command',
} as const;

/** How long a caller should wait for a `command` reply: sends wait their turn in the per-number pacing. */
export const OUTBOUND_COMMAND_TIMEOUT_MS = 60_000;
