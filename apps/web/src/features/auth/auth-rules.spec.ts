import 'reflect-metadata';
import { STRONG_PASSWORD as CONTRACT_RULE } from '@atrium/contracts/identity/dto.js';
import dayjs from 'dayjs';
import { STRONG_PASSWORD } from './password-rule';
import { subscriptionState } from './subscription';

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
  const today = dayjs('2025-06-10');
  it.each([
    [null, { kind: 'ok' }],
    ['2025-06-20', { kind: 'ok' }],
    ['2025-06-15', { kind: 'ok' }],
    ['2025-06-14', { kind: 'expiring', days: 4 }],
    ['2025-06-10', { kind: 'expiring', days: 0 }],
    ['2025-06-09', { kind: 'expired' }],
  ])('due %s', (dueDate, state) => {
    expect(subscriptionState(dueDate, today)).toEqual(state);
  });
});
