import { useAppDispatch } from '../../../app/hooks';
import { api } from '../../../shared/api/api';
import { socketEvents } from '../../realtime/realtime-events';
import { useSocketEvent } from '../../realtime/socket.context';

/**
 * The open chat's channel (`company-{id}-chat-{chatId}`): a new message refreshes its messages;
 * a delete of the open chat (on `company-{id}-chat`) calls `onDeleted`. The list itself follows
 * `company-{id}-chat` through RealtimeBindings.
 */
export function useChatLive(companyId: number, chatId: number | null, onDeleted: () => void): void {
  const dispatch = useAppDispatch();
  useSocketEvent(chatId === null ? null : socketEvents.oneChat(companyId, chatId), (event) => {
    if (event.action === 'new-message' && chatId !== null) dispatch(api.util.invalidateTags([{ type: 'ChatMessages', id: chatId }]));
  });
  useSocketEvent(socketEvents.chat(companyId), (event) => {
    if (event.action === 'delete' && event.id === chatId) onDeleted();
  });
}
