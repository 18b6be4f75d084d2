import type { DashboardAttendantView } from '@atrium/contracts';
import { attendantsCsv, chartRangeOf, dayChartPoints, defaultRange, filterOf, formatDuration } from './dashboard-figures';

const attendant = (overrides: Partial<DashboardAttendantView>): DashboardAttendantView => ({
  id: 1,
  name: 'Ana',
  online: true,
  tickets: 2,
  rating: 2,
  avgSupportTime: 45,
  avgFirstResponseTime: 22.5,
  medianResolutionTime: 60,
  p90ResolutionTime: 76,
  ...overrides,
});

describe('dashboard figures', () => {
  it('shows minutes as HHh MMm, rounded to the minute', () => {
    expect(formatDuration(0)).toBe('00h 00m');
    expect(formatDuration(16.25)).toBe('00h 16m');
    expect(formatDuration(22.5)).toBe('00h 23m');
    expect(formatDuration(179)).toBe('02h 59m');
    expect(formatDuration(1500)).toBe('25h 00m');
    expect(formatDuration(null)).toBe('-');
  });

  it('defaults to the first of the month to today; a period wins over dates; neither asks for a filter', () => {
    expect(defaultRange('2026-03-10')).toEqual({ from: '2026-03-01', to: '2026-03-10' });
    expect(filterOf(7, '2026-03-01', '2026-03-10')).toEqual({ days: 7 });
    expect(filterOf(null, '2026-03-01', '2026-03-10')).toEqual({ from: '2026-03-01', to: '2026-03-10' });
    expect(filterOf(null, '2026-03-01', null)).toBeNull();
    expect(filterOf(null, null, null)).toBeNull();
  });

  it('gives the charts the same days as the cards', () => {
    expect(chartRangeOf({ days: 3 }, '2026-03-01')).toEqual({ initialDate: '2026-02-27', finalDate: '2026-03-01' });
    expect(chartRangeOf({ from: '2026-03-01', to: '2026-03-10' }, '2026-03-20')).toEqual({
      initialDate: '2026-03-01',
      finalDate: '2026-03-10',
    });
  });

  it('labels hours and days on the per-day chart', () => {
    expect(dayChartPoints({ data: [{ horario: '09', total: 2 }], count: 2 })).toEqual([{ label: '09h', total: 2 }]);
    expect(dayChartPoints({ data: [{ data: '2026-03-10', total: 6 }], count: 6 })).toEqual([{ label: '10/03', total: 6 }]);
  });

  it('exports the attendants table as CSV, quoting what needs it', () => {
    const csv = attendantsCsv(
      [attendant({}), attendant({ id: 2, name: 'Silva, "Bruno"', online: false, rating: null, avgSupportTime: null })],
      ['Nome', 'Tickets', 'Avaliação', 'T', 'P', 'M', 'P90', 'Status'],
      (online) => (online ? 'Online' : 'Offline'),
    );
    expect(csv).toBe(
      'Nome,Tickets,Avaliação,T,P,M,P90,Status\r\n' +
        'Ana,2,2.00,00h 45m,00h 23m,01h 00m,01h 16m,Online\r\n' +
        '"Silva, ""Bruno""",2,,-,00h 23m,01h 00m,01h 16m,Offline\r\n',
    );
  });
});
