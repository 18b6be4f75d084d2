import 'reflect-metadata';
import { loadConfig } from '@atrium/config';
import { createLogger } from '@atrium/logging';
import { StripeSandboxConfig } from './config.js';
import { startStripeSandbox } from './sandbox.js';

const config = loadConfig(StripeSandboxConfig);
const logger = createLogger({ service: 'stripe-sandbox', level: config.LOG_LEVEL });
try {
  const sandbox = await startStripeSandbox(config, logger);
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  logger.fatal({ err: error }, 'stripe-sandbox failed to start');
  process.exit(1);
}
