import 'reflect-metadata';
import { loadConfig } from '@atrium/config';
import { createLogger } from '@atrium/logging';
import { OpenAiSandboxConfig } from './config.js';
import { startOpenAiSandbox } from './sandbox.js';

const config = loadConfig(OpenAiSandboxConfig);
const logger = createLogger({ service: 'openai-sandbox', level: config.LOG_LEVEL });
try {
  const sandbox = await startOpenAiSandbox(config, logger);
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  logger.fatal({ err: error }, 'openai-sandbox failed to start');
  process.exit(1);
}
