import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';

/** Nest's logger interface over pino, so framework messages are JSON lines too. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  private write(level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal', message: unknown, rest: unknown[]): void {
    const context = typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    if (message instanceof Error) {
      this.logger[level]({ err: message, context }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.logger[level]({ ...(message as object), context });
    } else {
      this.logger[level]({ context }, String(message));
    }
  }
}
