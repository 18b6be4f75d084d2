import type { AppMetrics } from './app-metrics.js';
import { secondsSince } from './app-metrics.js';
import { httpRequestDuration } from './families.js';

/** What the middleware reads of an Express request and response. */
interface RequestLike {
  method: string;
  baseUrl?: string;
  route?: { path?: unknown };
}
interface ResponseLike {
  statusCode: number;
  once(event: 'finish' | 'close', listener: () => void): unknown;
}

/** Requests no route matched are counted under this route, so a scan of random URLs adds no series. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Express middleware timing every request into http_request_duration_seconds, labelled by the
 * route's template (`/tickets/:ticketId`, as the router matched it), never the raw URL.
 */
export function httpMetricsMiddleware(metrics: AppMetrics) {
  const duration = httpRequestDuration(metrics);
  return (request: RequestLike, response: ResponseLike, next: () => void): void => {
    const startedAt = process.hrtime.bigint();
    let recorded = false;
    const record = () => {
      if (recorded) return;
      recorded = true;
      const template = typeof request.route?.path === 'string' ? `${request.baseUrl ?? ''}${request.route.path}` : UNMATCHED_ROUTE;
      duration.observe({ method: request.method, route: template, status: String(response.statusCode) }, secondsSince(startedAt));
    };
    response.once('finish', record);
    response.once('close', record);
    next();
  };
}
