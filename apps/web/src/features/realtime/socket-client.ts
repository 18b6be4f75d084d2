import { io, type Socket } from 'socket.io-client';
import { apiUrl } from '../../shared/config/app-config';

/** What the client asks the gateway's socket.io server for (spec 000 section 7). */
export const SOCKET_OPTIONS = {
  transports: ['websocket'],
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
} as const;

/** Reload delay when the token of the socket has expired (spec 000 section 9). */
export const EXPIRED_TOKEN_RELOAD_MS = 1000;
/** userStatus heartbeat (spec 000 section 7). */
export const USER_STATUS_INTERVAL_MS = 5 * 60 * 1000;

let socket: Socket | null = null;

/** The tab's one connection: opened once per login, token in the query, websocket transport only. */
export function openSocket(token: string): Socket {
  if (socket) {
    updateSocketToken(token);
    return socket;
  }
  socket = io(apiUrl(), { ...SOCKET_OPTIONS, transports: [...SOCKET_OPTIONS.transports], query: { token } });
  return socket;
}

/** A refreshed token is used by the next (re)connection; the open one stays. */
export function updateSocketToken(token: string): void {
  if (socket) socket.io.opts.query = { token };
}

export function closeSocket(): void {
  socket?.removeAllListeners();
  socket?.disconnect();
  socket = null;
}

/** Reads `exp` of a JWT without verifying it (the server verifies). */
export function isTokenExpired(token: string | null, now: number = Date.now()): boolean {
  if (!token) return true;
  const payload = token.split('.')[1];
  if (!payload) return true;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' && json.exp * 1000 <= now;
  } catch {
    return true;
  }
}
