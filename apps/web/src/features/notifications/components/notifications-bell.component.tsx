import { BellOutlined, LockOutlined } from '@ant-design/icons';
import { Avatar, Badge, Button, Empty, Flex, Popover, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { useTicketsPageInfiniteQuery, type TicketListFilter } from '../../tickets/api/tickets.api';
import { lastMessageText, listTime } from '../../tickets/ticket-format';
import { ticketsOf } from '../../tickets/ticket-list-rules';
import { useMentions } from '../hooks/use-mentions.hook';
import { useMessageAlerts } from '../hooks/use-message-alerts.hook';

/**
 * Bell with the count of tickets with unread messages; its popover lists them or 'Nenhuma
 * notificação.' (spec 000 section 2). The list is live (features/tickets/ticket-cache); a
 * customer's new message plays the sound at the stored volume. Notes that name the user (@) are
 * listed first, until the user opens them.
 */
export function NotificationsBell() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const user = useSessionUser();
  const filter: TicketListFilter = { withUnreadMessages: true, queueIds: user.queueIds };
  const { data } = useTicketsPageInfiniteQuery(filter);
  const tickets = ticketsOf(data).filter((ticket) => ticket.unreadMessages > 0);
  useMessageAlerts(user);
  const { mentions, dismiss } = useMentions(user);

  useEffect(() => {
    if (typeof window.Notification === 'undefined') console.info('notifications are not supported by this browser');
    else if (window.Notification.permission === 'default') void window.Notification.requestPermission().catch(() => undefined);
  }, []);

  const content = (
    <div className="header-popover" data-testid="notifications-popover">
      {tickets.length === 0 && mentions.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.empty')} />
      ) : (
        <Flex vertical gap={4}>
          {mentions.map((mention) => (
            <Button
              key={`mention-${mention.note.id}`}
              type="text"
              className="popover-row"
              onClick={() => {
                dismiss(mention.note.id);
                navigate(`/tickets/${mention.ticket.uuid}`);
              }}
              data-testid={`mention-${mention.note.id}`}
            >
              <Flex gap={8} align="center" style={{ width: '100%' }}>
                <Avatar icon={<LockOutlined />} />
                <Flex vertical style={{ minWidth: 0, flex: 1, textAlign: 'start' }}>
                  <Typography.Text strong ellipsis>
                    {t('notifications.mentioned', {
                      name: mention.note.user?.name ?? '',
                      ticket: mention.ticket.id,
                      contact: mention.contact.name,
                    })}
                  </Typography.Text>
                  <Typography.Text type="secondary" ellipsis>
                    {mention.note.note}
                  </Typography.Text>
                </Flex>
              </Flex>
            </Button>
          ))}
          {tickets.map((ticket) => (
            <Button
              key={ticket.id}
              type="text"
              className="popover-row"
              onClick={() => navigate(`/tickets/${ticket.uuid}`)}
              data-testid={`notification-${ticket.id}`}
            >
              <Flex gap={8} align="center" style={{ width: '100%' }}>
                <Avatar src={ticket.contact.profilePicUrl || undefined}>{ticket.contact.name.charAt(0)}</Avatar>
                <Flex vertical style={{ minWidth: 0, flex: 1, textAlign: 'start' }}>
                  <Typography.Text strong ellipsis>
                    {ticket.contact.name}
                  </Typography.Text>
                  <Typography.Text type="secondary" ellipsis>
                    {lastMessageText(ticket, t('notifications.location'))}
                  </Typography.Text>
                </Flex>
                <Flex vertical align="end">
                  <Badge count={ticket.unreadMessages} size="small" />
                  <Typography.Text type="secondary" style={{ fontSize: 11 }}>
                    {listTime(ticket.updatedAt)}
                  </Typography.Text>
                </Flex>
              </Flex>
            </Button>
          ))}
        </Flex>
      )}
    </div>
  );

  return (
    <Popover content={content} title={t('notifications.title')} trigger="click" placement="bottom">
      <Badge count={tickets.length + mentions.length} size="small" offset={[-4, 4]}>
        <Button type="text" shape="circle" aria-label={t('notifications.title')} data-testid="notifications-bell" icon={<BellOutlined />} />
      </Badge>
    </Popover>
  );
}
