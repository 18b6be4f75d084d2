import type { IdentityConfig } from '../config.js';
import { CompanyCalendar } from './dates.js';

describe('subscription dates', () => {
  const saoPaulo = new CompanyCalendar({ TIME_ZONE: 'America/Sao_Paulo' } as IdentityConfig);
  // 21:30 in São Paulo on 10 March is already 11 March in UTC
  const evening = new Date('2026-03-11T00:30:00Z');

  it('reads today on the platform’s calendar, not UTC’s', () => {
    expect(saoPaulo.today(evening)).toBe('2026-03-10');
  });

  it('keeps a company working through its due date, and past due the day after', () => {
    expect(saoPaulo.isPastDue('2026-03-10', evening)).toBe(false);
    expect(saoPaulo.isPastDue('2026-03-09', evening)).toBe(true);
    expect(saoPaulo.isPastDue(null, evening)).toBe(false);
  });

  it('counts days across month ends', () => {
    expect(saoPaulo.daysFromToday(3, evening)).toBe('2026-03-13');
  });
});
