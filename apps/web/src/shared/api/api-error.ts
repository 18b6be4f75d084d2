import type { ErrorBody, FieldError } from '@atrium/contracts';

/** What the UI needs from a failed call: the spec's error code, or a plain text, and the HTTP status. */
export interface ApiFailure {
  status: number | null;
  code: string | null;
  text: string | null;
  fields: FieldError[];
  data: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Reads an RTK Query error ({status, data}), a thrown string or anything else into an ApiFailure.
 * Bodies are `{ "error": "ERR_..." }` (+ fields, data); a string body is a plain text error.
 */
export function apiFailureOf(error: unknown): ApiFailure {
  const failure: ApiFailure = { status: null, code: null, text: null, fields: [], data: undefined };
  if (typeof error === 'string') return { ...failure, text: error };
  if (!isRecord(error)) return failure;
  if (typeof error.status === 'number') failure.status = error.status;
  const body = error.data;
  if (typeof body === 'string' && body.trim().length > 0) return { ...failure, text: body };
  if (isRecord(body)) {
    const candidate = body as Partial<ErrorBody> & { message?: unknown };
    if (typeof candidate.error === 'string') failure.code = candidate.error;
    else if (typeof candidate.message === 'string') failure.text = candidate.message;
    if (Array.isArray(candidate.fields)) failure.fields = candidate.fields;
    failure.data = candidate.data;
  }
  return failure;
}

export function isStatus(error: unknown, status: number): boolean {
  return apiFailureOf(error).status === status;
}
