import 'reflect-metadata';
import { loadConfig } from '@atrium/config';
import { createLogger } from '@atrium/logging';
import { OidcSandboxConfig } from './config.js';
import { startOidcSandbox } from './sandbox.js';

const config = loadConfig(OidcSandboxConfig);
const logger = createLogger({ service: 'oidc-sandbox', level: config.LOG_LEVEL });
try {
  const sandbox = await startOidcSandbox(config, logger);
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  logger.fatal({ err: error }, 'oidc-sandbox failed to start');
  process.exit(1);
}
