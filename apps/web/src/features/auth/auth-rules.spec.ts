import 'reflect-metadata';
import { STRONG_PASSWORD as CONTRACT_RULE } from '@atrium/contracts/identity/dto.js';
import dayjs from 'dayjs';
import { STRONG_PASSWORD } from './password-rule';
import { subscriptionDaysLeft, subscriptionState } from './subscription';

describe('password rule of the reset screen', () => {
  it('is the contracts rule', () => {
    expect(STRONG_PASSWORD.source).toBe(CONTRACT_RULE.source);
  });

  it.each([
    ['Abcdefg1', true],
    ['abcdefg1', false],
    ['ABCDEFG1', false],
    ['Abcdefgh', false],
    ['Abcde1', false],
  ])('%s → %s', (password, valid) => {
    expect(STRONG_PASSWORD.test(password)).toBe(valid);
  });
});

describe('subscription state at login', () => {
  const today = dayjs('2025-06-10').toDate();
  it.each([
    [null, { kind: 'ok' }],
    ['2025-06-20', { kind: 'ok' }],
    ['2025-06-15', { kind: 'ok' }],
    ['2025-06-14', { kind: 'expiring', days: 4 }],
    ['2025-06-10', { kind: 'expiring', days: 0 }],
    ['2025-06-09', { kind: 'expired' }],
  ])('due %s', (dueDate, state) => {
    expect(subscriptionState({ dueDate }, today)).toEqual(state);
  });
});

describe("trial days left on the platform's calendar", () => {
  const saoPaulo = 'America/Sao_Paulo';
  // signup gives the due date "today + 3" on the platform's calendar (identity CompanyCalendar)
  it.each([
    ['22:30 in São Paulo, already the next day in UTC', '2025-06-10T01:30:00Z', '2025-06-12', 3],
    ['just before midnight in São Paulo', '2025-06-10T02:59:59Z', '2025-06-12', 3],
    ['just after midnight in São Paulo', '2025-06-10T03:00:01Z', '2025-06-13', 3],
    ['00:30 in São Paulo', '2025-06-10T03:30:00Z', '2025-06-13', 3],
    ['on the due date itself', '2025-06-13T02:00:00Z', '2025-06-12', 0],
  ])('%s', (_, now, dueDate, days) => {
    expect(subscriptionDaysLeft({ dueDate, calendarTimeZone: saoPaulo }, new Date(now))).toBe(days);
    expect(subscriptionState({ dueDate, calendarTimeZone: saoPaulo }, new Date(now))).toEqual({ kind: 'expiring', days });
  });

  it("the day after the due date on that calendar is expired, whatever the browser's day", () => {
    // 23:30 of 06-13 in São Paulo; 02:30 of 06-14 in UTC and later in Asia
    expect(subscriptionState({ dueDate: '2025-06-12', calendarTimeZone: saoPaulo }, new Date('2025-06-14T02:30:00Z'))).toEqual({
      kind: 'expired',
    });
    expect(subscriptionState({ dueDate: '2025-06-13', calendarTimeZone: saoPaulo }, new Date('2025-06-14T02:30:00Z'))).toEqual({
      kind: 'expiring',
      days: 0,
    });
  });

  it("an unknown zone falls back to the browser's day instead of failing the login", () => {
    expect(subscriptionDaysLeft({ dueDate: dayjs().add(3, 'day').format('YYYY-MM-DD'), calendarTimeZone: 'Mars/Olympus' })).toBe(3);
  });
});
