import type { QueueOptionView } from '@atrium/contracts';
import type { QueueOptionRow } from './queue-options.repository.js';

export function toQueueOptionView(row: QueueOptionRow): QueueOptionView {
  return {
    id: row.id,
    companyId: row.companyId,
    queueId: row.queueId,
    parentId: row.parentId,
    title: row.title,
    message: row.message,
    option: row.option,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
