import { addDays, dateIn, dayRange, startOfDay, zonedParts } from './dates.js';

describe('dates in a time zone', () => {
  it('finds when a day starts in São Paulo (UTC-3) and in UTC', () => {
    expect(startOfDay('2025-03-10', 'America/Sao_Paulo').toISOString()).toBe('2025-03-10T03:00:00.000Z');
    expect(startOfDay('2025-03-10', 'UTC').toISOString()).toBe('2025-03-10T00:00:00.000Z');
  });

  it('spans a whole day, 23 hours on a daylight-saving start', () => {
    const { from, until } = dayRange('2025-03-30', 'Europe/Lisbon');
    expect(from.toISOString()).toBe('2025-03-30T00:00:00.000Z');
    expect(until.toISOString()).toBe('2025-03-30T23:00:00.000Z');
  });

  it('spans the last day of a month into the next', () => {
    const { until } = dayRange('2025-01-31', 'UTC');
    expect(until.toISOString()).toBe('2025-02-01T00:00:00.000Z');
  });

  it('reads the wall clock of an instant', () => {
    expect(zonedParts(new Date('2025-01-02T01:30:05Z'), 'America/Sao_Paulo')).toEqual({
      year: 2025,
      month: 1,
      day: 1,
      hour: 22,
      minute: 30,
      second: 5,
    });
  });

  it('reads today in the zone, not in UTC', () => {
    // 21:30 in São Paulo on 10 March is already 11 March in UTC
    const evening = new Date('2026-03-11T00:30:00Z');
    expect(dateIn('UTC', evening)).toBe('2026-03-11');
    expect(dateIn('America/Sao_Paulo', evening)).toBe('2026-03-10');
  });

  it('counts days across month ends', () => {
    expect(addDays('2026-02-27', 3)).toBe('2026-03-02');
  });
});
