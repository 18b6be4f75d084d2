import 'reflect-metadata';
import { loadConfig } from '@atrium/config';
import { createLogger } from '@atrium/logging';
import { BotProvidersSandboxConfig } from './config.js';
import { startBotProvidersSandbox } from './sandbox.js';

const config = loadConfig(BotProvidersSandboxConfig);
const logger = createLogger({ service: 'bot-providers-sandbox', level: config.LOG_LEVEL });
try {
  const sandbox = await startBotProvidersSandbox(config, logger);
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  logger.fatal({ err: error }, 'bot-providers-sandbox failed to start');
  process.exit(1);
}
