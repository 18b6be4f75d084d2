import { Injectable } from '@nestjs/common';

/** Why the fan-out dropped a socket: it held more frames, or more bytes, than SOCKET_MAX_BUFFERED_* allow. */
export type SocketDropReason = 'buffered_frames' | 'buffered_bytes';

/** Upper bounds (seconds) of `gateway_fanout_duration_seconds`' buckets. */
export const FAN_OUT_DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const;

/**
 * The fan-out's figures, kept here so the metrics endpoint can register them:
 * `gateway_socket_dropped_total{reason}` (counter) and `gateway_fanout_duration_seconds`
 * (histogram: an event read off NATS to its frames written to every socket, cumulative buckets).
 */
@Injectable()
export class FanOutMetrics {
  private readonly dropped = new Map<SocketDropReason, number>();
  private readonly durationCounts: number[] = FAN_OUT_DURATION_BUCKETS.map(() => 0);
  private durationCount = 0;
  private durationSum = 0;

  socketDropped(reason: SocketDropReason): void {
    this.dropped.set(reason, (this.dropped.get(reason) ?? 0) + 1);
  }

  fanOutFinished(seconds: number): void {
    this.durationCount += 1;
    this.durationSum += seconds;
    FAN_OUT_DURATION_BUCKETS.forEach((bound, index) => {
      if (seconds <= bound) this.durationCounts[index] += 1;
    });
  }

  /** `gateway_socket_dropped_total` by reason. */
  droppedSockets(): ReadonlyMap<SocketDropReason, number> {
    return this.dropped;
  }

  /** `gateway_fanout_duration_seconds`: cumulative count per bucket bound, total count and sum. */
  fanOutDurations(): { buckets: ReadonlyArray<{ le: number; count: number }>; count: number; sum: number } {
    return { buckets: FAN_OUT_DURATION_BUCKETS.map((le, index) => ({ le, count: this.durationCounts[index] })), count: this.durationCount, sum: this.durationSum };
  }
}
