import { inboundEventId, inboundStreamName, inboundSubject, type InboundEvent, type InboundEventData } from '@atrium/contracts';
import { aChannelMessage } from '@atrium/testing';
import { jetstream, jetstreamManager, type JetStreamClient } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { randomBytes } from 'node:crypto';

/**
 * Publishes InboundEvents on the stack's INBOUND stream exactly as the sessions service does
 * (libs/contracts sessions/inbound.ts): subject `<prefix>inbound.<companyId>.<whatsappId>`,
 * `Nats-Msg-Id` = inboundEventId(event), awaiting JetStream's acknowledgement.
 */
export class InboundPublisher {
  private constructor(
    private readonly connection: NatsConnection,
    private readonly client: JetStreamClient,
    private readonly prefix: string,
  ) {}

  static async open(env: Record<string, string>): Promise<InboundPublisher> {
    const connection = await connect({ servers: env.NATS_URL, name: 'inbound-publisher' });
    return new InboundPublisher(connection, jetstream(connection), env.NATS_SUBJECT_PREFIX ?? '');
  }

  /** Stores the event; `duplicate` when the stream already had one with its id (inside the duplicate window). */
  async publish(companyId: number, whatsappId: number, data: InboundEventData): Promise<{ duplicate: boolean; event: InboundEvent }> {
    const event = { companyId, whatsappId, receivedAt: Date.now(), ...data } as InboundEvent;
    const ack = await this.client.publish(this.prefix + inboundSubject(companyId, whatsappId), JSON.stringify(event), {
      msgID: inboundEventId(event),
    });
    return { duplicate: ack.duplicate, event };
  }

  /** Publishes the same bytes under a new NATS message id: what a redelivery after the duplicate window looks like. */
  async republish(event: InboundEvent): Promise<void> {
    await this.client.publish(this.prefix + inboundSubject(event.companyId, event.whatsappId), JSON.stringify(event), {
      msgID: `${inboundEventId(event)}:again:${randomBytes(4).toString('hex')}`,
    });
  }

  /** Stops publishing and deletes the test's stream (with the tickets service's consumer). */
  async close(): Promise<void> {
    const manager = await jetstreamManager(this.connection);
    await manager.streams.delete(inboundStreamName(this.prefix)).catch(() => undefined);
    await this.connection.drain();
  }
}

/** A customer's text as a driver normalises it. */
export const customerText = aChannelMessage;

let sequence = 0;
/** A fresh Brazilian mobile number per call. */
export function aNumber(): string {
  sequence += 1;
  return `55119${String(Date.now() % 10_000).padStart(4, '0')}${String(sequence).padStart(4, '0')}`;
}
