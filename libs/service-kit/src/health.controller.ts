import { Controller, Get, HttpCode, HttpStatus, Inject, Res, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { healthSubject, type HealthReport } from '@atrium/contracts';
import type { Response } from 'express';
import { HealthService } from './health.service.js';
import { Public } from './public.js';

/** Liveness and readiness over HTTP for Kubernetes, and the `<service>.health` NATS request. */
export function createHealthController(service: string): Type<unknown> {
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
    async ready(@Res() response: Response): Promise<void> {
      const report = await this.health.report();
      response.status(report.status === 'ok' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE).json(report);
    }

    @MessagePattern(healthSubject(service))
    answer(): Promise<HealthReport> {
      return this.health.report();
    }
  }
  return HealthController;
}
