import { Controller, Get, Headers, HttpStatus, Inject, Res, type Type } from '@nestjs/common';
import { AppError, ErrorCode } from '@atrium/contracts';
import { AppMetrics } from '@atrium/metrics';
import type { Response } from 'express';
import { sameSecret } from './bearer-token.js';
import { Public } from './public.js';

export interface MetricsAccess {
  /** When set, only `Authorization: Bearer <token>` is answered. */
  token: string;
  /** Without a token, answer no one (404): the gateway's port is public. */
  requireToken: boolean;
}

/** GET /metrics: the app's Prometheus exposition (text format). */
export function createMetricsController(access: MetricsAccess): Type<unknown> {
  @Public()
  @Controller('metrics')
  class MetricsController {
    constructor(@Inject(AppMetrics) private readonly metrics: AppMetrics) {}

    @Get()
    async scrape(@Headers('authorization') authorization: string | undefined, @Res() response: Response): Promise<void> {
      if (!access.token && access.requireToken) throw new AppError(ErrorCode.ERR_NOT_FOUND);
      if (access.token && !sameSecret(authorization ?? '', `Bearer ${access.token}`)) throw new AppError(ErrorCode.ERR_SESSION_EXPIRED);
      response
        .status(HttpStatus.OK)
        .type(this.metrics.contentType)
        .send(await this.metrics.text());
    }
  }
  return MetricsController;
}
