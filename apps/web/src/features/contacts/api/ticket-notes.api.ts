import type { TicketNoteView } from '@atrium/contracts';
import { api } from '../../../shared/api/api';

export interface TicketNoteInput {
  note: string;
  ticketId: number;
  contactId: number;
  /** Colleagues named with @ (they are notified). */
  mentions?: number[];
}

/** Internal notes of a ticket's contact (spec 000 section 7). */
export const ticketNotesApi = api.injectEndpoints({
  endpoints: (build) => ({
    ticketNotes: build.query<TicketNoteView[], { ticketId: number; contactId: number }>({
      query: (params) => ({ url: '/ticket-notes/list', params }),
      providesTags: ['TicketNotes'],
    }),
    addTicketNote: build.mutation<TicketNoteView, TicketNoteInput>({
      query: (body) => ({ url: '/ticket-notes', method: 'POST', body }),
      invalidatesTags: ['TicketNotes'],
    }),
    deleteTicketNote: build.mutation<unknown, number>({
      query: (id) => ({ url: `/ticket-notes/${id}`, method: 'DELETE' }),
      invalidatesTags: ['TicketNotes'],
    }),
  }),
});

export const { useTicketNotesQuery, useAddTicketNoteMutation, useDeleteTicketNoteMutation } = ticketNotesApi;
