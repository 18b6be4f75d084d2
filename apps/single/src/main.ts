import 'reflect-metadata';
import { loadConfig } from '@atrium/config';
import { createLogger } from '@atrium/logging';
import { SingleConfig } from './config.js';
import { migrateAll, startSingleProcess, type SingleProcess } from './single-process.js';

/**
 * The whole platform in one process (ATRIUM_MODE=single, `npm start -- --single`):
 * `node dist/main.js migrate` applies every service's migrations and exits; `node dist/main.js`
 * applies them too (one process, nothing to race with) and serves. SIGTERM or SIGINT closes the
 * gateway, then the services.
 */
const logger = createLogger({ service: 'single', level: process.env.LOG_LEVEL ?? 'info' });
let running: SingleProcess | undefined;
let stopping = false;

async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'stopping');
  await running?.close();
  process.exit(0);
}

try {
  const config = loadConfig(SingleConfig);
  if (process.argv.includes('migrate')) {
    await migrateAll();
    logger.info('migrations applied');
  } else {
    const began = Date.now();
    running = await startSingleProcess({ migrate: config.ATRIUM_MIGRATE_AT_START, logger });
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void stop(signal));
    logger.info({ startedInMs: Date.now() - began, url: await running.gateway.getUrl() }, 'Atrium (single process) ready');
  }
} catch (error) {
  logger.fatal({ err: error }, 'Atrium (single process) failed to start');
  process.exitCode = 1;
  setTimeout(() => process.exit(1), 100).unref();
}
