// Writes apps/web/public/planilha.xlsx, the example spreadsheet of the contact-list import
// (spec 001 "Contact lists": download of example spreadsheet): the header nome / numero / email
// and two sample rows. Run after changing it: `node tools/make-planilha.mjs`.
import { writeFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';

const rows = [
  ['nome', 'numero', 'email'],
  ['Maria Silva', '5511999990001', 'maria@exemplo.com.br'],
  ['João Souza', '5521988880002', ''],
];
const book = XLSX.utils.book_new();
const sheet = XLSX.utils.aoa_to_sheet(rows);
sheet['!cols'] = [{ wch: 24 }, { wch: 18 }, { wch: 28 }];
XLSX.utils.book_append_sheet(book, sheet, 'Contatos');
writeFileSync(
  new URL('../apps/web/public/planilha.xlsx', import.meta.url),
  XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }),
);
