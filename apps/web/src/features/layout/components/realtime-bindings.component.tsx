import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { api } from '../../../shared/api/api';
import { toastError } from '../../../shared/notify/error-popup';
import { clearSessionStorage } from '../../../shared/storage/local-storage';
import { useMeQuery } from '../../auth/api/auth.api';
import { sessionEnded } from '../../auth/auth.slice';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { useTicketsLive } from '../../tickets/hooks/use-tickets-live.hook';
import { socketEvents } from '../../realtime/realtime-events';
import { useSocketEvent } from '../../realtime/socket.context';

/** Delay between 'Sua conta foi acessada em outro computador.' and the reload (spec 000 section 8). */
export const SIGNED_IN_ELSEWHERE_RELOAD_MS = 1000;

/** Live events that concern the whole shell: the session, the user, settings, lists kept in cache. */
export function RealtimeBindings() {
  const user = useSessionUser();
  const dispatch = useAppDispatch();
  const { t } = useTranslation('layout');
  const companyId = user.companyId;
  // Keeps /auth/me subscribed so that invalidating 'Me' refreshes the user (profile, plan, settings).
  useMeQuery();

  useSocketEvent(socketEvents.auth(companyId), (event) => {
    if (event.user.id !== user.id) return;
    toastError(t('signedInElsewhere'));
    window.setTimeout(() => {
      clearSessionStorage();
      window.location.reload();
    }, SIGNED_IN_ELSEWHERE_RELOAD_MS);
  });

  useSocketEvent(socketEvents.user(companyId), (event) => {
    dispatch(api.util.invalidateTags(['Users']));
    const id = event.action === 'delete' ? event.userId : event.user.id;
    if (id !== user.id) return;
    if (event.action === 'delete') dispatch(sessionEnded());
    else dispatch(api.util.invalidateTags(['Me']));
  });

  useSocketEvent(socketEvents.settings(companyId), () => {
    dispatch(api.util.invalidateTags(['Settings', 'Me']));
  });
  // what the user may do changed (issue 28): their menu and buttons follow /auth/me's permissions
  useSocketEvent(socketEvents.permissions(companyId), () => {
    dispatch(api.util.invalidateTags(['Permissions', 'Me']));
  });
  useSocketEvent(socketEvents.announcement(), () => {
    dispatch(api.util.invalidateTags(['Announcements']));
  });
  useSocketEvent(socketEvents.whatsapp(companyId), () => {
    dispatch(api.util.invalidateTags(['Connections']));
  });
  useSocketEvent(socketEvents.whatsappSession(companyId), () => {
    dispatch(api.util.invalidateTags(['Connections']));
  });
  useSocketEvent(socketEvents.queue(companyId), () => {
    dispatch(api.util.invalidateTags(['Queues']));
  });
  useTicketsLive(companyId);
  useSocketEvent(socketEvents.prompt(companyId), () => {
    dispatch(api.util.invalidateTags(['Prompts']));
  });
  useSocketEvent(socketEvents.chat(companyId), () => {
    dispatch(api.util.invalidateTags(['Chats']));
  });
  return null;
}
