import { EnvBoolean } from '@atrium/config';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/**
 * What the single process reads itself; each service reads its own config class from the same
 * environment (README's table), and the gateway's PORT is the API. HEALTH_PORT alone would mean
 * one port for six services: each keeps its default (8081-8086) unless named here.
 */
export class SingleConfig {
  /** Apply every service's migrations before serving (one process: nothing to race with); `npm start` applies them in a step before and sets false. */
  @EnvBoolean() ATRIUM_MIGRATE_AT_START: boolean = true;
  /** identity's health port in the single process (default 8081; 0 picks a free one). */
  @IsOptional() @IsInt() @Min(0) @Max(65535) IDENTITY_HEALTH_PORT?: number;
  /** tickets' health port in the single process (default 8082). */
  @IsOptional() @IsInt() @Min(0) @Max(65535) TICKETS_HEALTH_PORT?: number;
  /** sessions' health port in the single process (default 8083). */
  @IsOptional() @IsInt() @Min(0) @Max(65535) SESSIONS_HEALTH_PORT?: number;
  /** campaigns' health port in the single process (default 8084). */
  @IsOptional() @IsInt() @Min(0) @Max(65535) CAMPAIGNS_HEALTH_PORT?: number;
  /** billing's health port in the single process (default 8085). */
  @IsOptional() @IsInt() @Min(0) @Max(65535) BILLING_HEALTH_PORT?: number;
  /** ai's health port in the single process (default 8086). */
  @IsOptional() @IsInt() @Min(0) @Max(65535) AI_HEALTH_PORT?: number;
}
