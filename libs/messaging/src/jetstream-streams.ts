import { streamName, type StreamDefinition } from '@atrium/contracts';
import { jetstreamManager, RetentionPolicy, StorageType, type StreamConfig } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';

/**
 * The one place that creates JetStream streams: creates `stream` under the subject prefix, or
 * brings an existing one to its definition (libs/contracts integration/streams.ts). Publishers and
 * consumers both call it on start, whichever comes first; concurrent calls are harmless.
 * Resolves the stream's name.
 */
export async function ensureStream(connection: NatsConnection, stream: StreamDefinition, subjectPrefix: string): Promise<string> {
  const name = streamName(stream, subjectPrefix);
  const config: Partial<StreamConfig> & { name: string } = {
    name,
    subjects: [`${subjectPrefix}${stream.subjectRoot}.>`],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    max_age: nanos(stream.maxAgeSeconds * 1000),
    // JetStream wants the window inside the retention.
    duplicate_window: nanos(Math.min(stream.duplicateWindowSeconds, stream.maxAgeSeconds) * 1000),
  };
  const manager = await jetstreamManager(connection);
  try {
    const current = await manager.streams.info(name);
    if (current.config.max_age !== config.max_age || current.config.duplicate_window !== config.duplicate_window) {
      await manager.streams.update(name, config);
    }
    return name;
  } catch (error) {
    if (!/not found/i.test(String((error as Error).message))) throw error;
  }
  try {
    await manager.streams.add(config);
  } catch (error) {
    // another process created it meanwhile
    if (!/already in use|exists/i.test(String((error as Error).message))) throw error;
  }
  return name;
}

/** Removes a stream (tests: JetStream keeps a suite's streams until deleted). */
export async function deleteStream(connection: NatsConnection, stream: StreamDefinition, subjectPrefix: string): Promise<void> {
  const manager = await jetstreamManager(connection);
  await manager.streams.delete(streamName(stream, subjectPrefix)).catch(() => undefined);
}
