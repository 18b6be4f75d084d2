import type {
  AppMessageEventPayload,
  ContactEventPayload,
  ContactView,
  TicketEventPayload,
  TicketStatus,
  TicketView,
} from '@atrium/contracts';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { contactsApi } from '../contacts/api/contacts.api';
import { messagesApi } from '../messages/api/messages.api';
import { belongsToConversation, replaceMessage, upsertMessage } from '../messages/message-cache-rules';
import { ticketsApi } from './api/tickets.api';
import { applyToList, markReadInList, removeFromList } from './ticket-list-rules';

type CacheThunk = ThunkAction<void, RootState, unknown, UnknownAction>;

/**
 * A ticket changed (live event or the answer of our own call): every cached ticket list, the
 * ticket's own cache and its conversation follow, without asking the server again.
 * `toTop`: a new message, which moves the ticket to the top of its lists.
 */
export function ticketChanged(ticket: TicketView, toTop = false): CacheThunk {
  return (dispatch, getState) => {
    const state = getState();
    const viewer = state.auth.user;
    if (!viewer) return;
    for (const filter of ticketsApi.util.selectCachedArgsForQuery(state, 'ticketsPage')) {
      dispatch(ticketsApi.util.updateQueryData('ticketsPage', filter, (draft) => applyToList(draft, ticket, filter, viewer, toTop)));
    }
    for (const key of ticketsApi.util.selectCachedArgsForQuery(state, 'ticket')) {
      if (key === String(ticket.id) || key === ticket.uuid) dispatch(ticketsApi.util.updateQueryData('ticket', key, () => ticket));
    }
    for (const ticketId of messagesApi.util.selectCachedArgsForQuery(state, 'messagesPage')) {
      if (ticketId !== ticket.id) continue;
      dispatch(
        messagesApi.util.updateQueryData('messagesPage', ticketId, (draft) => {
          for (const page of draft.pages) page.ticket = ticket;
        }),
      );
    }
  };
}

/**
 * A ticket left some lists. `fromStatus` (a status change, announced before the ticket's update):
 * only the lists of that status drop it; the update that follows puts it where it now belongs and
 * leaves it in the lists it still matches (a search).
 */
export function ticketRemoved(ticketId: number, fromStatus?: TicketStatus): CacheThunk {
  return (dispatch, getState) => {
    for (const filter of ticketsApi.util.selectCachedArgsForQuery(getState(), 'ticketsPage')) {
      if (fromStatus && filter.status !== fromStatus) continue;
      dispatch(ticketsApi.util.updateQueryData('ticketsPage', filter, (draft) => removeFromList(draft, ticketId)));
    }
  };
}

export function ticketRead(ticketId: number): CacheThunk {
  return (dispatch, getState) => {
    for (const filter of ticketsApi.util.selectCachedArgsForQuery(getState(), 'ticketsPage')) {
      dispatch(ticketsApi.util.updateQueryData('ticketsPage', filter, (draft) => markReadInList(draft, ticketId, filter)));
    }
  };
}

/** `company-{id}-ticket`. */
export function ticketEventReceived(event: TicketEventPayload): CacheThunk {
  return (dispatch) => {
    if (event.action === 'update') dispatch(ticketChanged(event.ticket));
    else if (event.action === 'delete') dispatch(ticketRemoved(event.ticketId, event.fromStatus));
    else if (event.action === 'updateUnread') dispatch(ticketRead(event.ticketId));
  };
}

/** `company-{id}-appMessage`: the conversations showing it and the ticket's lists follow. */
export function messageEventReceived(event: AppMessageEventPayload): CacheThunk {
  return (dispatch, getState) => {
    const state = getState();
    for (const ticketId of messagesApi.util.selectCachedArgsForQuery(state, 'messagesPage')) {
      const shown = messagesApi.endpoints.messagesPage.select(ticketId)(state).data?.pages[0]?.ticket;
      if (!shown || !belongsToConversation(event.ticket, shown)) continue;
      dispatch(
        messagesApi.util.updateQueryData('messagesPage', ticketId, (draft) =>
          event.action === 'create' ? upsertMessage(draft, event.message) : replaceMessage(draft, event.message),
        ),
      );
    }
    dispatch(ticketChanged(event.ticket, event.action === 'create'));
  };
}

function withContact(ticket: TicketView, contact: ContactView): TicketView {
  return ticket.contactId === contact.id ? { ...ticket, contact } : ticket;
}

/** `company-{id}-contact`: contact lists, and the tickets that show the contact. */
export function contactEventReceived(event: ContactEventPayload): CacheThunk {
  return (dispatch, getState) => {
    const state = getState();
    if (event.action === 'create') {
      dispatch(contactsApi.util.invalidateTags(['Contacts']));
      return;
    }
    for (const search of contactsApi.util.selectCachedArgsForQuery(state, 'contactsPage')) {
      dispatch(
        contactsApi.util.updateQueryData('contactsPage', search, (draft) => {
          for (const page of draft.pages) {
            const index = page.contacts.findIndex(
              (contact) => contact.id === (event.action === 'delete' ? event.contactId : event.contact.id),
            );
            if (index < 0) continue;
            if (event.action === 'delete') {
              page.contacts.splice(index, 1);
              page.count = Math.max(0, page.count - 1);
            } else page.contacts[index] = event.contact;
          }
        }),
      );
    }
    if (event.action === 'delete') return;
    dispatch(contactsApi.util.updateQueryData('contact', event.contact.id, () => event.contact));
    for (const filter of ticketsApi.util.selectCachedArgsForQuery(state, 'ticketsPage')) {
      dispatch(
        ticketsApi.util.updateQueryData('ticketsPage', filter, (draft) => {
          for (const page of draft.pages) page.tickets = page.tickets.map((ticket) => withContact(ticket, event.contact));
        }),
      );
    }
    for (const key of ticketsApi.util.selectCachedArgsForQuery(state, 'ticket')) {
      dispatch(ticketsApi.util.updateQueryData('ticket', key, (draft) => withContact(draft, event.contact)));
    }
  };
}
