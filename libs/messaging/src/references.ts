import {
  refuseMissingReferences,
  type Actor,
  type AiReferenceField,
  type AiSubjects,
  type MissingReferences,
  type SessionsSubjects,
  type TicketsSubjects,
} from '@atrium/contracts';
import type { RpcClient } from './rpc-client.js';

/**
 * Asks the service that owns these ids, in one request on its `references.missing` subject,
 * whether each is a record of the actor's company; refuses with ERR_VALIDATION naming the fields
 * whose ids are not (`fields` maps each kind asked to the caller's field name). Asks nothing
 * when no id is given.
 */
export async function requireReferences<K extends string>(
  rpc: RpcClient,
  subject: typeof TicketsSubjects.referencesMissing | typeof SessionsSubjects.referencesMissing | typeof AiSubjects.referencesMissing,
  actor: Actor,
  ids: Partial<Record<K, number[] | undefined>>,
  fields: Record<K, string>,
): Promise<void> {
  const asked = Object.fromEntries(Object.entries(ids).filter(([, list]) => Array.isArray(list) && list.length > 0)) as Partial<
    Record<K, number[]>
  >;
  if (Object.keys(asked).length === 0) return;
  refuseMissingReferences((await rpc.request(subject, asked as never, { actor })) as MissingReferences<K>, fields);
}

/**
 * Prompts and queue integrations are the ai service's: a `promptId` or `integrationId` to store is
 * refused (ERR_VALIDATION on its field) unless the ai service knows it for the actor's company;
 * null or nothing asks nothing.
 */
export function requireAiReferences(
  rpc: RpcClient,
  actor: Actor,
  values: Partial<Record<AiReferenceField, number | null | undefined>>,
): Promise<void> {
  const idOf = (value: number | null | undefined) => (typeof value === 'number' ? [value] : undefined);
  return requireReferences(
    rpc,
    'ai.references.missing' satisfies typeof AiSubjects.referencesMissing,
    actor,
    { promptIds: idOf(values.promptId), integrationIds: idOf(values.integrationId), flowIds: idOf(values.flowId) },
    { promptIds: 'promptId', integrationIds: 'integrationId', flowIds: 'flowId' },
  );
}
