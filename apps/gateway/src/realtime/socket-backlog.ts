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

/** The TCP stream under a websocket (ws keeps it as `_socket`). */
interface StreamLike {
  cork?: unknown;
  uncork?: unknown;
}

/** The engine.io connection of a socket.io socket, as far as the backlog and its writes are concerned (its fields are not in its types). */
interface EngineConnectionLike {
  writeBuffer?: unknown;
  readyState?: unknown;
  transport?: { name?: unknown; writable?: unknown; socket?: { bufferedAmount?: unknown; terminate?: unknown; _socket?: StreamLike } };
  flush?: unknown;
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

/**
 * Holds a websocket connection's writes so that the packets given to it next leave together, in
 * one TCP write (one system call, one wake-up of the client) instead of one each. engine.io sends
 * a packet at once while its transport is writable and queues the next ones until that write
 * completes, so two events in a row would take two writes: marked not writable, every packet
 * waits in engine.io's own queue (in order, behind what was already there), and the returned
 * release flushes that queue with the TCP stream corked. Answers undefined (nothing held) for a
 * connection that is not an idle websocket, whose packets then go their usual way. The release
 * must be called, once, in the same turn.
 */
export function holdWrites(conn: unknown): (() => void) | undefined {
  const engine = conn as EngineConnectionLike;
  const transport = engine.transport;
  const stream = transport?.socket?._socket;
  if (transport?.name !== 'websocket' || transport.writable !== true || typeof engine.flush !== 'function') return undefined;
  if (typeof stream?.cork !== 'function' || typeof stream.uncork !== 'function') return undefined;
  transport.writable = false;
  return () => {
    transport.writable = true;
    (stream.cork as () => void).call(stream);
    try {
      (engine.flush as () => void).call(engine);
    } finally {
      (stream.uncork as () => void).call(stream);
    }
  };
}
