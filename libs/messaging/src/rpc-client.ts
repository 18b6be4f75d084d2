import type { ClientProxy } from '@nestjs/microservices';
import { NO_MESSAGE_HANDLER } from '@nestjs/microservices/constants.js';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception.js';
import {
  AppError,
  ErrorCode,
  RPC_TIMEOUT_MS,
  type Actor,
  type ClientInfo,
  type ContractMap,
  type ReplyOf,
  type RequestOf,
  type RpcContract,
  type RpcRequest,
  type SubjectOf,
} from '@atrium/contracts';
import { currentClient, currentRequestId, newRequestId } from '@atrium/logging';
import { natsRequestDuration, secondsSince, type AppMetrics } from '@atrium/metrics';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';

export interface RpcCallOptions {
  actor?: Actor;
  client?: ClientInfo;
  timeoutMs?: number;
}

/** Turns whatever a NATS reply failed with into the AppError the caller can rethrow. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  // nobody answered: the service is down, still starting, or has no handler for the subject
  if (error instanceof TimeoutError || error instanceof EmptyResponseException) return new AppError(ErrorCode.ERR_SERVICE_UNAVAILABLE);
  if (error === NO_MESSAGE_HANDLER) return new AppError(ErrorCode.ERR_SERVICE_UNAVAILABLE);
  const fromBody = AppError.fromBody(error);
  if (fromBody) return fromBody;
  return new AppError(ErrorCode.ERR_INTERNAL);
}

/**
 * Request/reply over NATS with the envelope (request id, actor) and a deadline, typed by a
 * contract map: the subject decides the payload it accepts and the reply it resolves to, so a
 * wrong payload or a restated reply type does not compile.
 */
export class ContractClient<C extends ContractMap> {
  private readonly duration?: ReturnType<typeof natsRequestDuration>;

  /** With `metrics`, each request is timed into nats_request_duration_seconds. */
  constructor(
    private readonly proxy: Pick<ClientProxy, 'send' | 'connect' | 'close'>,
    metrics?: AppMetrics,
  ) {
    this.duration = metrics && natsRequestDuration(metrics);
  }

  async request<S extends SubjectOf<C>>(subject: S, data: RequestOf<C, S>, options: RpcCallOptions = {}): Promise<ReplyOf<C, S>> {
    const envelope: RpcRequest<RequestOf<C, S>> = {
      requestId: currentRequestId() ?? newRequestId(),
      actor: options.actor,
      // the browser's IP and user agent travel on with every request made while serving it
      client: options.client ?? currentClient(),
      data,
    };
    const startedAt = process.hrtime.bigint();
    let outcome = 'error';
    try {
      const reply = await firstValueFrom(
        this.proxy.send<ReplyOf<C, S>, RpcRequest<RequestOf<C, S>>>(subject, envelope).pipe(timeout(options.timeoutMs ?? RPC_TIMEOUT_MS)),
      );
      outcome = 'ok';
      return reply;
    } catch (error) {
      throw toAppError(error);
    } finally {
      this.duration?.observe({ subject, outcome }, secondsSince(startedAt));
    }
  }

  async connect(): Promise<void> {
    await this.proxy.connect();
  }

  async close(): Promise<void> {
    await this.proxy.close();
  }
}

/**
 * The client of every service's subjects (`RpcContract`), injected by class. Not generic, so
 * `app.get(RpcClient)` is as typed as an injected one; tests with subjects of their own use
 * `ContractClient<TheirContract>`.
 */
export class RpcClient extends ContractClient<RpcContract> {}
