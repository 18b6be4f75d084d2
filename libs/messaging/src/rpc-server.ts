import { Catch, type ArgumentsHost, type CallHandler, type ExceptionFilter, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { AppError, ErrorCode, type ErrorBody, type RpcRequest } from '@atrium/contracts';
import { runWithRequestId, type Logger } from '@atrium/logging';
import { randomUUID } from 'node:crypto';
import { Observable, throwError } from 'rxjs';

/** Answers every failed NATS request with an ErrorBody; unexpected errors are logged with an id and never leak. */
@Catch()
export class RpcErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): Observable<never> | void {
    const body = this.toBody(exception);
    if (host.getType() !== 'rpc') return;
    return throwError(() => body);
  }

  private toBody(exception: unknown): ErrorBody & { errorId?: string } {
    if (exception instanceof AppError) return exception.toBody();
    const errorId = randomUUID();
    this.logger.error({ err: exception, errorId }, 'unhandled error in request handler');
    return { ...new AppError(ErrorCode.ERR_INTERNAL).toBody(), errorId };
  }
}

/** Runs each NATS handler inside the caller's request id, so its log lines can be joined across the hop. */
export class RpcRequestContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const requestId = context.switchToRpc().getData<RpcRequest>()?.requestId;
    return new Observable((subscriber) => runWithRequestId(requestId, () => next.handle().subscribe(subscriber)));
  }
}
