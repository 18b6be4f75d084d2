import { useEffect } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { api } from '../../../shared/api/api';
import { socketEvents } from '../../realtime/realtime-events';
import { useSocket, useSocketEvent } from '../../realtime/socket.context';
import { contactEventReceived, messageEventReceived, ticketEventReceived } from '../ticket-cache';

/**
 * Keeps every ticket list, conversation and contact list of the tab live (spec 000 section 4):
 * ticket update/delete/updateUnread, appMessage create/update and contact events change the
 * cached data in place; after a reconnection (events may have been missed) they are fetched again.
 */
export function useTicketsLive(companyId: number): void {
  const dispatch = useAppDispatch();
  const socket = useSocket();

  useEffect(() => {
    if (!socket) return;
    let connectedBefore = socket.connected;
    const onConnect = () => {
      socket.emit('joinNotification');
      if (connectedBefore) dispatch(api.util.invalidateTags(['Tickets', 'Messages', 'Contacts']));
      connectedBefore = true;
    };
    if (socket.connected) socket.emit('joinNotification');
    socket.on('connect', onConnect);
    return () => {
      socket.off('connect', onConnect);
    };
  }, [socket, dispatch]);

  useSocketEvent(socketEvents.ticket(companyId), (event) => dispatch(ticketEventReceived(event)));
  useSocketEvent(socketEvents.appMessage(companyId), (event) => dispatch(messageEventReceived(event)));
  useSocketEvent(socketEvents.contact(companyId), (event) => dispatch(contactEventReceived(event)));
  useSocketEvent(socketEvents.quickMessage(companyId), () => dispatch(api.util.invalidateTags(['QuickMessages'])));
}
