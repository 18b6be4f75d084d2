/**
 * Pix "copia e cola" codes (BR Code: EMV QRCPS-MPM as the Banco Central do Brasil specifies it):
 * TLV fields, a dynamic single-use code pointing at a location URL, amount in reais, and the
 * CRC16-CCITT checksum in field 63 — so a bank app (or a test) can read back the amount and the
 * transaction reference.
 */

function field(id: string, value: string): string {
  if (value.length > 99) throw new Error(`BR Code field ${id} longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC16-CCITT (polynomial 0x1021, initial 0xFFFF), hex, 4 upper-case digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Upper-case ASCII without accents, as BR Code name/city fields want. */
function plain(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .-]/g, '')
    .toUpperCase()
    .slice(0, max);
}

export interface BrCodeInput {
  /** Amount in centavos. */
  amount: number;
  merchantName: string;
  merchantCity: string;
  /** Where the payer's bank fetches the charge (host/path, no scheme). */
  location: string;
  /** Transaction reference: letters and digits, at most 25. */
  reference: string;
}

export function buildBrCode(input: BrCodeInput): string {
  const payload =
    field('00', '01') +
    field('01', '12') +
    field('26', field('00', 'br.gov.bcb.pix') + field('25', input.location.slice(0, 77))) +
    field('52', '0000') +
    field('53', '986') +
    field('54', (input.amount / 100).toFixed(2)) +
    field('58', 'BR') +
    field('59', plain(input.merchantName, 25)) +
    field('60', plain(input.merchantCity, 15)) +
    field('62', field('05', input.reference));
  const withCrcId = `${payload}6304`;
  return withCrcId + crc16(withCrcId);
}

/** The top-level fields of a BR Code, or null when it is malformed or its checksum is wrong. */
export function readBrCode(code: string): { amount: number | null; reference: string | null } | null {
  const text = code.trim();
  if (text.length < 8 || crc16(text.slice(0, -4)) !== text.slice(-4).toUpperCase()) return null;
  const fields = new Map<string, string>();
  for (let i = 0; i < text.length - 8;) {
    const id = text.slice(i, i + 2);
    const length = Number(text.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length)) return null;
    fields.set(id, text.slice(i + 4, i + 4 + length));
    i += 4 + length;
  }
  const additional = fields.get('62') ?? '';
  const reference = /^05(\d{2})/.exec(additional);
  const amount = fields.get('54');
  return {
    amount: amount !== undefined && /^\d+\.\d{2}$/.test(amount) ? Math.round(Number(amount) * 100) : null,
    reference: reference ? additional.slice(4, 4 + Number(reference[1])) : null,
  };
}
