import type { TicketNoteView, TicketView } from '@atrium/contracts';
import { useAppDispatch } from '../../../app/hooks';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { ticketNotesApi, useTicketNotesQuery } from '../../contacts/api/ticket-notes.api';
import { socketEvents } from '../../realtime/realtime-events';
import { useSocketEvent } from '../../realtime/socket.context';

/** A ticket's private notes for its conversation, kept live: a note added or deleted by anyone refetches them. */
export function useTicketNotes(ticket: Pick<TicketView, 'id' | 'contactId'>, skip = false): TicketNoteView[] {
  const dispatch = useAppDispatch();
  const user = useSessionUser();
  const { data } = useTicketNotesQuery({ ticketId: ticket.id, contactId: ticket.contactId }, { skip });
  useSocketEvent(skip ? null : socketEvents.ticketNote(user.companyId), (event) => {
    const ticketId = event.action === 'create' ? event.note.ticketId : event.ticketId;
    if (ticketId === ticket.id) dispatch(ticketNotesApi.util.invalidateTags(['TicketNotes']));
  });
  return skip ? [] : (data ?? []);
}
