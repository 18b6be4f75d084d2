import { Inject, Injectable } from '@nestjs/common';
import { inboundStreamName } from '@atrium/contracts';
import type { PrefixedNatsClient } from '@atrium/messaging';
import { AppMetrics, cachedSample, inboundStreamLag, inboundStreamPending } from '@atrium/metrics';
import { NATS_PROXY, SERVICE_CONFIG } from '@atrium/service-kit';
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { TicketsConfig } from '../config.js';

interface StreamSample {
  pending: number;
  /** Age of the oldest event not acknowledged yet, 0 when none waits; undefined when unknown. */
  lagSeconds: number | undefined;
}

/**
 * The inbound stream's metrics, sampled from JetStream when scraped (all replicas share the one
 * durable consumer, so every replica reports the same figures): inbound_stream_pending_messages
 * (the consumer's num_pending: events not delivered yet) and inbound_stream_lag_seconds (how long
 * the oldest unacknowledged event has been in the stream: the one after the consumer's ack floor).
 */
@Injectable()
export class InboundStreamMetrics {
  private readonly stream: string;

  constructor(
    @Inject(AppMetrics) metrics: AppMetrics,
    @Inject(NATS_PROXY) private readonly nats: PrefixedNatsClient,
    @Inject(SERVICE_CONFIG) private readonly config: TicketsConfig,
  ) {
    this.stream = inboundStreamName(config.NATS_SUBJECT_PREFIX);
    if (!config.INBOUND_ENABLED) return;
    const sample = cachedSample(() => this.sample());
    inboundStreamPending(metrics, async (gauge) => {
      const taken = await sample();
      if (taken) gauge.set({ stream: this.stream, consumer: config.INBOUND_CONSUMER }, taken.pending);
    });
    inboundStreamLag(metrics, async (gauge) => {
      const taken = await sample();
      if (taken?.lagSeconds !== undefined) gauge.set(taken.lagSeconds);
    });
  }

  private async sample(): Promise<StreamSample> {
    const manager = await jetstreamManager(this.nats.unwrap<NatsConnection>());
    const info = await manager.consumers.info(this.stream, this.config.INBOUND_CONSUMER);
    if (info.num_pending + info.num_ack_pending === 0) return { pending: 0, lagSeconds: 0 };
    const oldest = await manager.streams.getMessage(this.stream, { seq: info.ack_floor.stream_seq + 1 }).catch(() => null);
    const lagSeconds = oldest ? Math.max(0, (Date.now() - oldest.time.getTime()) / 1000) : undefined;
    return { pending: info.num_pending, lagSeconds };
  }
}
