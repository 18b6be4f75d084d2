import type { QueueView } from '@atrium/contracts';
import type { QueueRow } from './queues.repository.js';

export function toQueueView(row: QueueRow): QueueView {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    color: row.color,
    greetingMessage: row.greetingMessage,
    outOfHoursMessage: row.outOfHoursMessage,
    orderQueue: row.orderQueue,
    integrationId: row.integrationId,
    promptId: row.promptId,
    flowId: row.flowId,
    schedules: row.schedules,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A queue's fields as the audit log shows them. */
export function auditedQueue(view: QueueView): Record<string, unknown> {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = view as QueueView & { createdAt?: unknown; updatedAt?: unknown };
  return fields;
}
