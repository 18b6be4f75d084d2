import type { AllTicket, Profile, QueueRef, UserView } from '@atrium/contracts';
import type { UserRow } from './users.repository.js';

export function toUserView(row: UserRow, queues: QueueRef[]): UserView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    profile: row.profile as Profile,
    super: row.super,
    allTicket: row.allTicket as AllTicket,
    companyId: row.companyId,
    whatsappId: row.whatsappId,
    queueIds: queues.map((q) => q.id),
    queues,
    online: row.online,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
