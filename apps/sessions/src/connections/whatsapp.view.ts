import type { WhatsappSummary, WhatsappView } from '@atrium/contracts';
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
    isDefault: row.isDefault,
    provider: row.provider,
    number: row.number,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The full connection; the external-API token only when `withToken` (admins). */
export function toWhatsappView(row: WhatsappRow, queueIds: number[], withToken: boolean): WhatsappView {
  return {
    ...toWhatsappSummary(row),
    companyId: row.companyId,
    greetingMessage: row.greetingMessage,
    complationMessage: row.complationMessage,
    outOfHoursMessage: row.outOfHoursMessage,
    ratingMessage: row.ratingMessage,
    queueIds,
    promptId: row.promptId,
    expiresTicket: row.expiresTicket,
    expiresInactiveMessage: row.expiresInactiveMessage,
    timeUseBotQueues: row.timeUseBotQueues,
    maxUseBotQueues: row.maxUseBotQueues,
    token: withToken ? row.token : null,
    createdAt: row.createdAt.toISOString(),
  };
}
