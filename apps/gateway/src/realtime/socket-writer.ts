import { backlogOf, closeTransportNow } from './socket-backlog.js';
import type { FanOutMetrics, SocketDropReason } from './fan-out-metrics.js';

/** What the writer needs of a socket.io socket. */
export interface WritableSocket {
  readonly id: string;
  readonly disconnected: boolean;
  /** The engine.io connection (read for its backlog, closed when the socket is dropped). */
  readonly conn: unknown;
  /** The socket's namespace: `nsp.to(ids).emit()` encodes a packet once for all those sockets. */
  readonly nsp: { to(room: string[]): { emit(event: string, payload: unknown): unknown } };
}

export interface SocketWriterLimits {
  /** A socket holding more frames than this (engine.io's buffer) is dropped. */
  maxBufferedFrames: number;
  /** A socket holding more bytes than this (its websocket's unsent bytes) is dropped. */
  maxBufferedBytes: number;
  /** Sockets written to in one turn of the event loop before yielding (heartbeats, handshakes, NATS keep flowing). */
  socketsPerTurn: number;
}

type Step<S> =
  | { kind: 'emit'; event: string; payload: unknown; targets: S[]; next: number; startedAt: number }
  | { kind: 'run'; action: () => void };

/**
 * Writes the fan-out's events to sockets in the order they were given, each event encoded once
 * (socket.io's broadcast encodes the packet and, for websockets, the frame once, then writes the
 * same bytes to each socket). Work is split in turns of `socketsPerTurn` sockets with
 * `setImmediate` between them, so a broadcast to thousands of sockets never holds the event loop
 * for long. Before each write, a socket whose backlog passed its bounds is dropped: its
 * connection closed at once, discarding what it held (its client reconnects and refetches), and
 * counted in `gateway_socket_dropped_total`.
 */
export class SocketWriter<S extends WritableSocket> {
  private readonly steps: Step<S>[] = [];
  private head = 0;
  private scheduled = false;
  private writing = false;

  constructor(
    private readonly limits: SocketWriterLimits,
    private readonly metrics: FanOutMetrics,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Queues `event` for `targets`, after every step queued before. */
  emit(event: string, payload: unknown, targets: S[], receivedAt: number): void {
    if (targets.length === 0) return;
    this.steps.push({ kind: 'emit', event, payload, targets, next: 0, startedAt: receivedAt });
    this.write();
  }

  /** Runs `action` once every step queued before it is written (e.g. ending sockets after they heard why). */
  run(action: () => void): void {
    this.steps.push({ kind: 'run', action });
    this.write();
  }

  /** Steps queued and not done yet. */
  get pending(): number {
    return this.steps.length - this.head;
  }

  private write(): void {
    if (this.writing || this.scheduled) return;
    this.writing = true;
    try {
      let budget = this.limits.socketsPerTurn;
      while (this.head < this.steps.length && budget > 0) {
        const step = this.steps[this.head];
        if (step.kind === 'run') {
          this.advance();
          try {
            step.action();
          } catch (error) {
            this.onError(error);
          }
          continue;
        }
        const end = Math.min(step.targets.length, step.next + budget);
        this.writeChunk(step, end);
        budget -= end - step.next;
        step.next = end;
        if (step.next === step.targets.length) {
          this.advance();
          this.metrics.fanOutFinished((performance.now() - step.startedAt) / 1000);
        }
      }
    } finally {
      this.writing = false;
    }
    if (this.head < this.steps.length) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.write();
      });
    }
  }

  private writeChunk(step: Extract<Step<S>, { kind: 'emit' }>, end: number): void {
    const ids: string[] = [];
    for (let index = step.next; index < end; index += 1) {
      const socket = step.targets[index];
      if (socket.disconnected) continue;
      const reason = this.overBounds(socket);
      if (reason) {
        closeTransportNow(socket.conn);
        this.metrics.socketDropped(reason);
        continue;
      }
      ids.push(socket.id);
    }
    if (ids.length > 0) step.targets[step.next].nsp.to(ids).emit(step.event, step.payload);
  }

  private overBounds(socket: S): SocketDropReason | undefined {
    const backlog = backlogOf(socket.conn);
    if (backlog.frames > this.limits.maxBufferedFrames) return 'buffered_frames';
    if (backlog.bytes > this.limits.maxBufferedBytes) return 'buffered_bytes';
    return undefined;
  }

  private advance(): void {
    this.head += 1;
    if (this.head === this.steps.length) {
      this.steps.length = 0;
      this.head = 0;
    } else if (this.head >= 1024) {
      this.steps.splice(0, this.head);
      this.head = 0;
    }
  }
}
