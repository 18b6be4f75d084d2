import { buildBrCode, crc16, readBrCode } from './br-code.js';

describe('Pix BR Code', () => {
  it('computes CRC16-CCITT-FALSE (check value of "123456789" is 29B1)', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  const code = buildBrCode({
    amount: 12345,
    merchantName: 'Atrium Serviços',
    merchantCity: 'São Paulo',
    location: 'pix.example/qr/abc',
    reference: 'REF123',
  });

  it('builds a dynamic code with the amount in reais, plain merchant fields and a valid checksum', () => {
    expect(code.startsWith('000201010212')).toBe(true);
    expect(code).toContain('br.gov.bcb.pix');
    expect(code).toContain('5406123.45');
    expect(code).toContain('5303986');
    expect(code).toContain('5915ATRIUM SERVICOS');
    expect(code).toContain('6009SAO PAULO');
    expect(code).toMatch(/6304[0-9A-F]{4}$/);
    expect(readBrCode(code)).toEqual({ amount: 12345, reference: 'REF123' });
  });

  it('refuses a code whose content or checksum was altered', () => {
    expect(readBrCode(code.replace('123.45', '023.45'))).toBeNull();
    expect(readBrCode(`${code.slice(0, -1)}${code.endsWith('0') ? '1' : '0'}`)).toBeNull();
    expect(readBrCode('not a code')).toBeNull();
  });
});
