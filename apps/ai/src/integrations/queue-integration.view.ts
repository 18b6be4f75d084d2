import { SECRET_MASK, type QueueIntegrationView } from '@atrium/contracts';
import type { QueueIntegrationRow } from './queue-integrations.repository.js';

/** The API's face of a stored integration: the service-account JSON only as SECRET_MASK, the signing secret never. */
export function toQueueIntegrationView(row: QueueIntegrationRow): QueueIntegrationView {
  return {
    id: row.id,
    companyId: row.companyId,
    type: row.type,
    name: row.name,
    projectName: row.projectName,
    jsonContent: row.jsonContentSealed ? SECRET_MASK : null,
    language: row.language,
    urlN8N: row.urlN8N,
    typebotSlug: row.typebotSlug,
    typebotExpires: row.typebotExpires,
    typebotDelayMessage: row.typebotDelayMessage,
    typebotKeywordFinish: row.typebotKeywordFinish,
    typebotKeywordRestart: row.typebotKeywordRestart,
    typebotRestartMessage: row.typebotRestartMessage,
    typebotUnknownMessage: row.typebotUnknownMessage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
