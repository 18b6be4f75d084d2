import type { TicketView } from '@atrium/contracts';
import { useDraggable } from '@dnd-kit/core';
import { Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatWhatsappText } from '../../messages/whatsapp-format';

export function cardId(ticketId: number): string {
  return `ticket-${ticketId}`;
}

/**
 * What a card shows (spec 001 "Kanban"): number, contact name and number, last message, 'Ver Ticket'.
 * The last message keeps WhatsApp's formatting as the conversation shows it (one renderer).
 */
export function KanbanCardBody({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation('kanban');
  const navigate = useNavigate();
  return (
    <>
      <Typography.Text strong className="kanban-card-title">
        #{ticket.id} · {ticket.contact.name}
      </Typography.Text>
      <Typography.Text type="secondary" className="kanban-card-number">
        {ticket.contact.number}
      </Typography.Text>
      <Typography.Paragraph ellipsis={{ rows: 2 }} className="kanban-card-message">
        {formatWhatsappText(ticket.lastMessage)}
      </Typography.Paragraph>
      <Button size="small" type="primary" onClick={() => navigate(`/tickets/${ticket.uuid}`)} data-testid={`kanban-open-${ticket.id}`}>
        {t('open')}
      </Button>
    </>
  );
}

/** A draggable card: by pointer, or focused and moved with the keyboard (see laneKeyboardCoordinates). */
export function KanbanCard({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation('kanban');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({ id: cardId(ticket.id), data: { ticket } });
  return (
    <div
      ref={(node) => {
        setNodeRef(node);
        setActivatorNodeRef(node);
      }}
      {...attributes}
      {...listeners}
      aria-roledescription={t('a11y.card')}
      aria-label={t('a11y.cardLabel', { number: ticket.id, name: ticket.contact.name })}
      className={`kanban-card${isDragging ? ' kanban-card-dragging' : ''}`}
      data-testid={`kanban-card-${ticket.id}`}
    >
      <Card size="small">
        <KanbanCardBody ticket={ticket} />
      </Card>
    </div>
  );
}
