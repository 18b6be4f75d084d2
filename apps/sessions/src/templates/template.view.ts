import { templateVariables, type WhatsappTemplateView } from '@atrium/contracts';
import type { TemplateRow } from './templates.repository.js';

export function toTemplateView(row: TemplateRow): WhatsappTemplateView {
  return {
    id: row.id,
    whatsappId: row.whatsappId,
    metaId: row.metaId,
    name: row.name,
    language: row.language,
    category: row.category,
    status: row.status,
    quality: row.quality,
    reason: row.reason,
    components: row.components,
    variables: templateVariables(row.components),
    updatedAt: row.updatedAt.toISOString(),
  };
}
