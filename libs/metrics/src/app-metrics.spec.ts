import { EventEmitter } from 'node:events';
import { AppMetrics, cachedSample } from './app-metrics.js';
import { httpMetricsMiddleware, UNMATCHED_ROUTE } from './http-metrics.js';
import { observePool } from './pool-metrics.js';

const valuesOf = async (metrics: AppMetrics, family: string) =>
  (
    (await metrics.registry.getSingleMetric(family)!.get()) as {
      values: Array<{ value: number; labels: Record<string, unknown>; metricName?: string }>;
    }
  ).values;

describe('AppMetrics', () => {
  it('labels every series with the app and adds the Node.js runtime metrics', async () => {
    const metrics = new AppMetrics('tickets');
    metrics.counter('things_total', 'things', ['kind']).inc({ kind: 'a' });
    const text = await metrics.text();
    expect(text).toContain('things_total{kind="a",app="tickets"} 1');
    expect(text).toContain('nodejs_eventloop_lag_seconds{app="tickets"}');
  });

  it('keeps one registry per app: two apps in one process do not share series', async () => {
    const identity = new AppMetrics('identity', { defaultMetrics: false });
    const gateway = new AppMetrics('gateway', { defaultMetrics: false });
    identity.counter('things_total', 'things', []).inc();
    expect(await gateway.text()).not.toContain('things_total');
  });

  it('answers the existing family of a name, and runs every collector of a gauge after a reset', async () => {
    const metrics = new AppMetrics('campaigns', { defaultMetrics: false });
    expect(metrics.histogram('x_seconds', 'x', ['a'])).toBe(metrics.histogram('x_seconds', 'x', ['a']));
    let second = 2;
    observePool(metrics, { totalCount: 3, idleCount: 1, waitingCount: 0 });
    observePool(metrics, {
      get totalCount() {
        return second;
      },
      idleCount: 2,
      waitingCount: 1,
    });
    const states = async () => Object.fromEntries((await valuesOf(metrics, 'pg_pool_connections')).map((v) => [v.labels.state, v.value]));
    expect(await states()).toEqual({ total: 5, idle: 3, waiting: 1 });
    second = 0;
    expect(await states()).toEqual({ total: 3, idle: 3, waiting: 1 });
  });
});

describe('cachedSample', () => {
  it('reuses a sample within its time to live, and answers undefined for a failed or late one', async () => {
    let calls = 0;
    const sample = cachedSample(async () => ++calls, 60_000);
    expect(await sample()).toBe(1);
    expect(await sample()).toBe(1);
    expect(await cachedSample(() => Promise.reject(new Error('redis down')))()).toBeUndefined();
    expect(await cachedSample(() => new Promise<number>(() => undefined), 0, 20)()).toBeUndefined();
  });
});

describe('httpMetricsMiddleware', () => {
  const respond = (metrics: AppMetrics, request: { method: string; baseUrl?: string; route?: { path: string } }, statusCode: number) => {
    const response = Object.assign(new EventEmitter(), { statusCode });
    httpMetricsMiddleware(metrics)(request, response, () => undefined);
    response.emit('finish');
    response.emit('close'); // counted once
  };

  it('labels a request by its route template, and one no route matched as unmatched', async () => {
    const metrics = new AppMetrics('gateway', { defaultMetrics: false });
    respond(metrics, { method: 'GET', route: { path: '/tickets/:ticketId' } }, 200);
    respond(metrics, { method: 'GET' }, 404);
    const counts = (await valuesOf(metrics, 'http_request_duration_seconds')).filter(
      (v) => v.metricName === 'http_request_duration_seconds_count',
    );
    expect(counts.map((v) => [v.labels.route, v.labels.status, v.value])).toEqual([
      ['/tickets/:ticketId', '200', 1],
      [UNMATCHED_ROUTE, '404', 1],
    ]);
  });
});
