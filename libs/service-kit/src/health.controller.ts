import { Controller, Get, HttpCode, HttpStatus, Inject, Req, Res, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { healthSubject, type HealthReport } from '@atrium/contracts';
import type { Request, Response } from 'express';
import { hasBearerToken } from './bearer-token.js';
import { HealthService } from './health.service.js';
import { Public } from './public.js';

export interface HealthExposure {
  /** METRICS_TOKEN: on a public port, the token that shows the dependencies' states. */
  token: string;
  /** The port is public (the gateway's API): readiness tells only ok or not, unless the token is sent. */
  publicPort: boolean;
}

/**
 * Liveness and readiness over HTTP for Kubernetes, and the `<service>.health` NATS request. A
 * public port answers readiness as `{ status }` alone (the status code is what probes read): which
 * dependency is down is for operators (the NATS request, the internal health ports, or the token).
 */
export function createHealthController(service: string, exposure: HealthExposure = { token: '', publicPort: false }): Type<unknown> {
  @Public()
  @Controller('health')
  class HealthController {
    constructor(@Inject(HealthService) private readonly health: HealthService) {}

    @Get('live')
    @HttpCode(HttpStatus.OK)
    live(): { status: 'ok' } {
      return { status: 'ok' };
    }

    @Get('ready')
    async ready(@Req() request: Request, @Res() response: Response): Promise<void> {
      const report = await this.health.report();
      const detailed = !exposure.publicPort || (exposure.token !== '' && hasBearerToken(request, exposure.token));
      response
        .status(report.status === 'ok' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE)
        .json(detailed ? report : { status: report.status });
    }

    @MessagePattern(healthSubject(service))
    answer(): Promise<HealthReport> {
      return this.health.report();
    }
  }
  return HealthController;
}
