import { Inject, Injectable } from '@nestjs/common';
import {
  sameTicketScope,
  type ContactView,
  type MessageView,
  type QueueView,
  type QuickMessageView,
  type TicketNoteView,
  type TicketScope,
  type TicketView,
} from '@atrium/contracts';
import { EventBus } from '@atrium/messaging';

export function scopeOf(ticket: Pick<TicketView, 'queueId' | 'userId' | 'status'>): TicketScope {
  return { queueId: ticket.queueId, userId: ticket.userId, status: ticket.status };
}

/**
 * The live events the tickets service announces, after the change committed. Ticket and message
 * events reach only the sockets allowed to see the ticket (audience `ticket`, see canSeeTicket).
 */
@Injectable()
export class TicketsEvents {
  constructor(@Inject(EventBus) private readonly bus: EventBus) {}

  /** `company-{id}-queue` */
  queueSaved(action: 'create' | 'update', queue: QueueView): void {
    this.bus.publish({ kind: 'queue', companyId: queue.companyId, payload: { action, queue } });
  }

  queueDeleted(companyId: number, queueId: number): void {
    this.bus.publish({ kind: 'queue', companyId, payload: { action: 'delete', queueId } });
  }

  /** `company-{id}-contact` */
  contactSaved(action: 'create' | 'update', contact: ContactView): void {
    this.bus.publish({ kind: 'contact', companyId: contact.companyId, payload: { action, contact } });
  }

  contactDeleted(companyId: number, contactId: number): void {
    this.bus.publish({ kind: 'contact', companyId, payload: { action: 'delete', contactId } });
  }

  /**
   * `company-{id}-ticket` update to whoever may see the ticket now. Before it, when the change took
   * the ticket out of some users' view (`before`), those users get `delete` so their lists drop it;
   * and when the status changed, those who see it now get `delete` with `fromStatus` (the original
   * backend's emit to the old status' listeners: a list per status drops it from the old one, and
   * the update adds it to the new one). Published in this order on one connection, so every socket
   * hears the deletes first.
   */
  ticketUpdated(ticket: TicketView, before?: TicketScope): void {
    const now = scopeOf(ticket);
    if (before && !sameTicketScope(before, now)) {
      this.bus.publish({
        kind: 'ticket',
        companyId: ticket.companyId,
        payload: { action: 'delete', ticketId: ticket.id },
        audience: { ticket: before, exceptTicket: now },
      });
    }
    if (before && before.status !== now.status) {
      this.bus.publish({
        kind: 'ticket',
        companyId: ticket.companyId,
        payload: { action: 'delete', ticketId: ticket.id, fromStatus: before.status },
        audience: { ticket: now },
      });
    }
    this.bus.publish({ kind: 'ticket', companyId: ticket.companyId, payload: { action: 'update', ticket }, audience: { ticket: now } });
  }

  ticketDeleted(companyId: number, ticketId: number, scope: TicketScope): void {
    this.bus.publish({ kind: 'ticket', companyId, payload: { action: 'delete', ticketId }, audience: { ticket: scope } });
  }

  /** The unread count went back to 0 (someone opened the ticket). */
  ticketUnreadReset(ticket: TicketView): void {
    this.bus.publish({
      kind: 'ticket',
      companyId: ticket.companyId,
      payload: { action: 'updateUnread', ticketId: ticket.id },
      audience: { ticket: scopeOf(ticket) },
    });
  }

  /** `company-{id}-appMessage` */
  message(action: 'create' | 'update', message: MessageView, ticket: TicketView): void {
    this.bus.publish({
      kind: 'appMessage',
      companyId: ticket.companyId,
      payload: { action, message, ticket, contact: ticket.contact },
      audience: { ticket: scopeOf(ticket) },
    });
  }

  /** `company-{id}-ticketNote`: a note added, to whoever may see its ticket (shown inline in the conversation). */
  noteCreated(companyId: number, note: TicketNoteView, scope: TicketScope): void {
    this.bus.publish({ kind: 'ticketNote', companyId, payload: { action: 'create', note }, audience: { ticket: scope } });
  }

  noteDeleted(companyId: number, note: Pick<TicketNoteView, 'id' | 'ticketId'>, scope: TicketScope): void {
    this.bus.publish({
      kind: 'ticketNote',
      companyId,
      payload: { action: 'delete', noteId: note.id, ticketId: note.ticketId },
      audience: { ticket: scope },
    });
  }

  /** `company-{id}-mention`: to the users a note names, and to nobody else. */
  mentioned(companyId: number, userIds: number[], note: TicketNoteView, ticket: Pick<TicketView, 'id' | 'uuid' | 'contact'>): void {
    if (userIds.length === 0) return;
    this.bus.publish({
      kind: 'mention',
      companyId,
      payload: { action: 'create', note, ticket: { id: ticket.id, uuid: ticket.uuid }, contact: { name: ticket.contact.name } },
      audience: { userIds },
    });
  }

  /** `company-{id}-quickemessage`: a shared quick message to everyone, a personal one to its author. */
  quickMessageSaved(action: 'create' | 'update', record: QuickMessageView): void {
    this.bus.publish({
      kind: 'quickemessage',
      companyId: record.companyId,
      payload: { action, record },
      audience: record.geral || record.userId === null ? undefined : { userIds: [record.userId] },
    });
  }

  quickMessageDeleted(record: QuickMessageView): void {
    this.bus.publish({
      kind: 'quickemessage',
      companyId: record.companyId,
      payload: { action: 'delete', id: record.id },
      audience: record.geral || record.userId === null ? undefined : { userIds: [record.userId] },
    });
  }
}
