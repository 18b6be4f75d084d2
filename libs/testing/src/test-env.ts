import { INBOUND_STREAM, INTEGRATION_STREAM } from '@atrium/contracts';
import { deleteStream } from '@atrium/messaging';
import { connect } from '@nats-io/transport-node';
import { randomBytes } from 'node:crypto';
import type { TestDatabase } from './test-database.js';

/**
 * Environment for services started inside one test file: its own database, NATS subject prefix
 * and Redis key prefix, so test files run in parallel against the same servers.
 */
export function isolatedEnv(database: TestDatabase, extra: Record<string, string> = {}): Record<string, string> {
  const id = randomBytes(4).toString('hex');
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: database.url,
    DATABASE_MIGRATION_URL: database.ownerUrl,
    DATABASE_POOL_MAX: '4',
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    NATS_SUBJECT_PREFIX: `t${id}.`,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `test:${id}:`,
    HEALTH_PORT: '0',
    ...extra,
  };
}

/**
 * Removes the JetStream streams services created under the environment's subject prefix (the
 * inbound and integration-event streams): JetStream keeps streams until deleted.
 */
export async function deleteTestStreams(env: Record<string, string>): Promise<void> {
  const connection = await connect({ servers: env.NATS_URL });
  try {
    for (const stream of [INBOUND_STREAM, INTEGRATION_STREAM]) await deleteStream(connection, stream, env.NATS_SUBJECT_PREFIX ?? '');
  } finally {
    await connection.drain();
  }
}
