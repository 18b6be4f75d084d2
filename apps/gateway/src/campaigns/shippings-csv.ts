import type { CampaignShippingView } from '@atrium/contracts';

const HEADER = ['number', 'name', 'variant', 'deliveredAt', 'confirmationRequestedAt', 'confirmedAt', 'failedReason'] as const;

/** One CSV cell: quoted when it holds a separator, a quote or a line break; a leading formula sign is neutralised. */
function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The campaign's shippings export: number, message variant, delivered, confirmed, failed reason. */
export function shippingsCsv(rows: CampaignShippingView[]): string {
  const lines = [HEADER.join(',')];
  for (const row of rows) lines.push(HEADER.map((key) => cell(row[key])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
