import { maskPhone, phoneDigits } from './phone-mask';
import { maskTime } from './time-mask';

describe('masks', () => {
  it.each([
    ['', ''],
    ['1', '(1'],
    ['11', '(11'],
    ['119', '(11) 9'],
    ['1198765', '(11) 98765'],
    ['11987654', '(11) 98765-4'],
    ['11987654321', '(11) 98765-4321'],
    ['(11) 98765-43219', '(11) 98765-4321'],
  ])('phone %s → %s', (typed, shown) => {
    expect(maskPhone(typed)).toBe(shown);
  });

  it('sends the phone as at most 11 digits', () => {
    expect(phoneDigits('(11) 98765-4321 ramal 9')).toBe('11987654321');
  });

  it.each([
    ['8', '8'],
    ['0800', '08:00'],
    ['18:3', '18:3'],
    ['123456', '12:34'],
  ])('time %s → %s', (typed, shown) => {
    expect(maskTime(typed)).toBe(shown);
  });
});
