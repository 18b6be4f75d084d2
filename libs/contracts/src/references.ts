import { ArrayMaxSize, IsArray, IsInt, IsOptional, Max, Min } from 'class-validator';

const MAX_ID = 2_147_483_647;
import { AppError } from './errors/app-error.js';
import { ErrorCode } from './errors/error-code.js';

/**
 * Stored references between services. Before a service stores an id another service owns (a
 * user's queues, a connection's queues, a user's connection, ...), it asks the owner in one
 * request whether each id is a record of the actor's company (`<service>.references.missing`):
 * the owner answers those that are not, which the caller refuses with ERR_VALIDATION on its field.
 */

/** `tickets.references.missing`: ids of the tickets service's records. */
export class TicketsReferencesDto {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(MAX_ID, { each: true })
  queueIds?: number[];
}

/** `sessions.references.missing`: ids of the sessions service's records. */
export class SessionsReferencesDto {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(MAX_ID, { each: true })
  whatsappIds?: number[];
}

/** The owner's answer: per kind asked, the ids that are not records of the actor's company (empty lists left out). */
export interface MissingReferences<K extends string = string> {
  missing: Partial<Record<K, number[]>>;
}

/** The kinds with missing ids, as the owner answers them. */
export function missingOf<K extends string>(
  asked: Partial<Record<K, readonly number[] | undefined>>,
  known: Partial<Record<K, readonly number[]>>,
): MissingReferences<K> {
  const missing: Partial<Record<K, number[]>> = {};
  for (const kind of Object.keys(asked) as K[]) {
    const found = new Set(known[kind] ?? []);
    const absent = [...new Set(asked[kind] ?? [])].filter((id) => !found.has(id));
    if (absent.length > 0) missing[kind] = absent;
  }
  return { missing };
}

/**
 * ERR_VALIDATION naming each field whose ids the owner does not know for the company (`fields`
 * maps an answered kind to the caller's field name), or nothing when every id is known.
 */
export function refuseMissingReferences<K extends string>(answer: MissingReferences<K>, fields: Record<K, string>): void {
  const errors = (Object.keys(answer.missing) as K[])
    .filter((kind) => (answer.missing[kind]?.length ?? 0) > 0)
    .map((kind) => ({ field: fields[kind], messages: [`not a record of this company: ${answer.missing[kind]!.join(', ')}`] }));
  if (errors.length > 0) throw new AppError(ErrorCode.ERR_VALIDATION, { fields: errors });
}

/** Fields that name the ai service's records (a prompt, a queue integration). */
export type AiReferenceField = 'promptId' | 'integrationId' | 'flowId';
