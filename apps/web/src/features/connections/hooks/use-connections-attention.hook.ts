import { CONNECTION_BADGE_DELAY_MS, needsAttention } from '@atrium/contracts/sessions/status.js';
import { useEffect, useState } from 'react';
import { useConnectionsQuery } from '../api/connections.api';

/**
 * True when some connection waits for a QR code, pairing or reconnection, shown 2000 ms after the
 * list says so (spec 000 section 2); only asked for when the connections item is visible.
 */
export function useConnectionsAttention(enabled: boolean): boolean {
  const { data } = useConnectionsQuery(undefined, { skip: !enabled });
  const attention = enabled && needsAttention(data ?? []);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(attention), attention ? CONNECTION_BADGE_DELAY_MS : 0);
    return () => window.clearTimeout(timer);
  }, [attention]);
  return shown;
}
