import type { AppMessageEventPayload, SessionUserView } from '@atrium/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { socketEvents } from '../../realtime/realtime-events';
import { useSocketEvent } from '../../realtime/socket.context';
import { playNotificationSound } from '../notification-sound';

/** Does a customer's new message concern this user: their ticket, or a pending one they can take? */
export function concernsUser(event: AppMessageEventPayload, user: Pick<SessionUserView, 'id'>): boolean {
  if (event.action !== 'create' || event.message.fromMe) return false;
  return event.ticket.userId === user.id || (event.ticket.status === 'pending' && event.ticket.userId === null);
}

/** The ticket the route shows, by id or uuid (/tickets/{ticketId}). */
function shownTicketKey(pathname: string): string | null {
  return /^\/tickets\/([^/]+)/.exec(pathname)?.[1] ?? null;
}

/**
 * A customer's message to this user's tickets plays the sound at the stored volume and, where the
 * browser allows it, shows a desktop notification; not for the ticket being looked at. Browsers
 * without notifications are only logged (spec 000 section 8).
 */
export function useMessageAlerts(user: SessionUserView): void {
  const { t } = useTranslation('tickets');
  const volume = useAppSelector((state) => state.preferences.volume);
  const { pathname } = useLocation();
  const navigate = useNavigate();

  useSocketEvent(socketEvents.appMessage(user.companyId), (event) => {
    if (!concernsUser(event, user)) return;
    const shown = shownTicketKey(pathname);
    const looking = document.visibilityState === 'visible' && (shown === event.ticket.uuid || shown === String(event.ticket.id));
    if (looking) return;
    playNotificationSound(volume);
    if (typeof window.Notification === 'undefined') {
      console.info('notifications are not supported by this browser');
      return;
    }
    if (window.Notification.permission !== 'granted') return;
    const notification = new window.Notification(t('notification.title', { name: event.contact.name }), {
      body: event.message.body,
      tag: String(event.ticket.id),
      icon: event.contact.profilePicUrl || undefined,
    });
    notification.onclick = () => {
      window.focus();
      navigate(`/tickets/${event.ticket.uuid}`);
      notification.close();
    };
  });
}
