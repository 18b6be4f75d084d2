import { Readable } from 'node:stream';
import type { AuditLogView } from '@atrium/contracts';

const HEADER = [
  'id',
  'createdAt',
  'companyId',
  'userId',
  'userName',
  'action',
  'entityType',
  'entityId',
  'ip',
  'userAgent',
  'detail',
  'before',
  'after',
] as const;

/** One CSV cell: quoted when it holds a separator, a quote or a line break; a leading formula sign is neutralised. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function lines(rows: AuditLogView[]): string {
  return rows.map((row) => `${HEADER.map((key) => cell(row[key])).join(',')}\r\n`).join('');
}

/** Reads the entries with ids above `afterId`, oldest first, a batch at a time (empty when done). */
export type AuditLogBatchReader = (afterId: number) => Promise<AuditLogView[]>;

/**
 * The audit log as CSV, streamed batch by batch: the first batch is read before anything is
 * written (a refused caller answers its error), each further one as the client takes the text.
 */
export async function auditLogsCsv(readBatch: AuditLogBatchReader): Promise<Readable> {
  const first = await readBatch(0);
  async function* batches(): AsyncGenerator<string> {
    yield `${HEADER.join(',')}\r\n${lines(first)}`;
    for (let batch = first; batch.length > 0;) {
      batch = await readBatch(batch[batch.length - 1]!.id);
      if (batch.length > 0) yield lines(batch);
    }
  }
  return Readable.from(batches());
}
