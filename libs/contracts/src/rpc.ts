import type { Actor } from './actor.js';

/** Where a request came from, for rate limits and audit. */
export interface ClientInfo {
  ip?: string;
  userAgent?: string;
}

/** Every NATS request is wrapped in one envelope: tenant and actor travel with the data. */
export interface RpcRequest<T = unknown> {
  requestId: string;
  actor?: Actor;
  client?: ClientInfo;
  data: T;
}

/** Default time a caller waits for a NATS reply before answering ERR_SERVICE_UNAVAILABLE. */
export const RPC_TIMEOUT_MS = 10_000;

/** Each service answers this subject with its health (liveness and dependencies). */
export function healthSubject<S extends string>(service: S): `${S}.health` {
  return `${service}.health`;
}

export interface HealthReport {
  service: string;
  status: 'ok' | 'degraded';
  checks: Record<string, 'up' | 'down'>;
  uptimeSeconds: number;
}

export interface Page<T> {
  records: T[];
  count: number;
  hasMore: boolean;
}
