import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import type { Socket } from 'socket.io-client';
import { useAppSelector } from '../../../app/hooks';
import type { RootState } from '../../../app/store';
import { selectToken, sessionEnded } from '../../auth/auth.slice';
import {
  closeSocket,
  EXPIRED_TOKEN_RELOAD_MS,
  isTokenExpired,
  openSocket,
  updateSocketToken,
  USER_STATUS_INTERVAL_MS,
} from '../socket-client';
import { SocketContext } from '../socket.context';

/**
 * Owns the tab's socket while someone is signed in: reconnects on transport loss (socket.io),
 * reloads the app 1 s after a rejection with an expired token (the reload refreshes it), signs
 * out when the gateway says the login is over, and sends userStatus every 5 minutes.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const token = useAppSelector(selectToken);
  const signedIn = token !== null;
  const [socket, setSocket] = useState<Socket | null>(null);
  const store = useStore<RootState>();

  useEffect(() => {
    const readCurrentToken = () => store.getState().auth.token;
    if (!signedIn) return;
    const initialToken = readCurrentToken();
    if (!initialToken) return;
    const connection = openSocket(initialToken);
    let reloadTimer: number | undefined;
    const reloadIfExpired = () => {
      if (reloadTimer === undefined && isTokenExpired(readCurrentToken())) {
        reloadTimer = window.setTimeout(() => window.location.reload(), EXPIRED_TOKEN_RELOAD_MS);
        return true;
      }
      return false;
    };
    const sendStatus = () => {
      connection.emit('userStatus');
    };
    connection.on('connect', sendStatus);
    connection.on('connect_error', (error: Error & { data?: { status?: number } }) => {
      // The gateway refuses with 401 when the login is over (sign out) and 403 for an expired token.
      if (error.data?.status === 401) store.dispatch(sessionEnded());
      else reloadIfExpired();
    });
    connection.on('disconnect', (reason) => {
      // The server closed it (socket.io will not retry by itself): reload if the token expired, else reconnect.
      if (reason === 'io server disconnect' && !reloadIfExpired()) connection.connect();
    });
    const heartbeat = window.setInterval(sendStatus, USER_STATUS_INTERVAL_MS);
    setSocket(connection);
    return () => {
      window.clearInterval(heartbeat);
      if (reloadTimer !== undefined) window.clearTimeout(reloadTimer);
      closeSocket();
      setSocket(null);
    };
  }, [signedIn, store]);

  useEffect(() => {
    if (token) updateSocketToken(token);
  }, [token]);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}
