import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { AppError, ErrorCode, IdentitySubjects, type WhatsappTokenOwner } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { REDIS, SERVICE_CONFIG } from '@atrium/service-kit';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import type { GatewayConfig } from '../config.js';
import { ApiTokenOwners } from './api-token-owners.js';

/** The connection (and company) a request of the external API acts for, as the guard found it. */
export type ApiConnection = WhatsappTokenOwner;
export type ApiRequest = Request & { apiConnection?: ApiConnection };

const BEARER = /^Bearer\s+([\x21-\x7e]{8,200})\s*$/i;
/** How long a company's plan answer is reused: a plan that drops the API stops its tokens within this. */
export const PLAN_CACHE_MS = 5_000;

/**
 * The external messaging API's door (issue 15), before any upload is read: the bearer token must
 * be a connection's (401 ERR_INVALID_API_TOKEN), within that token's rate limit (429
 * ERR_TOO_MANY_ATTEMPTS with Retry-After and RateLimit-* headers), its company's plan must have
 * useExternalApi (403 ERR_PLAN_FEATURE_DISABLED) and the connection must be connected (400
 * ERR_WAPP_NOT_INITIALIZED). The company is the token's, never the client's. The token's connection
 * is kept by ApiTokenOwners (dropped when the connection changes: a regenerated token stops at
 * once); the plan's flag is reused PLAN_CACHE_MS.
 */
@Injectable()
export class ExternalApiGuard implements CanActivate {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(ApiTokenOwners) private readonly owners: ApiTokenOwners,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
  ) {}

  private readonly plans = new Map<number, { at: number; allowed: boolean }>();

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<ApiRequest>();
    const response = context.switchToHttp().getResponse<Response>();
    const token = BEARER.exec(request.get('authorization') ?? '')?.[1];
    if (!token) throw this.unauthorized(response);
    let owner: WhatsappTokenOwner;
    try {
      owner = await this.owners.ownerOf(token);
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.ERR_INVALID_API_TOKEN) throw this.unauthorized(response);
      throw error;
    }
    await this.admit(owner.id, response);
    if (!(await this.planAllows(owner.companyId))) throw new AppError(ErrorCode.ERR_PLAN_FEATURE_DISABLED);
    if (owner.status !== 'CONNECTED') throw new AppError(ErrorCode.ERR_WAPP_NOT_INITIALIZED, { data: { status: owner.status } });
    request.apiConnection = owner;
    return true;
  }

  private async planAllows(companyId: number): Promise<boolean> {
    const cached = this.plans.get(companyId);
    if (cached && Date.now() - cached.at < PLAN_CACHE_MS) return cached.allowed;
    const company = await this.rpc.request(IdentitySubjects.companiesPlan, { companyId });
    if (this.plans.size > 10_000) this.plans.clear();
    this.plans.set(companyId, { at: Date.now(), allowed: company.plan.useExternalApi });
    return company.plan.useExternalApi;
  }

  private unauthorized(response: Response): AppError {
    response.setHeader('WWW-Authenticate', 'Bearer');
    return new AppError(ErrorCode.ERR_INVALID_API_TOKEN);
  }

  /** A fixed window per connection's token: EXTERNAL_API_RATE_LIMIT requests per EXTERNAL_API_RATE_WINDOW_S. */
  private async admit(whatsappId: number, response: Response): Promise<void> {
    const limit = this.config.EXTERNAL_API_RATE_LIMIT;
    const key = `${this.config.REDIS_PREFIX}external-api:rate:${whatsappId}`;
    const results = await this.redis.multi().incr(key).expire(key, this.config.EXTERNAL_API_RATE_WINDOW_S, 'NX').ttl(key).exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    const reset = Math.max(1, Number(results?.[2]?.[1] ?? this.config.EXTERNAL_API_RATE_WINDOW_S));
    response.setHeader('RateLimit-Limit', limit);
    response.setHeader('RateLimit-Remaining', Math.max(0, limit - count));
    response.setHeader('RateLimit-Reset', reset);
    if (count > limit) {
      response.setHeader('Retry-After', reset);
      throw new AppError(ErrorCode.ERR_TOO_MANY_ATTEMPTS, {
        data: { limit, windowSeconds: this.config.EXTERNAL_API_RATE_WINDOW_S, retryAfterSeconds: reset },
      });
    }
  }
}
