/**
 * What one socket holds on this gateway that its client has not taken yet: engine.io's packets
 * waiting while the transport is busy (`writeBuffer`: a long-polling client between polls, or a
 * websocket whose previous writes have not reached the kernel), and the bytes the websocket's TCP
 * stream holds above what the kernel accepted (`bufferedAmount`). Both grow without end for a
 * client that reads slower than events come; the fan-out drops such a socket past its bounds.
 */
export interface SocketBacklog {
  frames: number;
  bytes: number;
}

/** The engine.io connection of a socket.io socket, as far as the backlog is concerned (its fields are not in its types). */
interface EngineConnectionLike {
  writeBuffer?: unknown;
  readyState?: unknown;
  transport?: { socket?: { bufferedAmount?: unknown; terminate?: unknown } };
  close(discard?: boolean): unknown;
}

export function backlogOf(conn: unknown): SocketBacklog {
  const engine = conn as EngineConnectionLike;
  const frames = Array.isArray(engine.writeBuffer) ? engine.writeBuffer.length : 0;
  const bufferedAmount = engine.transport?.socket?.bufferedAmount;
  return { frames, bytes: typeof bufferedAmount === 'number' ? bufferedAmount : 0 };
}

/**
 * Ends a socket's connection at once, discarding what it holds: engine.io closes without waiting
 * for its buffer to drain, and the websocket is destroyed rather than sent a close frame queued
 * behind that backlog. The client sees its transport closed and reconnects (socket.io's own
 * reconnection; our web app then refetches what it shows).
 */
export function closeTransportNow(conn: unknown): void {
  const engine = conn as EngineConnectionLike;
  const websocket = engine.transport?.socket;
  engine.close(true);
  if (typeof websocket?.terminate === 'function') (websocket.terminate as () => void).call(websocket);
}
