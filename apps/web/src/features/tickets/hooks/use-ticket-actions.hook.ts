import type { TicketView, UpdateTicketDto } from '@atrium/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { toastError } from '../../../shared/notify/error-popup';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { useUpdateTicketMutation } from '../api/tickets.api';
import { ticketChanged } from '../ticket-cache';

export interface TicketActions {
  /** The id of the ticket a call is under way for. */
  busyId: number | null;
  accept: (ticket: TicketView) => Promise<TicketView | null>;
  returnToPending: (ticket: TicketView) => Promise<TicketView | null>;
  resolve: (ticket: TicketView) => Promise<TicketView | null>;
  reopen: (ticket: TicketView) => Promise<TicketView | null>;
  update: (ticket: TicketView, body: UpdateTicketDto) => Promise<TicketView | null>;
}

/**
 * The status transitions of spec 000 section 4, all PUT /tickets/{id}: accept (open, assigned to
 * me, then shown), return (pending, nobody; back to /tickets), resolve (closed with my id and the
 * queue; back to /tickets), reopen (open for me, queue kept; stays shown).
 */
export function useTicketActions(): TicketActions {
  const user = useSessionUser();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [updateTicket] = useUpdateTicketMutation();
  const [busyId, setBusyId] = useState<number | null>(null);

  const update = async (ticket: TicketView, body: UpdateTicketDto): Promise<TicketView | null> => {
    setBusyId(ticket.id);
    try {
      const updated = await updateTicket({ id: ticket.id, ...body }).unwrap();
      dispatch(ticketChanged(updated));
      return updated;
    } catch (error) {
      toastError(error);
      return null;
    } finally {
      setBusyId(null);
    }
  };

  return {
    busyId,
    update,
    accept: async (ticket) => {
      const updated = await update(ticket, { status: 'open', userId: user.id });
      if (updated) navigate(`/tickets/${updated.uuid}`);
      return updated;
    },
    returnToPending: async (ticket) => {
      const updated = await update(ticket, { status: 'pending', userId: null });
      if (updated) navigate('/tickets');
      return updated;
    },
    resolve: async (ticket) => {
      const updated = await update(ticket, { status: 'closed', userId: user.id, queueId: ticket.queueId });
      if (updated) navigate('/tickets');
      return updated;
    },
    // the reopened ticket stays (or becomes) the one shown
    reopen: async (ticket) => {
      const updated = await update(ticket, { status: 'open', userId: user.id, queueId: ticket.queueId });
      if (updated) navigate(`/tickets/${updated.uuid}`);
      return updated;
    },
  };
}
