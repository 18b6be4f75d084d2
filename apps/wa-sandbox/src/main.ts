import 'reflect-metadata';
import { loadConfig } from '@atrium/config';
import { createLogger } from '@atrium/logging';
import { SandboxConfig } from './config.js';
import { startSandbox } from './sandbox.js';

const config = loadConfig(SandboxConfig);
const logger = createLogger({ service: 'wa-sandbox', level: config.LOG_LEVEL });
try {
  const sandbox = await startSandbox(config, logger);
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  logger.fatal({ err: error }, 'wa-sandbox failed to start');
  process.exit(1);
}
