import type { ScheduleView } from '@atrium/contracts';
import type { ScheduleRow } from './schedules.repository.js';

export function toScheduleView(row: ScheduleRow): ScheduleView {
  return {
    id: row.id,
    companyId: row.companyId,
    contactId: row.contactId,
    userId: row.userId,
    whatsappId: row.whatsappId,
    body: row.body,
    sendAt: row.sendAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    status: row.status,
    errorReason: row.errorReason,
    sentLate: row.sentLate,
    mediaPath: row.mediaPath,
    mediaName: row.mediaName,
    template: row.template ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
