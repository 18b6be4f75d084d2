import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { IsTimeZone } from './time-zone.js';

export const NODE_ENVS = ['development', 'test', 'production'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

/** Variables every backend service reads. Each app extends it with its own. */
export class ServiceConfig {
  @IsIn(NODE_ENVS) NODE_ENV: NodeEnv = 'development';
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) LOG_LEVEL: string = 'info';

  /** Runtime connection: a role that row-level security applies to. */
  @Matches(/^postgres(ql)?:\/\//) DATABASE_URL: string = 'postgres://atrium_app@127.0.0.1:5432/atrium';
  /** Owner connection used only to run migrations and grants. */
  @Matches(/^postgres(ql)?:\/\//) DATABASE_MIGRATION_URL: string = 'postgres://postgres@127.0.0.1:5432/atrium';
  @IsInt() @Min(1) @Max(200) DATABASE_POOL_MAX: number = 10;

  @IsString() NATS_URL: string = 'nats://127.0.0.1:4222';
  /** Prepended to every subject this process uses; lets test suites share one NATS server. */
  @IsOptional() @Matches(/^([A-Za-z0-9_-]+\.)?$/) NATS_SUBJECT_PREFIX: string = '';

  @Matches(/^rediss?:\/\//) REDIS_URL: string = 'redis://127.0.0.1:6379';
  @IsOptional() @Matches(/^[A-Za-z0-9_:-]*$/) REDIS_PREFIX: string = 'atrium:';

  /**
   * The platform's calendar: when a company's due date has passed and trial due dates (identity),
   * the message variables `hora`, `ms` and `protocol` and the date filters (tickets); the time zone a
   * new company is given (setting `timezone`, in which its business hours are read).
   */
  @IsTimeZone() TIME_ZONE: string = 'America/Sao_Paulo';

  /** HTTP port of /health/live, /health/ready and /metrics (0 picks a free one). */
  @IsInt() @Min(0) @Max(65535) HEALTH_PORT: number = 0;

  /**
   * Interface the services' HEALTH_PORT listens on: the loopback by default, so readiness (with its
   * dependency states) and metrics stay on the machine; a deployment whose probes or Prometheus
   * come from outside the pod or container sets what they need (the Helm chart: 0.0.0.0). The
   * gateway's API port is public and not affected.
   */
  @IsString() @IsNotEmpty() HEALTH_HOST: string = '127.0.0.1';

  /**
   * Prometheus metrics (GET /metrics): when set, only requests with `Authorization: Bearer <token>`
   * are answered. Services serve them on HEALTH_PORT, inside the cluster, token or not; the gateway
   * serves them on its public PORT only when a token is set (without one its /metrics is 404).
   */
  @IsOptional() @IsString() METRICS_TOKEN: string = '';
}
