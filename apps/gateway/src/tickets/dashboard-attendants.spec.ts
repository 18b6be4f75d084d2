import type { DashboardAttendantView } from '@atrium/contracts';
import { attendantsTable } from './dashboard-attendants.js';

const measured = (id: number, name: string, tickets: number): DashboardAttendantView => ({
  id,
  name,
  online: false,
  tickets,
  rating: 2.5,
  avgSupportTime: 10,
  avgFirstResponseTime: 3,
  medianResolutionTime: 12,
  p90ResolutionTime: 20,
});

describe('attendantsTable', () => {
  it("lists every user by name with identity's name and online flag, empty figures for those without tickets", () => {
    const table = attendantsTable(
      [measured(2, 'old name', 4)],
      [
        { id: 2, name: 'Zoe', online: true },
        { id: 1, name: 'Ana', online: false },
      ],
    );
    expect(table).toEqual([
      {
        id: 1,
        name: 'Ana',
        online: false,
        tickets: 0,
        rating: null,
        avgSupportTime: null,
        avgFirstResponseTime: null,
        medianResolutionTime: null,
        p90ResolutionTime: null,
      },
      { ...measured(2, 'Zoe', 4), online: true },
    ]);
  });

  it('keeps users identity no longer has when they handled tickets, offline', () => {
    expect(attendantsTable([measured(9, 'Gone', 3), measured(8, 'Idle', 0)], [])).toEqual([measured(9, 'Gone', 3)]);
  });
});
