import type { AllTicket, Profile, QueueRef, UserCompanyRef, UserView } from '@atrium/contracts';
import type { CompanyRow } from '../companies/companies.repository.js';
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

/** The company a `company-{id}-user` event carries beside the user. */
export function toUserCompanyRef(row: CompanyRow): UserCompanyRef {
  return {
    id: row.id,
    name: row.name,
    dueDate: row.dueDate,
    status: row.status,
    recurrence: row.recurrence as UserCompanyRef['recurrence'],
    planId: row.planId,
  };
}
