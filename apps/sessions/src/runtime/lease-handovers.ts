import { Injectable } from '@nestjs/common';

/** Why a session changed replica: a rebalance toward a fair share, a dead replica's lapsed lease, a replica shutting down. */
export type HandoverReason = 'rebalance' | 'takeover' | 'shutdown';

export type HandoverListener = (reason: HandoverReason, count: number) => void;

/**
 * Sessions this replica handed over or took over, by reason: a rebalance and a shutdown are
 * counted by the replica letting go, a takeover by the replica claiming a lapsed lease of
 * another. Listeners (metrics: sessions_lease_handovers_total{reason}) are told of each count.
 */
@Injectable()
export class LeaseHandovers {
  readonly totals: Record<HandoverReason, number> = { rebalance: 0, takeover: 0, shutdown: 0 };
  private readonly listeners = new Set<HandoverListener>();

  /** Calls `listener` on every handover from now on; the answer unsubscribes it. */
  onHandover(listener: HandoverListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  record(reason: HandoverReason, count = 1): void {
    if (count <= 0) return;
    this.totals[reason] += count;
    for (const listener of this.listeners) listener(reason, count);
  }
}
