import { nextDueDate } from './recurrence.js';

describe('nextDueDate', () => {
  it('moves by the recurrence', () => {
    expect(nextDueDate('2026-01-15', 'MENSAL')).toBe('2026-02-15');
    expect(nextDueDate('2026-11-10', 'BIMESTRAL')).toBe('2027-01-10');
    expect(nextDueDate('2026-05-01', 'TRIMESTRAL')).toBe('2026-08-01');
    expect(nextDueDate('2026-09-30', 'SEMESTRAL')).toBe('2027-03-30');
    expect(nextDueDate('2028-02-29', 'ANUAL')).toBe('2029-02-28');
  });

  it('keeps the day inside shorter months', () => {
    expect(nextDueDate('2026-01-31', 'MENSAL')).toBe('2026-02-28');
    expect(nextDueDate('2026-03-31', 'MENSAL')).toBe('2026-04-30');
  });
});
