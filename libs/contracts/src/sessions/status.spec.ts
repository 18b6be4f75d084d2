import { ATTENTION_STATUSES, CONNECTION_BADGE_DELAY_MS, needsAttention, WHATSAPP_STATUSES } from './status.js';

describe("the drawer's '!' badge rule (spec 000 section 2)", () => {
  it('asks for attention when any session waits for a QR code, pairs, is disconnected, timed out or opening', () => {
    for (const status of ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const) {
      expect(needsAttention([{ status: 'CONNECTED' }, { status }])).toBe(true);
    }
  });

  it('stays quiet when every session is connected, or there is none', () => {
    expect(needsAttention([{ status: 'CONNECTED' }, { status: 'CONNECTED' }])).toBe(false);
    expect(needsAttention([])).toBe(false);
  });

  it('covers every status but CONNECTED, shown after 2000 ms', () => {
    expect([...ATTENTION_STATUSES].sort()).toEqual(WHATSAPP_STATUSES.filter((s) => s !== 'CONNECTED').sort());
    expect(CONNECTION_BADGE_DELAY_MS).toBe(2000);
  });
});
