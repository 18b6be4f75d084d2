import { assertEditable, editability, statusAfterSave, variantsOf } from './campaign-rules.js';
import { fillCampaignVariables } from './message-body.js';
import { nextTurn, turnTakenAt } from './pacing.js';

const now = new Date('2026-01-10T12:00:00Z');
const at = (ms: number): Date => new Date(now.getTime() + ms);

describe('campaign editability (spec 001 section 4)', () => {
  it('allows everything while INATIVA or PROGRAMADA more than an hour ahead, messages only when CANCELADA, nothing otherwise', () => {
    expect(editability({ status: 'INATIVA', scheduledAt: null }, now)).toBe('all');
    expect(editability({ status: 'PROGRAMADA', scheduledAt: at(3_600_001) }, now)).toBe('all');
    expect(editability({ status: 'PROGRAMADA', scheduledAt: at(3_600_000) }, now)).toBe('none');
    expect(editability({ status: 'CANCELADA', scheduledAt: null }, now)).toBe('messages');
    expect(editability({ status: 'EM_ANDAMENTO', scheduledAt: null }, now)).toBe('none');
    expect(editability({ status: 'FINALIZADA', scheduledAt: null }, now)).toBe('none');
  });

  it('refuses changed read-only fields but not the same values sent back', () => {
    const cancelled = { status: 'CANCELADA' as const, scheduledAt: at(-1000), name: 'Black Friday', message1: 'Oi', whatsappId: 3 };
    expect(() =>
      assertEditable(cancelled, { name: 'Black Friday', message1: 'Olá {nome}', whatsappId: 3, scheduledAt: at(-1000) }, now),
    ).not.toThrow();
    expect(() => assertEditable(cancelled, { name: 'Outro nome' }, now)).toThrow(
      expect.objectContaining({ code: 'ERR_CAMPAIGN_NOT_EDITABLE' }),
    );
    const running = { status: 'EM_ANDAMENTO' as const, scheduledAt: null, message1: 'Oi' };
    expect(() => assertEditable(running, { message1: 'Mudou' }, now)).toThrow(
      expect.objectContaining({ code: 'ERR_CAMPAIGN_NOT_EDITABLE' }),
    );
  });

  it('saving sets INATIVA or PROGRAMADA from scheduledAt, other states keep theirs', () => {
    expect(statusAfterSave('INATIVA', at(10))).toBe('PROGRAMADA');
    expect(statusAfterSave('PROGRAMADA', null)).toBe('INATIVA');
    expect(statusAfterSave('CANCELADA', at(10))).toBe('CANCELADA');
  });

  it('rotates only the filled messages', () => {
    expect(variantsOf({ message1: 'a', message2: null, message3: '  ', message4: 'd', message5: null })).toEqual([1, 4]);
  });
});

describe('campaign variables', () => {
  it('fills {nome}, {numero}, {email} and custom variables, leaving unknown ones', () => {
    const text = fillCampaignVariables(
      'Oi {nome} ({numero}, {email}) — cupom {cupom} {outra}',
      { name: 'Ana', number: '5511999990000', email: null },
      [{ key: 'cupom', value: 'BF10' }],
    );
    expect(text).toBe('Oi Ana (5511999990000, ) — cupom BF10 {outra}');
  });
});

describe('pacing', () => {
  const settings = { messageInterval: 5, longerIntervalAfter: 3, greaterInterval: 60 };
  it('waits messageInterval after each send, greaterInterval after every longerIntervalAfter sends', () => {
    expect(nextTurn(null, settings)).toEqual({ at: 0, gapMs: 5000 });
    expect(nextTurn({ lastAt: 1000, count: 1 }, settings)).toEqual({ at: 6000, gapMs: 5000 });
    expect(nextTurn({ lastAt: 1000, count: 3 }, settings)).toEqual({ at: 61_000, gapMs: 60_000 });
    expect(nextTurn({ lastAt: 1000, count: 3 }, { ...settings, longerIntervalAfter: 0 })).toEqual({ at: 6000, gapMs: 5000 });
  });

  it('records a turn at its due time when taken late by less than a gap, else one gap before it was taken; the first when taken', () => {
    expect(turnTakenAt({ at: 6000, gapMs: 5000 }, 6040)).toBe(6000);
    expect(turnTakenAt({ at: 6000, gapMs: 5000 }, 30_000)).toBe(25_000);
    expect(turnTakenAt({ at: 0, gapMs: 5000 }, 30_000)).toBe(30_000);
  });
});
