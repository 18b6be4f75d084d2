import dayjs from 'dayjs';
import { dueDateTone, extendDueDate } from './due-date';

describe('company due dates (spec 001 section 4)', () => {
  const today = dayjs('2025-06-10');
  const inDays = (days: number) => today.add(days, 'day').format('YYYY-MM-DD');

  it.each([
    [6, null],
    [5, 'yellow'],
    [4, 'orange'],
    [0, 'orange'],
    [-3, 'orange'],
    [-4, 'red'],
    [-30, 'red'],
  ])('%i days ahead is %s', (days, tone) => {
    expect(dueDateTone(inDays(days), today)).toBe(tone);
  });

  it('has no colour without a due date', () => {
    expect(dueDateTone(null, today)).toBeNull();
  });

  it.each([
    ['MENSAL', '2025-06-30'],
    ['BIMESTRAL', '2025-07-31'],
    ['TRIMESTRAL', '2025-08-31'],
    ['SEMESTRAL', '2025-11-30'],
    ['ANUAL', '2026-05-31'],
  ] as const)("'+ Vencimento' adds the %s interval", (recurrence, expected) => {
    expect(extendDueDate('2025-05-31', recurrence, today)).toBe(expected);
  });

  it("'+ Vencimento' starts from today when there is no due date", () => {
    expect(extendDueDate(null, 'MENSAL', today)).toBe('2025-07-10');
  });
});
