import { DEFAULT_QUEUE_COLOR, nextQueueColor, QUEUE_COLORS } from './queue-colors';

describe('nextQueueColor', () => {
  it('offers the default colour to the first queue', () => {
    expect(nextQueueColor([])).toBe(DEFAULT_QUEUE_COLOR);
  });

  it('offers the next unused preset when the default is taken, whatever its case', () => {
    expect(nextQueueColor(['#1273DE'])).toBe('#004dcf');
    expect(nextQueueColor(['#1273de', '#004dcf', '#5300eb'])).toBe('#eb9694');
  });

  it('goes round the list past its end', () => {
    const afterDefault = QUEUE_COLORS.slice(QUEUE_COLORS.indexOf(DEFAULT_QUEUE_COLOR));
    expect(nextQueueColor(afterDefault)).toBe(QUEUE_COLORS[0]);
  });

  it('falls back to the default when every preset is used', () => {
    expect(nextQueueColor([...QUEUE_COLORS])).toBe(DEFAULT_QUEUE_COLOR);
  });
});
