import * as XLSX from '@e965/xlsx';

/** Most data rows one import reads (beyond: the import fails, nothing is lost silently). */
export const IMPORT_MAX_ROWS = 100_000;
/** Most bytes the parts of an .xlsx may inflate to (a "zip bomb" is refused before it is read). */
const XLSX_MAX_INFLATED_BYTES = 300 * 1024 * 1024;

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
/** OLE2 compound file: the container of .xls (BIFF5/BIFF8) workbooks. */
const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export type SpreadsheetKind = 'xlsx' | 'xls';

/** One non-blank data row: its line in the sheet (1 = the first row, the header) and its cells as text. */
export interface SheetRow {
  line: number;
  name: string;
  number: string;
  email: string;
}

export class SpreadsheetError extends Error {}

const startsWith = (data: Buffer, signature: number[]): boolean => signature.every((byte, i) => data[i] === byte);

/**
 * What a file is by its bytes, never its name: an .xlsx is a ZIP, an .xls an OLE2 compound file.
 * Anything else (CSV, HTML or XML saved as ".xls", which SheetJS would otherwise parse) is refused.
 */
export function spreadsheetKind(data: Buffer): SpreadsheetKind | null {
  if (startsWith(data, ZIP_SIGNATURE)) return 'xlsx';
  if (startsWith(data, CFB_SIGNATURE)) return 'xls';
  return null;
}

/** Sums the sizes the ZIP's central directory declares (ZIP64 refused), so an .xlsx that inflates past the limit is never inflated. */
function inflatedSize(data: Buffer): number {
  const from = Math.max(0, data.length - 22 - 0xffff);
  let end = -1;
  for (let i = data.length - 22; i >= from; i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new SpreadsheetError('arquivo .xlsx corrompido');
  const entries = data.readUInt16LE(end + 10);
  let offset = data.readUInt32LE(end + 16);
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== 0x02014b50) throw new SpreadsheetError('arquivo .xlsx corrompido');
    const size = data.readUInt32LE(offset + 24);
    if (size === 0xffffffff) throw new SpreadsheetError('arquivo .xlsx grande demais');
    total += size;
    offset += 46 + data.readUInt16LE(offset + 28) + data.readUInt16LE(offset + 30) + data.readUInt16LE(offset + 32);
  }
  return total;
}

/** A header cell as a key: lower case, without accents, spaces or punctuation ("E-mail" → "email", "Número" → "numero"). */
function headerKey(value: unknown): string {
  return String(value ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const COLUMN_NAMES: Record<keyof Omit<SheetRow, 'line'>, string[]> = {
  name: ['nome', 'name', 'nomecompleto', 'contato', 'cliente'],
  number: ['numero', 'number', 'telefone', 'phone', 'celular', 'whatsapp', 'fone', 'tel', 'num', 'numerodetelefone', 'phonenumber'],
  email: ['email', 'mail', 'correioeletronico', 'emailaddress'],
};

/** A cell as text: numbers without exponent or decimals (a phone typed as a number), dates as ISO. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  if (value instanceof Date) return value.toISOString();
  return String(value).trim();
}

/**
 * Reads the first sheet of an .xls or .xlsx (SheetJS, `@e965/xlsx`; docs/adr/012): the header row
 * names the columns nome / numero / email in their usual spellings (Nome, Número, E-mail, Telefone,
 * ...); answers the non-blank rows after it. Only the first sheet is parsed; formulas, styles, HTML
 * and macros are not read; at most IMPORT_MAX_ROWS rows.
 */
export function readContactSheet(data: Buffer): SheetRow[] {
  const kind = spreadsheetKind(data);
  if (!kind) throw new SpreadsheetError('o arquivo não é uma planilha .xls ou .xlsx');
  if (kind === 'xlsx' && inflatedSize(data) > XLSX_MAX_INFLATED_BYTES) throw new SpreadsheetError('planilha grande demais');
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(data, {
      type: 'buffer',
      sheets: 0,
      sheetRows: IMPORT_MAX_ROWS + 2,
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellNF: false,
      cellDates: true,
      bookVBA: false,
      bookDeps: false,
      bookFiles: false,
      WTF: false,
    });
  } catch {
    throw new SpreadsheetError('não foi possível ler a planilha');
  }
  const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
  if (!sheet || !sheet['!ref']) throw new SpreadsheetError('a primeira aba da planilha está vazia');
  const firstRow = XLSX.utils.decode_range(sheet['!ref']).s.r;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, blankrows: true, defval: null });
  const header = (rows[0] ?? []).map(headerKey);
  const columnOf = (field: keyof typeof COLUMN_NAMES): number => header.findIndex((key) => COLUMN_NAMES[field].includes(key));
  const columns = { name: columnOf('name'), number: columnOf('number'), email: columnOf('email') };
  if (columns.number < 0) throw new SpreadsheetError('a primeira linha não tem a coluna "numero"');
  if (rows.length - 1 > IMPORT_MAX_ROWS) throw new SpreadsheetError(`a planilha tem mais de ${IMPORT_MAX_ROWS} linhas`);
  const out: SheetRow[] = [];
  rows.slice(1).forEach((cells, index) => {
    const at = (column: number): string => (column < 0 ? '' : cellText(cells?.[column]));
    const row = { line: firstRow + index + 2, name: at(columns.name), number: at(columns.number), email: at(columns.email) };
    if (row.name || row.number || row.email) out.push(row);
  });
  return out;
}
