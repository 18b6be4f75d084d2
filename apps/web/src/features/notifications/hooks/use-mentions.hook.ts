import type { MentionEventPayload, SessionUserView } from '@atrium/contracts';
import { useState } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { socketEvents } from '../../realtime/realtime-events';
import { useSocketEvent } from '../../realtime/socket.context';
import { playNotificationSound } from '../notification-sound';

export interface Mentions {
  /** Newest first: the notes that named this user since the app was opened. */
  mentions: MentionEventPayload[];
  /** The user opened the note's ticket from the notification. */
  dismiss: (noteId: number) => void;
}

/** Notes that name this user (`company-{id}-mention`, sent to them only), with the notification sound. */
export function useMentions(user: Pick<SessionUserView, 'companyId'>): Mentions {
  const volume = useAppSelector((state) => state.preferences.volume);
  const [mentions, setMentions] = useState<MentionEventPayload[]>([]);
  useSocketEvent(socketEvents.mention(user.companyId), (event) => {
    setMentions((current) => [event, ...current.filter((known) => known.note.id !== event.note.id)]);
    playNotificationSound(volume);
  });
  return { mentions, dismiss: (noteId) => setMentions((current) => current.filter((known) => known.note.id !== noteId)) };
}
