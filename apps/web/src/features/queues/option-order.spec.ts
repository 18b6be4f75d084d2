import { byOptionNumber, moveSteps, nextOptionNumber } from './option-order';

const options = (...numbers: number[]) => numbers.map((option, index) => ({ id: index + 10, option }));

/** Applies the steps in order and fails on a number used twice at any moment (the server's unique rule). */
function apply(siblings: { id: number; option: number }[], steps: { id: number; option: number }[]) {
  const state = new Map(siblings.map((sibling) => [sibling.id, sibling.option]));
  for (const step of steps) {
    state.set(step.id, step.option);
    const values = [...state.values()];
    expect(new Set(values).size).toBe(values.length);
  }
  return state;
}

describe('queue option order', () => {
  it('gives a new option the number after the highest, or the first free one when 99 is taken', () => {
    expect(nextOptionNumber([])).toBe(1);
    expect(nextOptionNumber(options(1, 2, 5))).toBe(6);
    expect(nextOptionNumber(options(2, 99))).toBe(1);
    expect(nextOptionNumber(options(...Array.from({ length: 99 }, (_, i) => i + 1)))).toBeNull();
  });

  it('sorts siblings by number', () => {
    expect(byOptionNumber(options(3, 1, 2)).map((o) => o.option)).toEqual([1, 2, 3]);
  });

  it('swaps an option with its neighbour through a free number, never holding one number twice', () => {
    const siblings = options(1, 2, 3);
    const down = moveSteps(siblings, 10, 1)!;
    expect(down).toHaveLength(3);
    const afterDown = apply(siblings, down);
    expect(afterDown.get(10)).toBe(2);
    expect(afterDown.get(11)).toBe(1);
    expect(afterDown.get(12)).toBe(3);

    const up = moveSteps(siblings, 12, -1)!;
    const afterUp = apply(siblings, up);
    expect(afterUp.get(12)).toBe(2);
    expect(afterUp.get(11)).toBe(3);
  });

  it('does nothing past either end and gives up when no number is free', () => {
    expect(moveSteps(options(1, 2), 10, -1)).toEqual([]);
    expect(moveSteps(options(1, 2), 11, 1)).toEqual([]);
    const full = options(...Array.from({ length: 99 }, (_, i) => i + 1));
    expect(moveSteps(full, 10, 1)).toBeNull();
  });
});
