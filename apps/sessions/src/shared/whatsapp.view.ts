import type { QueueRef, WhatsappCloudView, WhatsappSummary, WhatsappView } from '@atrium/contracts';
import type { whatsapps } from '../db/schema.js';

export type WhatsappRow = typeof whatsapps.$inferSelect;
export type NewWhatsapp = typeof whatsapps.$inferInsert;

export function toWhatsappSummary(row: WhatsappRow): WhatsappSummary {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    qrcode: row.qrcode,
    pairingCode: row.pairingCode,
    retries: row.retries,
    statusReason: row.statusReason ?? null,
    isDefault: row.isDefault,
    provider: row.provider,
    number: row.number,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A connection as read in a transaction: its row and queue ids, before the queues are named. */
export interface WhatsappDraft {
  row: WhatsappRow;
  queueIds: number[];
  /** Whether the external-API token's hint is shown (admins). */
  withToken: boolean;
}

/** The full connection; `queues` names `draft.queueIds`; `cloud` is the Cloud API account as admins see it. */
export function toWhatsappView(
  { row, queueIds, withToken }: WhatsappDraft,
  queues: QueueRef[],
  cloud: WhatsappCloudView | null = null,
): WhatsappView {
  return {
    ...toWhatsappSummary(row),
    companyId: row.companyId,
    greetingMessage: row.greetingMessage,
    complationMessage: row.complationMessage,
    outOfHoursMessage: row.outOfHoursMessage,
    ratingMessage: row.ratingMessage,
    queueIds,
    queues,
    promptId: row.promptId,
    integrationId: row.integrationId,
    flowId: row.flowId,
    transferQueueId: row.transferQueueId,
    timeToTransfer: row.timeToTransfer,
    expiresTicket: row.expiresTicket,
    expiresInactiveMessage: row.expiresInactiveMessage,
    timeUseBotQueues: row.timeUseBotQueues,
    maxUseBotQueues: row.maxUseBotQueues,
    tokenHint: withToken ? row.tokenHint : null,
    cloud,
    createdAt: row.createdAt.toISOString(),
  };
}
