import { Type } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { INT4_MAX } from '../input-rules.js';
import { PAGE_MAX } from '../paging.js';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, type AuditAction, type AuditEntityType } from './audit-actions.js';

/** A record's fields as the audit log keeps them: JSON values, secrets masked. */
export type AuditFields = Record<string, unknown>;

/** The `audit.recorded` integration event's payload; the envelope carries the company, the event id and the time. */
export interface AuditRecorded {
  /** The acting user, or null when nobody is logged in (a failed login, a password reset by link). */
  userId: number | null;
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string | null;
  /** The changed fields as they were (null for a creation or a fact without a record). */
  before: AuditFields | null;
  /** The changed fields as they are now (null for a deletion). */
  after: AuditFields | null;
  ip: string | null;
  userAgent: string | null;
  /** A login attempt's e-mail, when no user could be named. */
  detail?: string | null;
}

/** One entry of GET /audit-logs. */
export interface AuditLogView {
  id: number;
  companyId: number;
  userId: number | null;
  userName: string | null;
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string | null;
  before: AuditFields | null;
  after: AuditFields | null;
  ip: string | null;
  userAgent: string | null;
  detail: string | null;
  createdAt: string;
}

/** Filters of GET /audit-logs and /audit-logs/export. `companyId` is heeded for super users only. */
export class AuditLogQueryDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(INT4_MAX) userId?: number;
  @IsOptional() @IsIn(AUDIT_ACTIONS) action?: AuditAction;
  @IsOptional() @IsIn(AUDIT_ENTITY_TYPES) entityType?: AuditEntityType;
  @IsOptional() @IsString() @MaxLength(100) entityId?: string;
  /** ISO date or time, inclusive. */
  @IsOptional() @IsISO8601({ strict: true }) from?: string;
  /** ISO date or time; a bare date includes that whole day. */
  @IsOptional() @IsISO8601({ strict: true }) to?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(INT4_MAX) companyId?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(PAGE_MAX) pageNumber?: number;
}

/** A batch of the export: entries with ids above `afterId`, oldest first. */
export class AuditLogExportPageDto extends AuditLogQueryDto {
  @Type(() => Number) @IsInt() @Min(0) @Max(Number.MAX_SAFE_INTEGER) afterId!: number;
}

const SECRET_FIELD =
  /pass(word|wd)?|secret|token|api_?key|voice_?key|private_?key|access_?key|credential|hash|sealed|json_?content|auth_?state|session_?data/i;
export const MASKED = '***';

/** The fields with secrets' values replaced by `***`, by field name, at any depth. */
export function maskSecrets(fields: AuditFields): AuditFields {
  const masked: AuditFields = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (SECRET_FIELD.test(key)) masked[key] = value === null || value === '' ? value : MASKED;
    else if (value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date))
      masked[key] = maskSecrets(value as AuditFields);
    else masked[key] = value instanceof Date ? value.toISOString() : value;
  }
  return masked;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Before and after of an update, reduced to the fields that changed (both masked); a creation
 * (`before` null) or a deletion (`after` null) keeps every field.
 */
export function auditChanges(
  before: AuditFields | null | undefined,
  after: AuditFields | null | undefined,
): { before: AuditFields | null; after: AuditFields | null } {
  const was = before ? maskSecrets(before) : null;
  const now = after ? maskSecrets(after) : null;
  if (!was || !now) return { before: was, after: now };
  const changedBefore: AuditFields = {};
  const changedAfter: AuditFields = {};
  for (const key of new Set([...Object.keys(was), ...Object.keys(now)])) {
    if (!(key in now)) continue; // a field the change did not state
    if (same(was[key], now[key])) {
      // a secret rewritten shows as masked on both sides only when it was sent
      if (SECRET_FIELD.test(key) && before?.[key] !== after?.[key]) {
        changedBefore[key] = was[key];
        changedAfter[key] = now[key];
      }
      continue;
    }
    changedBefore[key] = was[key] ?? null;
    changedAfter[key] = now[key];
  }
  return { before: changedBefore, after: changedAfter };
}

/** An export the actor downloaded: what it was and with which filters. */
export class ExportDownloadedDto {
  @IsString() @MaxLength(50) what!: string;
  @IsOptional() filters?: Record<string, unknown>;
}

/** A row's fields for the audit log: without its id, company and timestamps (the entry states those). */
export function auditedRecord(row: object): AuditFields {
  const { id: _id, companyId: _company, createdAt: _created, updatedAt: _updated, ...fields } = row as Record<string, unknown>;
  return fields;
}
