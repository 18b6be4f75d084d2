import type { MessageView } from '@atrium/contracts';
import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { apiFailureOf } from '../../../shared/api/api-error';
import { toast } from '../../../shared/notify/notifier';
import { toastError } from '../../../shared/notify/error-popup';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { ContactDrawer } from '../../contacts/components/contact-drawer.component';
import { MessagesList } from '../../messages/components/messages-list.component';
import { ConversationComposer } from './conversation-composer.component';
import { socketEvents } from '../../realtime/realtime-events';
import { useSocket, useSocketEvent } from '../../realtime/socket.context';
import { useTicketQuery } from '../api/tickets.api';
import { TicketHeader } from './ticket-header.component';

/**
 * One ticket's conversation (spec 000 section 2): header and actions, messages, composer, contact
 * drawer. A ticket of another queue is refused ('Acesso não permitido', back to /tickets); a
 * ticket deleted while shown says so ('O atendimento que você estava foi deletado.').
 */
export function TicketView({ ticketKey, onBack }: { ticketKey: string; onBack?: () => void }) {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const socket = useSocket();
  const user = useSessionUser();
  const { data: ticket, error, isError, refetch } = useTicketQuery(ticketKey, { refetchOnMountOrArgChange: true });
  const [replyingTo, setReplyingTo] = useState<MessageView | null>(null);
  const [contactOpen, setContactOpen] = useState(false);
  const failure = isError ? apiFailureOf(error) : null;

  useEffect(() => {
    if (!failure) return;
    if (failure.code === 'ERR_NO_PERMISSION') toast.error(t('accessDenied'));
    else toastError(error);
    if (failure.code === 'ERR_NO_PERMISSION' || failure.code === 'ERR_NO_TICKET_FOUND' || failure.status === 404)
      navigate('/tickets', { replace: true });
    // a failure is shown once per failed request
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);

  useEffect(() => {
    setReplyingTo(null);
    if (ticket && socket?.connected) socket.emit('joinChatBox', ticket.id);
  }, [socket, ticket?.id]); // eslint-disable-line react-hooks/exhaustive-deps -- once per ticket shown

  useSocketEvent(ticket ? socketEvents.ticket(user.companyId) : null, (event) => {
    // a delete with `fromStatus` is a status change of a ticket the user still sees, not a deletion
    if (event.action === 'delete' && !event.fromStatus && event.ticketId === ticket?.id) {
      toast.warning(t('deletedWhileViewing'));
      navigate('/tickets');
    }
  });

  if (!ticket) {
    return (
      <div className="ticket-view ticket-view-center">
        {isError && failure?.code !== 'ERR_NO_PERMISSION' ? (
          <Result
            status="warning"
            title={t('loadFailed')}
            extra={<Button onClick={() => void refetch()}>{t('tryAgain', { ns: 'common' })}</Button>}
          />
        ) : (
          <Spin />
        )}
      </div>
    );
  }
  return (
    <div className="ticket-view" data-testid="ticket-view" data-ticket-id={ticket.id}>
      <TicketHeader ticket={ticket} onShowContact={() => setContactOpen(true)} onBack={onBack} />
      <div className="conversation-surface">
        <MessagesList ticket={ticket} onReply={ticket.status === 'open' ? setReplyingTo : undefined} />
      </div>
      <ConversationComposer ticket={ticket} replyingTo={replyingTo} onCancelReply={() => setReplyingTo(null)} />
      <ContactDrawer ticket={ticket} open={contactOpen} onClose={() => setContactOpen(false)} />
    </div>
  );
}
