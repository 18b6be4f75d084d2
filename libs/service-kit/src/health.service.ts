import type { HealthReport } from '@atrium/contracts';

export type HealthCheck = () => Promise<boolean>;

/** A check that has not answered by then counts as down (a client may queue its ping while reconnecting). */
export const HEALTH_CHECK_TIMEOUT_MS = 3_000;

function withinTimeout(check: HealthCheck): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), HEALTH_CHECK_TIMEOUT_MS)));
  return Promise.race([check().catch(() => false), late]).finally(() => clearTimeout(timer));
}

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
        const up = await withinTimeout(check);
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
