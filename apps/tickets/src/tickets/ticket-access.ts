import { AppError, canSeeTicket, ErrorCode, type TicketViewer } from '@atrium/contracts';
import type { TicketRow } from './tickets.repository.js';

/** ERR_NO_TICKET_FOUND for a missing ticket, ERR_NO_PERMISSION ('Acesso não permitido') for one the viewer may not see. */
export function assertCanSee(viewer: TicketViewer, ticket: TicketRow | undefined): TicketRow {
  if (!ticket) throw new AppError(ErrorCode.ERR_NO_TICKET_FOUND);
  if (!canSeeTicket(viewer, ticket)) throw new AppError(ErrorCode.ERR_NO_PERMISSION);
  return ticket;
}
