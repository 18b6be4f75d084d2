import { Inject, Injectable } from '@nestjs/common';
import { AppMetrics, gatewayFanOutDuration, gatewaySocketDropped, gatewaySockets } from '@atrium/metrics';

/** Why the fan-out dropped a socket: it held more frames, or more bytes, than SOCKET_MAX_BUFFERED_* allow. */
export type SocketDropReason = 'buffered_frames' | 'buffered_bytes';

/**
 * The realtime metrics of this gateway (libs/metrics families): sockets connected
 * (`gateway_sockets`), each event's time from NATS to its frames written to every socket
 * (`gateway_fanout_duration_seconds`), and sockets dropped and why (`gateway_socket_dropped_total`).
 */
@Injectable()
export class FanOutMetrics {
  private readonly fanOut: ReturnType<typeof gatewayFanOutDuration>;
  private readonly dropped: ReturnType<typeof gatewaySocketDropped>;
  private countSockets: () => number = () => 0;

  constructor(@Inject(AppMetrics) metrics: AppMetrics) {
    this.fanOut = gatewayFanOutDuration(metrics);
    this.dropped = gatewaySocketDropped(metrics);
    gatewaySockets(metrics, (gauge) => gauge.set(this.countSockets()));
  }

  /** Where the number of connected sockets is read at scrape time. */
  countSocketsWith(count: () => number): void {
    this.countSockets = count;
  }

  /** One event's frames are written to every socket of its audience, `seconds` after it came off NATS. */
  fanOutFinished(seconds: number): void {
    this.fanOut.observe(seconds);
  }

  socketDropped(reason: SocketDropReason): void {
    this.dropped.inc({ reason });
  }
}
