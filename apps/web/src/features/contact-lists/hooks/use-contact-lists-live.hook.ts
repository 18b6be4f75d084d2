import type { ContactListImportProgress } from '@atrium/contracts';
import { useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { api } from '../../../shared/api/api';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { socketEvents } from '../../realtime/realtime-events';
import { useSocketEvent } from '../../realtime/socket.context';

/**
 * Live `company-{id}-ContactList` and `-ContactListItem-{listId}` (spec 001 "Live lists"): the lists
 * and items reload; an import's progress of the list `contactListId` is answered.
 */
export function useContactListsLive(contactListId?: number): ContactListImportProgress | null {
  const { companyId } = useSessionUser();
  const dispatch = useAppDispatch();
  const [progress, setProgress] = useState<ContactListImportProgress | null>(null);
  useSocketEvent(socketEvents.contactList(companyId), (event) => {
    if (event.action === 'import') {
      if (event.contactListId === contactListId) setProgress(event.progress);
      return;
    }
    dispatch(api.util.invalidateTags(['ContactLists']));
  });
  useSocketEvent(contactListId ? socketEvents.contactListItems(companyId, contactListId) : null, () => {
    dispatch(api.util.invalidateTags(['ContactListItems']));
  });
  return progress;
}
