import type { WhatsappSummary } from '@atrium/contracts';
import { useEffect, useState } from 'react';
import { socketEvents } from '../../realtime/realtime-events';
import { useSocketEvent } from '../../realtime/socket.context';

export type LiveSession = Pick<WhatsappSummary, 'status' | 'qrcode' | 'pairingCode'>;

/**
 * A connection's session as live updates (`company-{id}-whatsappSession`) change it, starting from
 * what the list showed; `onUpdate` hears every update of that connection.
 */
export function useLiveSession(
  companyId: number,
  initial: LiveSession | null,
  whatsappId: number | null,
  onUpdate?: (session: WhatsappSummary) => void,
): LiveSession | null {
  const [session, setSession] = useState<LiveSession | null>(initial);
  useEffect(() => setSession(initial), [whatsappId]); // eslint-disable-line react-hooks/exhaustive-deps -- reset only when another connection is shown
  useSocketEvent(whatsappId === null ? null : socketEvents.whatsappSession(companyId), (event) => {
    if (event.session.id !== whatsappId) return;
    setSession({ status: event.session.status, qrcode: event.session.qrcode, pairingCode: event.session.pairingCode });
    onUpdate?.(event.session);
  });
  return session;
}
