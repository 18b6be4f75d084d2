import { EyeOutlined, RobotOutlined } from '@ant-design/icons';
import type { TicketView } from '@atrium/contracts';
import { Avatar, Badge, Button, Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsNarrow } from '../../../shared/hooks/use-media-query.hook';
import { can } from '../../../shared/permissions/permissions';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { lastMessageText, listName, listTime } from '../ticket-format';

export interface TicketListItemProps {
  ticket: TicketView;
  selected: boolean;
  busy: boolean;
  onOpen: (ticket: TicketView) => void;
  onAccept: (ticket: TicketView) => void;
  onResolve: (ticket: TicketView) => void;
  onReopen: (ticket: TicketView) => void;
  onPeek: (ticket: TicketView) => void;
}

/**
 * One ticket of the list (spec 000 section 2): queue colour stripe, picture, name, chatbot icon,
 * last message, connection, user, queue or 'SEM FILA', tags, unread count, time, and the
 * Accept / Finalizar / Reabrir buttons; pending tickets do not open on click; admins may peek.
 */
export function TicketListItem({ ticket, selected, busy, onOpen, onAccept, onResolve, onReopen, onPeek }: TicketListItemProps) {
  const { t } = useTranslation('tickets');
  const user = useSessionUser();
  const narrow = useIsNarrow();
  const pending = ticket.status === 'pending';
  const open = () => {
    if (!pending) onOpen(ticket);
  };
  return (
    <div
      className={`ticket-item ${selected ? 'ticket-item-selected' : ''} ${pending ? 'ticket-item-pending' : ''}`}
      role="listitem"
      data-testid={`ticket-${ticket.id}`}
      data-status={ticket.status}
      onClick={open}
      onKeyDown={(event) => event.key === 'Enter' && open()}
      tabIndex={pending ? -1 : 0}
    >
      <span
        className="ticket-item-stripe"
        style={{ background: ticket.queue?.color ?? 'var(--ant-color-fill-secondary)' }}
        title={ticket.queue?.name ?? t('item.noQueue')}
      />
      <Avatar size={44} src={ticket.contact.profilePicUrl || undefined} className="ticket-item-avatar">
        {ticket.contact.name.charAt(0).toUpperCase()}
      </Avatar>
      <div className="ticket-item-body">
        <Flex justify="space-between" align="center" gap={6}>
          <Typography.Text strong ellipsis className="ticket-item-name" title={ticket.contact.name}>
            {listName(ticket.contact.name, narrow)}
            {ticket.chatbot ? (
              <Tooltip title={t('item.chatbot')}>
                <RobotOutlined className="ticket-item-bot" aria-label={t('item.chatbot')} />
              </Tooltip>
            ) : null}
          </Typography.Text>
          <Typography.Text type="secondary" className="ticket-item-time">
            {listTime(ticket.updatedAt)}
          </Typography.Text>
        </Flex>
        <Flex justify="space-between" align="center" gap={6}>
          <Typography.Text type="secondary" ellipsis className="ticket-item-last">
            {lastMessageText(ticket, t('item.location'))}
          </Typography.Text>
          {ticket.unreadMessages > 0 ? (
            <Badge count={ticket.unreadMessages} color="var(--ant-color-success)" data-testid="ticket-unread" />
          ) : null}
        </Flex>
        <Flex gap={4} wrap className="ticket-item-tags">
          {ticket.whatsapp ? <Tag className="ticket-chip">{ticket.whatsapp.name}</Tag> : null}
          {ticket.user ? (
            <Tag className="ticket-chip" color="blue">
              {ticket.user.name}
            </Tag>
          ) : null}
          <Tag className="ticket-chip" color={ticket.queue?.color ?? 'default'}>
            {ticket.queue?.name ?? t('item.noQueue')}
          </Tag>
          {ticket.tags.map((tag) => (
            <Tag key={tag.id} className="ticket-chip" color={tag.color} variant="solid">
              {tag.name}
            </Tag>
          ))}
        </Flex>
        <Flex gap={6} justify="flex-end" className="ticket-item-actions" onClick={(event) => event.stopPropagation()}>
          {can(user, 'tickets-manager:showall') ? (
            <Tooltip title={t('item.peek')}>
              <Button
                size="small"
                type="text"
                icon={<EyeOutlined />}
                aria-label={t('item.peek')}
                onClick={() => onPeek(ticket)}
                data-testid={`peek-${ticket.id}`}
              />
            </Tooltip>
          ) : null}
          {pending ? (
            <Button size="small" type="primary" loading={busy} onClick={() => onAccept(ticket)} data-testid={`accept-${ticket.id}`}>
              {t('buttons.accept')}
            </Button>
          ) : null}
          {ticket.status !== 'closed' ? (
            <Button size="small" danger loading={busy} onClick={() => onResolve(ticket)} data-testid={`resolve-${ticket.id}`}>
              {t('buttons.finish')}
            </Button>
          ) : (
            <Button size="small" loading={busy} onClick={() => onReopen(ticket)} data-testid={`reopen-${ticket.id}`}>
              {t('buttons.reopen')}
            </Button>
          )}
        </Flex>
      </div>
    </div>
  );
}
