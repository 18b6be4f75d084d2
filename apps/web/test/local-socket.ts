import type { Socket } from 'socket.io-client';

/** The socket.io client's subscribe side, with the server's emits played by the test (wrap them in act). */
export class LocalSocket {
  private readonly handlers = new Map<string, Set<(payload: unknown) => void>>();

  on(event: string, handler: (payload: unknown) => void): this {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }

  off(event: string, handler: (payload: unknown) => void): this {
    this.handlers.get(event)?.delete(handler);
    return this;
  }

  /** What the app emitted to the server (joinChatBox, joinTickets, ...), oldest first. */
  readonly clientEmits: Array<{ event: string; args: unknown[] }> = [];
  readonly connected = true;

  emit(event: string, ...args: unknown[]): this {
    this.clientEmits.push({ event, args });
    return this;
  }

  serverEmits(event: string, payload: unknown): void {
    this.handlers.get(event)?.forEach((handler) => handler(payload));
  }

  /** As the socket.io client type the socket context expects. */
  asSocket(): Socket {
    return this as unknown as Socket;
  }
}
