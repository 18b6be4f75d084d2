import { pino, type Logger, type LoggerOptions } from 'pino';
import { currentRequestId } from './request-context.js';

/** Paths pino blanks out wherever they appear in a log object. */
export const REDACTED_PATHS = [
  'password',
  'newPassword',
  'token',
  'refreshToken',
  'apiKey',
  'voiceKey',
  'jsonContent',
  'secret',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.refreshToken',
  '*.apiKey',
  '*.voiceKey',
  '*.jsonContent',
  '*.secret',
  'data.password',
  'data.body.password',
  'data.body.apiKey',
  'data.body.voiceKey',
  'data.body.jsonContent',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
];

export interface LoggerSettings {
  service: string;
  level?: string;
  /** Write somewhere other than stdout (tests). */
  destination?: NodeJS.WritableStream;
}

/** JSON logs with the service name, the current request id and secrets redacted. */
export function createLogger(settings: LoggerSettings): Logger {
  const options: LoggerOptions = {
    name: settings.service,
    level: settings.level ?? 'info',
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    mixin() {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return settings.destination ? pino(options, settings.destination as pino.DestinationStream) : pino(options);
}

export type { Logger } from 'pino';
