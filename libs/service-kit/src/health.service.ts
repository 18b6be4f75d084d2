import type { HealthReport } from '@atrium/contracts';

export type HealthCheck = () => Promise<boolean>;

/** Collects the dependency checks a service registered (database, NATS, Redis). */
export class HealthService {
  private readonly startedAt = Date.now();

  constructor(
    private readonly service: string,
    private readonly checks: Record<string, HealthCheck>,
  ) {}

  async report(): Promise<HealthReport> {
    const entries = await Promise.all(
      Object.entries(this.checks).map(async ([name, check]) => {
        const up = await check().catch(() => false);
        return [name, up ? 'up' : 'down'] as const;
      }),
    );
    const checks = Object.fromEntries(entries);
    return {
      service: this.service,
      status: entries.every(([, state]) => state === 'up') ? 'ok' : 'degraded',
      checks,
      uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000),
    };
  }
}
