import type { INestApplication } from '@nestjs/common';
import { newRequestId, runWithRequestId, type Logger } from '@atrium/logging';
import cookieParser from 'cookie-parser';
import { raw as rawBodyParser } from 'express';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { STRIPE_WEBHOOK_MAX_BYTES, STRIPE_WEBHOOK_PATH } from '../billing/stripe-webhook.controller.js';
import { CLOUD_WEBHOOK_MAX_BYTES, CLOUD_WEBHOOK_PATH } from '@atrium/contracts';
import type { GatewayConfig } from '../config.js';
import { contentSecurityPolicy } from './content-security-policy.js';
import { serveOpenApi } from './openapi.js';
import { createValidationPipe } from './validation.js';

/**
 * Paths whose segments carry secrets (e-mail, reset code, new password): never logged. Matched
 * as the router matches (any letter case, double slashes), so no spelling of them reaches a log.
 */
const SECRET_PATHS = /^\/+(forgetpassword|resetpasswords)(\/.*)?$/i;

export function loggableUrl(url: string): string {
  return url.replace(SECRET_PATHS, (_path, name: string) => `/${name.toLowerCase()}/[redacted]`);
}

/** HTTP plumbing of the API: request ids, access logs, security headers, CORS, cookies, validation, docs. */
export function configureHttp(app: INestApplication, config: GatewayConfig, logger: Logger): void {
  const express = app.getHttpAdapter().getInstance() as { set(key: string, value: unknown): void; disable(key: string): void };
  express.set('trust proxy', config.TRUST_PROXY);
  express.disable('x-powered-by');

  app.use((request: Request, response: Response, next: NextFunction) => {
    const requestId = request.get('x-request-id')?.slice(0, 100) || newRequestId();
    response.setHeader('x-request-id', requestId);
    runWithRequestId(requestId, next, { ip: request.ip, userAgent: request.get('user-agent')?.slice(0, 300) });
  });
  app.use(
    pinoHttp({
      logger,
      quietReqLogger: true,
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: loggableUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/health') },
    }),
  );
  app.use(helmet({ contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'cross-origin' } }));
  app.use(contentSecurityPolicy());
  app.enableCors({
    origin: config.WEB_ORIGINS.split(',').map((origin) => origin.trim()),
    credentials: true,
    exposedHeaders: ['x-request-id'],
  });
  app.use(cookieParser());
  // Stripe signs the exact bytes it sends: that route gets its body raw, before the JSON parser.
  app.use(STRIPE_WEBHOOK_PATH, rawBodyParser({ type: () => true, limit: STRIPE_WEBHOOK_MAX_BYTES }));
  // so does Meta (X-Hub-Signature-256): the Cloud API webhook's bytes reach sessions untouched
  app.use(CLOUD_WEBHOOK_PATH, rawBodyParser({ type: () => true, limit: CLOUD_WEBHOOK_MAX_BYTES }));
  app.useGlobalPipes(createValidationPipe());

  serveOpenApi(app, config.APP_VERSION);
}
