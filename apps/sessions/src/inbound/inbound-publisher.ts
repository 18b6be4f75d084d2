import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  INBOUND_STREAM,
  inboundEventId,
  inboundStreamName,
  inboundSubject,
  type InboundEvent,
} from '@atrium/contracts';
import { jetstream, jetstreamManager, RetentionPolicy, StorageType, type JetStreamClient } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import type { PrefixedNatsClient } from '@atrium/messaging';
import { NATS_PROXY, SERVICE_CONFIG } from '@atrium/service-kit';
import type { SessionsConfig } from '../config.js';

/**
 * Publishes what connections receive on the durable INBOUND stream (libs/contracts
 * `sessions/inbound.ts`): resolves only once JetStream stored the event, with the event's
 * de-duplication id, so a driver may confirm receipt to the network after it.
 */
@Injectable()
export class InboundPublisher implements OnApplicationBootstrap {
  private client?: JetStreamClient;
  private readonly streamName: string;

  constructor(
    @Inject(NATS_PROXY) private readonly proxy: PrefixedNatsClient,
    @Inject(SERVICE_CONFIG) private readonly config: SessionsConfig,
  ) {
    this.streamName = inboundStreamName(config.NATS_SUBJECT_PREFIX);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureStream();
  }

  /** Creates the stream, or brings an existing one to this configuration. */
  async ensureStream(): Promise<void> {
    const connection = this.proxy.unwrap<NatsConnection>();
    const manager = await jetstreamManager(connection);
    const config = {
      name: this.streamName,
      subjects: [`${this.config.NATS_SUBJECT_PREFIX}${INBOUND_STREAM.subjectRoot}.>`],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      max_age: nanos(this.config.INBOUND_MAX_AGE_SECONDS * 1000),
      // JetStream wants the window inside the retention.
      duplicate_window: nanos(Math.min(INBOUND_STREAM.duplicateWindowSeconds, this.config.INBOUND_MAX_AGE_SECONDS) * 1000),
    };
    try {
      await manager.streams.info(this.streamName);
      await manager.streams.update(this.streamName, config);
    } catch (error) {
      if (!/not found/i.test(String((error as Error).message))) throw error;
      await manager.streams.add(config);
    }
    this.client = jetstream(connection);
  }

  /** Stores the event durably; resolves `duplicate: true` when the stream already had it. */
  async publish(event: InboundEvent): Promise<{ duplicate: boolean; seq: number }> {
    const client = this.client ?? (this.client = jetstream(this.proxy.unwrap<NatsConnection>()));
    const ack = await client.publish(
      this.config.NATS_SUBJECT_PREFIX + inboundSubject(event.companyId, event.whatsappId),
      JSON.stringify(event),
      { msgID: inboundEventId(event), expect: { streamName: this.streamName }, timeout: 10_000 },
    );
    return { duplicate: ack.duplicate, seq: ack.seq };
  }
}
