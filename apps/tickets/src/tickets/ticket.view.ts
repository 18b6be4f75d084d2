import type { TagRef, TicketView } from '@atrium/contracts';
import { toContactView } from '../contacts/contact.view.js';
import type { TicketRecord } from './tickets.repository.js';

export function toTicketView(record: TicketRecord): TicketView {
  const { ticket } = record;
  return {
    id: ticket.id,
    uuid: ticket.uuid,
    companyId: ticket.companyId,
    status: ticket.status,
    contactId: ticket.contactId,
    contact: toContactView(record.contact, record.contactWhatsappName),
    queueId: ticket.queueId,
    queue: record.queue,
    userId: ticket.userId,
    user: ticket.userId === null ? null : { id: ticket.userId, name: record.userName ?? '' },
    whatsappId: ticket.whatsappId,
    whatsapp: ticket.whatsappId === null ? null : { id: ticket.whatsappId, name: record.whatsappName ?? '' },
    unreadMessages: ticket.unreadMessages,
    isGroup: ticket.isGroup,
    chatbot: ticket.chatbot,
    tags: record.tags.map((tag): TagRef => ({ id: tag.id, name: tag.name, color: tag.color, kanban: tag.kanban === 1 ? 1 : 0 })),
    lastMessage: ticket.lastMessage,
    useIntegration: ticket.useIntegration,
    promptId: ticket.promptId,
    integrationId: ticket.integrationId,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
  };
}
