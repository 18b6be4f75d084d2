import { SECRET_MASK, type PromptView } from '@atrium/contracts';
import type { PromptRow } from './prompts.repository.js';

/** What the API shows of a prompt: its secrets only as SECRET_MASK (never sealed or clear), with its queue's name. */
export function toPromptView(row: PromptRow, queueName: string | undefined): PromptView {
  return {
    id: row.id,
    name: row.name,
    prompt: row.prompt,
    apiKey: row.apiKeySealed ? SECRET_MASK : '',
    queueId: row.queueId,
    queue: queueName === undefined ? null : { id: row.queueId, name: queueName },
    maxTokens: row.maxTokens,
    temperature: row.temperature,
    maxMessages: row.maxMessages,
    voice: row.voice,
    voiceKey: row.voiceKeySealed ? SECRET_MASK : '',
    voiceRegion: row.voiceRegion,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
