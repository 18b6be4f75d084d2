import { Inject, Injectable } from '@nestjs/common';
import { AppMetrics, gatewayFanOutDuration, gatewaySocketDropped, gatewaySockets, secondsSince } from '@atrium/metrics';

/**
 * The realtime metrics of this gateway (libs/metrics families): sockets connected, fan-out time
 * of each event (from NATS to frames written), sockets dropped and why.
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

  /** Runs one event's fan-out, timing it into gateway_fanout_duration_seconds. */
  timeFanOut(deliver: () => void): void {
    const startedAt = process.hrtime.bigint();
    try {
      deliver();
    } finally {
      this.fanOut.observe(secondsSince(startedAt));
    }
  }

  /** A socket dropped or disconnected by the gateway (e.g. reason `slow`). */
  socketDropped(reason: string): void {
    this.dropped.inc({ reason });
  }
}
