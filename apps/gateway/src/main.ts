import 'reflect-metadata';
import { loadConfig } from '@atrium/config';
import { createLogger } from '@atrium/logging';
import { GatewayConfig } from './config.js';
import { startGateway } from './gateway.js';

const config = loadConfig(GatewayConfig);
const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
try {
  await startGateway(config, logger);
} catch (error) {
  logger.fatal({ err: error }, 'gateway failed to start');
  process.exit(1);
}
