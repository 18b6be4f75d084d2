import { createContext, useContext, useEffect, useRef } from 'react';
import type { LiveEventKind, LiveEventPayloads } from '@atrium/contracts';
import type { Socket } from 'socket.io-client';
import type { LiveEventName } from './realtime-events';

export const SocketContext = createContext<Socket | null>(null);

export function useSocket(): Socket | null {
  return useContext(SocketContext);
}

/**
 * Subscribes to one socket event for the life of the component; the latest handler is always
 * called, with the payload its kind declares (LiveEventPayloads).
 */
export function useSocketEvent<K extends LiveEventKind>(
  event: LiveEventName<K> | null,
  handler: (payload: LiveEventPayloads[K]) => void,
): void {
  const socket = useSocket();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!socket || !event) return;
    const listener = (payload: LiveEventPayloads[K]) => latest.current(payload);
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [socket, event]);
}
