import { inboundStreamName } from '@atrium/contracts';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';

/**
 * Removes a test's inbound JetStream stream: the sessions service creates one per subject prefix
 * on start, and JetStream keeps streams until deleted.
 */
export async function deleteInboundStream(env: Record<string, string>): Promise<void> {
  const connection = await connect({ servers: env.NATS_URL });
  try {
    const manager = await jetstreamManager(connection);
    await manager.streams.delete(inboundStreamName(env.NATS_SUBJECT_PREFIX)).catch(() => undefined);
  } finally {
    await connection.drain();
  }
}
