import { backlogOf, closeTransportNow, holdWrites } from './socket-backlog.js';
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

type EmitStep<S> = {
  kind: 'emit';
  event: string;
  payload: unknown;
  targets: S[];
  /** The index of the first target not written yet. */
  next: number;
  startedAt: number;
  /** Queued right behind an emit to the very same sockets that had not started: the two can be written together. */
  followsSameTargets: boolean;
};
type Step<S> = EmitStep<S> | { kind: 'run'; action: () => void };

/** Events written together to the same sockets at most (one TCP write per socket for all of them). */
const MAX_EVENTS_PER_WRITE = 16;

function sameSockets<S>(a: S[], b: S[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}

/**
 * Writes the fan-out's events to sockets in the order they were given, each event encoded once
 * (socket.io's broadcast encodes the packet and, for websockets, the frame once, then writes the
 * same bytes to each socket). Writing starts at the next turn of the event loop, so the events
 * that arrive together (a message's create and its ticket's update come off NATS in one read)
 * are queued together: consecutive events to the very same sockets are written together, each
 * socket getting all of them in one TCP write (`holdWrites`), which halves the system calls and
 * the clients' wake-ups of a message's two events. Work is split in turns of `socketsPerTurn`
 * sockets with `setImmediate` between them, so a broadcast to thousands of sockets never holds
 * the event loop for long. Before each write, a socket whose backlog passed its bounds is dropped: its
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
    const previous = this.steps.length > this.head ? this.steps[this.steps.length - 1] : undefined;
    const followsSameTargets = previous?.kind === 'emit' && previous.next === 0 && sameSockets(previous.targets, targets);
    this.steps.push({ kind: 'emit', event, payload, targets, next: 0, startedAt: receivedAt, followsSameTargets });
    this.schedule();
  }

  /** Runs `action` once every step queued before it is written (e.g. ending sockets after they heard why). */
  run(action: () => void): void {
    this.steps.push({ kind: 'run', action });
    this.schedule();
  }

  /** Steps queued and not done yet. */
  get pending(): number {
    return this.steps.length - this.head;
  }

  /** Writing goes on at the next turn (once), after whatever else arrives in this one. */
  private schedule(): void {
    if (this.writing || this.scheduled || this.head >= this.steps.length) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.write();
    });
  }

  private write(): void {
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
        const together = this.writtenWith(step);
        const start = step.next;
        const end = Math.min(step.targets.length, start + budget);
        this.writeChunk(together, start, end);
        budget -= end - start;
        for (const emit of together) emit.next = end;
        if (end === step.targets.length) {
          const finishedAt = performance.now();
          for (const emit of together) {
            this.advance();
            this.metrics.fanOutFinished((finishedAt - emit.startedAt) / 1000);
          }
        }
      }
    } finally {
      this.writing = false;
    }
    this.schedule();
  }

  /** The head event and the ones queued right behind it for the same sockets, at the same point. */
  private writtenWith(head: EmitStep<S>): EmitStep<S>[] {
    const together = [head];
    for (let index = this.head + 1; index < this.steps.length && together.length < MAX_EVENTS_PER_WRITE; index += 1) {
      const step = this.steps[index];
      if (step.kind !== 'emit' || !step.followsSameTargets || step.next !== head.next) break;
      together.push(step);
    }
    return together;
  }

  /** Writes `events` (same targets) to the targets from `start` to `end`: each event encoded once, each socket's share in one write. */
  private writeChunk(events: EmitStep<S>[], start: number, end: number): void {
    const { targets } = events[0];
    const ids: string[] = [];
    const releases: Array<() => void> = [];
    try {
      for (let index = start; index < end; index += 1) {
        const socket = targets[index];
        if (socket.disconnected) continue;
        const reason = this.overBounds(socket);
        if (reason) {
          closeTransportNow(socket.conn);
          this.metrics.socketDropped(reason);
          continue;
        }
        ids.push(socket.id);
        if (events.length > 1) {
          const release = holdWrites(socket.conn);
          if (release) releases.push(release);
        }
      }
      if (ids.length === 0) return;
      const room = targets[start].nsp.to(ids);
      for (const event of events) room.emit(event.event, event.payload);
    } finally {
      for (const release of releases) {
        try {
          release();
        } catch (error) {
          this.onError(error);
        }
      }
    }
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
