import {
  Catch,
  HttpException,
  HttpStatus,
  type ArgumentsHost,
  type CallHandler,
  type ExceptionFilter,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { AppError, ErrorCode, isBusyError, type ErrorBody, type RpcRequest } from '@atrium/contracts';
import { runWithRequestId, type Logger } from '@atrium/logging';
import { natsRequestDuration, secondsSince, type AppMetrics } from '@atrium/metrics';
import type { NatsContext } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { Observable, tap, throwError } from 'rxjs';

const HTTP_STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  [HttpStatus.BAD_REQUEST]: ErrorCode.ERR_VALIDATION,
  [HttpStatus.UNAUTHORIZED]: ErrorCode.ERR_SESSION_EXPIRED,
  [HttpStatus.FORBIDDEN]: ErrorCode.ERR_NO_PERMISSION,
  [HttpStatus.NOT_FOUND]: ErrorCode.ERR_NOT_FOUND,
  [HttpStatus.PAYLOAD_TOO_LARGE]: ErrorCode.ERR_PAYLOAD_TOO_LARGE,
  [HttpStatus.TOO_MANY_REQUESTS]: ErrorCode.ERR_TOO_MANY_ATTEMPTS,
};

interface HttpResponseLike {
  headersSent?: boolean;
  setHeader?(name: string, value: string): void;
  status(code: number): { json(body: unknown): void };
}

/** `data.retryAfterSeconds` of an error a client may retry (a busy service, a saturated number): the `Retry-After` header. */
function retryAfterOf(body: ErrorBody): number | undefined {
  const seconds = (body.data as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/**
 * The one error mapper of every transport. NATS requests fail with an ErrorBody; HTTP answers
 * `{ "error": CODE }` with its status (spec 000 section 8), `fields` for validation failures and
 * `data` where the client needs it. Unexpected errors are logged with an id and never leak.
 */
@Catch()
export class AppErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): Observable<never> | void {
    const body = this.toBody(exception);
    if (host.getType() === 'rpc') return throwError(() => body);
    if (host.getType() === 'http') {
      const response = host.switchToHttp().getResponse<HttpResponseLike>();
      if (response.headersSent) return;
      const { status, ...payload } = body;
      const retryAfter = retryAfterOf(body);
      if (retryAfter !== undefined) response.setHeader?.('Retry-After', String(retryAfter));
      response.status(status).json(payload);
    }
  }

  private toBody(exception: unknown): ErrorBody & { errorId?: string } {
    if (exception instanceof AppError) return exception.toBody();
    // too busy to start (nothing done): the caller may retry
    if (isBusyError(exception))
      return new AppError(ErrorCode.ERR_SERVICE_UNAVAILABLE, {
        data: { reason: exception.message, retryAfterSeconds: exception.retryAfterSeconds },
      }).toBody();
    if (exception instanceof HttpException) {
      const code = HTTP_STATUS_CODES[exception.getStatus()];
      if (code) return new AppError(code, { status: exception.getStatus() }).toBody();
    }
    const errorId = randomUUID();
    this.logger.error({ err: exception, errorId }, 'unhandled error in request handler');
    return { ...new AppError(ErrorCode.ERR_INTERNAL).toBody(), errorId };
  }
}

/** Runs each NATS handler inside the caller's request id (its log lines join across the hop) and client (for the audit log). */
export class RpcRequestContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const envelope = context.switchToRpc().getData<RpcRequest | undefined>();
    return new Observable((subscriber) =>
      runWithRequestId(envelope?.requestId, () => next.handle().subscribe(subscriber), envelope?.client),
    );
  }
}

/** Times each NATS request this app handles into nats_request_duration_seconds, by subject without the prefix. */
export class RpcMetricsInterceptor implements NestInterceptor {
  private readonly duration: ReturnType<typeof natsRequestDuration>;

  constructor(
    metrics: AppMetrics,
    private readonly subjectPrefix: string,
  ) {
    this.duration = natsRequestDuration(metrics);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const received = context.switchToRpc().getContext<NatsContext>().getSubject?.() ?? 'unknown';
    const subject = received.startsWith(this.subjectPrefix) ? received.slice(this.subjectPrefix.length) : received;
    const startedAt = process.hrtime.bigint();
    const observe = (outcome: 'ok' | 'error') => this.duration.observe({ subject, outcome }, secondsSince(startedAt));
    return next.handle().pipe(tap({ complete: () => observe('ok'), error: () => observe('error') }));
  }
}
