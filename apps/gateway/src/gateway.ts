import type { INestApplication } from '@nestjs/common';
import { createLogger, type Logger } from '@atrium/logging';
import { startService } from '@atrium/service-kit';
import { GatewayAppModule } from './app.module.js';
import type { GatewayConfig } from './config.js';
import { configureHttp } from './core/http-setup.js';
import { RealtimeIoAdapter } from './realtime/realtime-io.adapter.js';

/**
 * Starts the gateway: the REST API and socket.io on PORT. Used by main.ts, by apps/single (which
 * closes it itself: `shutdownHooks: false`) and by tests.
 */
export function startGateway(
  config: GatewayConfig,
  logger: Logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL }),
  options: { shutdownHooks?: boolean } = {},
): Promise<INestApplication> {
  return startService({
    ...options,
    service: 'gateway',
    config,
    logger,
    module: GatewayAppModule.forRoot(config),
    port: config.PORT,
    // the API is public: every interface (HEALTH_HOST is for the services' internal health ports)
    host: '0.0.0.0',
    configure: (app) => {
      configureHttp(app, config, logger);
      app.useWebSocketAdapter(new RealtimeIoAdapter(app, config));
    },
  });
}
