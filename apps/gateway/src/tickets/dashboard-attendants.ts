import type { DashboardAttendantView, UserView } from '@atrium/contracts';

/**
 * The attendants table: every user of the company (identity's list, with who is online now) with
 * the figures the tickets service measured for them (none: empty figures), plus users the period's
 * tickets name that identity no longer has; by name.
 */
export function attendantsTable(
  measured: DashboardAttendantView[],
  users: Pick<UserView, 'id' | 'name' | 'online'>[],
): DashboardAttendantView[] {
  const byId = new Map(measured.map((attendant) => [attendant.id, attendant]));
  const table: DashboardAttendantView[] = users.map((user) => ({
    ...(byId.get(user.id) ?? emptyAttendant(user.id)),
    id: user.id,
    name: user.name,
    online: user.online,
  }));
  const known = new Set(users.map((user) => user.id));
  for (const attendant of measured) if (!known.has(attendant.id) && attendant.tickets > 0) table.push({ ...attendant, online: false });
  return table.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

function emptyAttendant(id: number): DashboardAttendantView {
  return {
    id,
    name: '',
    online: false,
    tickets: 0,
    rating: null,
    avgSupportTime: null,
    avgFirstResponseTime: null,
    medianResolutionTime: null,
    p90ResolutionTime: null,
  };
}
