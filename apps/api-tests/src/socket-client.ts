import { io, type Socket } from 'socket.io-client';
import type { ApiClient } from './api-client.js';
import type { Stack } from './stack.js';

/** The error a refused handshake carries (connect_error). */
export interface ConnectRefusal extends Error {
  data?: { error: string; status: number };
}

/**
 * Connects as the web app does: the token in the query, websocket transport; no reconnection
 * unless asked (`reconnection: true`, the web app's own setting, for tests that kill a gateway).
 */
export function connectSocket(url: string, token?: string, { reconnection = false }: { reconnection?: boolean } = {}): Promise<Socket> {
  const socket = io(url, {
    transports: ['websocket'],
    query: token === undefined ? {} : { token },
    reconnection,
    reconnectionDelay: 200,
    reconnectionDelayMax: 1000,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error: ConnectRefusal) => {
      socket.close();
      reject(error);
    });
  });
}

/** The handshake's refusal, failing the test when the socket connects instead. */
export async function refusalOf(url: string, token?: string): Promise<ConnectRefusal> {
  try {
    const socket = await connectSocket(url, token);
    socket.close();
  } catch (error) {
    return error as ConnectRefusal;
  }
  throw new Error('the socket connected');
}

/**
 * Everything a socket receives, in order, so a test can wait for one event and then check what
 * came before it (events from one publisher reach one socket in publishing order).
 */
export class SocketRecorder {
  readonly received: Array<{ event: string; payload: unknown }> = [];
  private waiters: Array<{ event: string; resolve: (payload: unknown) => void }> = [];
  /** Why the server or the network closed the socket, if it did (named in a waiting test's failure). */
  private disconnectedBecause?: string;

  constructor(readonly socket: Socket) {
    socket.on('disconnect', (reason) => {
      this.disconnectedBecause = reason;
    });
    socket.onAny((event: string, payload: unknown) => {
      this.received.push({ event, payload });
      this.waiters = this.waiters.filter((waiter) => {
        if (waiter.event !== event) return true;
        waiter.resolve(payload);
        return false;
      });
    });
  }

  /** The next `event` not yet consumed by an earlier call (or the first one already received). */
  next<T = unknown>(event: string, timeoutMs = 5000): Promise<T> {
    const index = this.received.findIndex((r) => r.event === event);
    if (index >= 0) return Promise.resolve(this.received.splice(index, 1)[0]!.payload as T);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `no ${event} within ${timeoutMs} ms${this.disconnectedBecause ? ` (socket disconnected: ${this.disconnectedBecause})` : ''}`,
            ),
          ),
        timeoutMs,
      );
      this.waiters.push({
        event,
        resolve: (payload) => {
          clearTimeout(timer);
          this.received.splice(
            this.received.findIndex((r) => r.event === event),
            1,
          );
          resolve(payload as T);
        },
      });
    });
  }

  /** The next `event` whose payload matches (earlier non-matching ones are consumed and skipped). */
  async nextWhere<T = unknown>(event: string, match: (payload: T) => boolean, timeoutMs = 15_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const payload = await this.next<T>(event, Math.max(1, deadline - Date.now()));
      if (match(payload)) return payload;
    }
  }

  events(): string[] {
    return this.received.map((r) => r.event);
  }

  close(): void {
    this.socket.close();
  }
}

/** A recorder of everything the socket of this client's user receives. */
export async function socketOf(stack: Pick<Stack, 'url'>, client: Pick<ApiClient, 'token'>): Promise<SocketRecorder> {
  return new SocketRecorder(await connectSocket(stack.url, client.token));
}

/** Emits a client event and waits for its acknowledgement. */
export function emitWithAck<T = unknown>(socket: Socket, event: string, ...args: unknown[]): Promise<T> {
  return socket.timeout(5000).emitWithAck(event, ...args) as Promise<T>;
}
