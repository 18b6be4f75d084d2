/** Ticket statuses a socket can follow with `joinTickets` (spec 000 section 4). */
export const TICKET_STATUSES = ['open', 'pending', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/**
 * socket.io room names. Every room but the session's is namespaced by company, so a room
 * joined by one tenant's socket can never collect another tenant's traffic.
 */
export const SocketRooms = {
  company: (companyId: number) => `company:${companyId}`,
  user: (companyId: number, userId: number) => `company:${companyId}:user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  ticket: (companyId: number, ticketId: number) => `company:${companyId}:ticket:${ticketId}`,
  notification: (companyId: number) => `company:${companyId}:notification`,
  ticketStatus: (companyId: number, status: TicketStatus) => `company:${companyId}:tickets:${status}`,
} as const;
