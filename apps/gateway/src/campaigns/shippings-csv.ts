import { Readable } from 'node:stream';
import { CAMPAIGN_SHIPPINGS_LIMIT_MAX, type CampaignShippingsView, type CampaignShippingView } from '@atrium/contracts';

const HEADER = ['number', 'name', 'variant', 'deliveredAt', 'confirmationRequestedAt', 'confirmedAt', 'failedReason'] as const;

/** One CSV cell: quoted when it holds a separator, a quote or a line break; a leading formula sign is neutralised. */
function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function lines(rows: CampaignShippingView[]): string {
  return rows.map((row) => `${HEADER.map((key) => cell(row[key])).join(',')}\r\n`).join('');
}

/** Reads one page of the campaign's shippings (`pageNumber` from 1, `limit` per page). */
export type ShippingsPageReader = (pageNumber: number, limit: number) => Promise<CampaignShippingsView>;

/**
 * The campaign's shippings export (number, message variant, delivered, confirmed, failed reason),
 * streamed page by page: the first page is read before anything is written (so a missing or
 * foreign campaign answers its error), each further one as the client takes the text.
 */
export async function shippingsCsv(readPage: ShippingsPageReader): Promise<Readable> {
  const first = await readPage(1, CAMPAIGN_SHIPPINGS_LIMIT_MAX);
  async function* pages(): AsyncGenerator<string> {
    yield `${HEADER.join(',')}\r\n${lines(first.shippings)}`;
    for (let pageNumber = 2, page = first; page.hasMore; pageNumber += 1) {
      page = await readPage(pageNumber, CAMPAIGN_SHIPPINGS_LIMIT_MAX);
      yield lines(page.shippings);
    }
  }
  return Readable.from(pages());
}
