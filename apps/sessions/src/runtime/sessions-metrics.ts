import { Inject, Injectable } from '@nestjs/common';
import { AppMetrics, sessionsByStatus, sessionsLeaseHandovers } from '@atrium/metrics';

/** Why a session's lease went from one replica to another. */
export type HandoverReason = 'rebalance' | 'takeover' | 'shutdown';
const HANDOVER_REASONS: HandoverReason[] = ['rebalance', 'takeover', 'shutdown'];

/**
 * The sessions metrics of this replica (libs/metrics families): its sessions by status, read at
 * scrape time, and the lease handovers it made, by reason.
 */
@Injectable()
export class SessionsMetrics {
  private readonly handovers: ReturnType<typeof sessionsLeaseHandovers>;
  private statuses: () => Iterable<string> = () => [];

  constructor(@Inject(AppMetrics) metrics: AppMetrics) {
    this.handovers = sessionsLeaseHandovers(metrics);
    for (const reason of HANDOVER_REASONS) this.handovers.inc({ reason }, 0);
    sessionsByStatus(metrics, (gauge) => {
      for (const status of this.statuses()) gauge.inc({ status });
    });
  }

  /** Where the status of each session this replica runs is read at scrape time. */
  countStatusesWith(statuses: () => Iterable<string>): void {
    this.statuses = statuses;
  }

  /** Leases this replica handed over (shutdown, rebalance) or took over from a dead replica (takeover). */
  handover(reason: HandoverReason, sessions = 1): void {
    if (sessions > 0) this.handovers.inc({ reason }, sessions);
  }
}
