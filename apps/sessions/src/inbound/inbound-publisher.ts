import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { INBOUND_STREAM, inboundEventId, inboundStreamName, inboundSubject, storableDeep, type InboundEvent } from '@atrium/contracts';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { ensureStream, type PrefixedNatsClient } from '@atrium/messaging';
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

  /** Creates the stream, or brings an existing one to its definition (libs/messaging ensureStream). */
  async ensureStream(): Promise<void> {
    const connection = this.proxy.unwrap<NatsConnection>();
    await ensureStream(connection, INBOUND_STREAM, this.config.NATS_SUBJECT_PREFIX);
    this.client = jetstream(connection);
  }

  /**
   * Stores the event durably; resolves `duplicate: true` when the stream already had it. Whatever
   * driver normalised it, text PostgreSQL cannot store (U+0000, lone surrogates) leaves here.
   */
  async publish(received: InboundEvent): Promise<{ duplicate: boolean; seq: number }> {
    const event = storableDeep(received);
    const client = this.client ?? (this.client = jetstream(this.proxy.unwrap<NatsConnection>()));
    const ack = await client.publish(
      this.config.NATS_SUBJECT_PREFIX + inboundSubject(event.companyId, event.whatsappId),
      JSON.stringify(event),
      { msgID: inboundEventId(event), expect: { streamName: this.streamName }, timeout: 10_000 },
    );
    return { duplicate: ack.duplicate, seq: ack.seq };
  }
}
