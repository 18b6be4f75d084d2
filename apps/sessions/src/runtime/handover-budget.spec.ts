import { HandoverBudget } from './handover-budget.js';

describe('HandoverBudget', () => {
  it('allows perMinute handovers per minute, at most one sweep’s worth at once', () => {
    const budget = new HandoverBudget(120, 5000, 0);
    expect(budget.available(0)).toBe(0);
    // After a long pause the bucket holds one sweep's worth: 120/min × 5 s = 10.
    expect(budget.available(600_000)).toBe(10);
    budget.spend(10);
    expect(budget.available(600_000)).toBe(0);
    // 2 per second after that.
    expect(budget.available(601_000)).toBe(2);
    budget.spend(2);
    expect(budget.available(601_499)).toBe(0);
    expect(budget.available(601_500)).toBe(1);
  });

  it('keeps a burst of one when a sweep is shorter than one handover’s time', () => {
    const budget = new HandoverBudget(60, 500, 0);
    expect(budget.available(10_000)).toBe(1);
    budget.spend(1);
    expect(budget.available(10_500)).toBe(0);
    expect(budget.available(11_000)).toBe(1);
  });

  it('never allows a handover when the rate is 0', () => {
    const budget = new HandoverBudget(0, 5000, 0);
    expect(budget.available(3_600_000)).toBe(0);
  });
});
