import 'reflect-metadata';
import { loadConfig } from '@atrium/config';
import { createLogger } from '@atrium/logging';
import { MetaSandboxConfig } from './config.js';
import { startMetaSandbox } from './sandbox.js';

const config = loadConfig(MetaSandboxConfig);
const logger = createLogger({ service: 'meta-sandbox', level: config.LOG_LEVEL });
try {
  const sandbox = await startMetaSandbox(config, logger);
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  logger.fatal({ err: error }, 'meta-sandbox failed to start');
  process.exit(1);
}
