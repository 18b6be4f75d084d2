import type { AppMessageEventPayload, WhatsappView } from '@atrium/contracts';
import { scrapeMetrics, samplesOf, sumOf, type MetricSample } from './metrics-scrape.js';
import { eventually } from './nats-fixtures.js';
import {
  connectSandboxNumber,
  sandboxCall,
  sessionsTenant,
  startSessionsStack,
  type SessionsStack,
  type SessionsTenant,
} from './sessions/sessions-fixtures.js';
import type { ServiceName } from './stack.js';

const TOKEN = 'metrics-test-token';
const BUSINESS = '5511971005001';
const CUSTOMER = '5511987005001';
const SERVICES: ServiceName[] = ['identity', 'sessions', 'tickets', 'campaigns', 'billing'];

/**
 * Every app's GET /metrics after real traffic: an HTTP request through the gateway, the NATS hops
 * behind it, and a customer's message from the sandbox through sessions' inbound stream into
 * tickets and out to the admin's socket.
 */
describe('Prometheus metrics of every app', () => {
  let env: SessionsStack;
  let company: SessionsTenant;
  let connection: WhatsappView;
  const urlOf = async (app: ServiceName | 'gateway') => (await env.stack.apps[app]!.getUrl()).replace('[::1]', '127.0.0.1');
  const scrape = async (app: ServiceName | 'gateway') => scrapeMetrics(await urlOf(app), TOKEN);

  beforeAll(async () => {
    env = await startSessionsStack({ services: SERVICES, env: { METRICS_TOKEN: TOKEN } });
    company = await sessionsTenant(env.stack, 1);
    connection = await connectSandboxNumber(env, company.tenant.admin, company.socket, company.tenant.companyId, BUSINESS);
  });
  afterAll(async () => {
    await company?.close();
    await env?.stop();
  });

  it('answers the gateway’s /metrics only with the token', async () => {
    const url = await urlOf('gateway');
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    expect((await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const answered = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answered.status).toBe(200);
    expect(answered.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('names the gateway’s dependencies in /health/ready only to the token’s holder (its port is public)', async () => {
    const url = await urlOf('gateway');
    expect(await (await fetch(`${url}/health/ready`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${url}/health/ready`, { headers: { authorization: 'Bearer wrong' } })).json()).toEqual({ status: 'ok' });
    const detailed = await fetch(`${url}/health/ready`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(await detailed.json()).toMatchObject({ service: 'gateway', status: 'ok', checks: { nats: 'up', redis: 'up' } });
  });

  it('times the gateway’s HTTP requests by route template and the NATS requests behind them', async () => {
    const route = { method: 'GET', route: '/whatsapp/:id', status: '200' };
    const before = sumOf(await scrape('gateway'), 'http_request_duration_seconds_count', route);
    const shown = await company.tenant.admin.get(`/whatsapp/${connection.id}`);
    expect(shown.status).toBe(200);
    const gateway = await scrape('gateway');
    expect(sumOf(gateway, 'http_request_duration_seconds_count', route)).toBe(before + 1);
    // the raw URL (with its id) is never a label
    expect(samplesOf(gateway, 'http_request_duration_seconds_count').some((s) => s.labels.route!.includes(String(connection.id)))).toBe(
      false,
    );
    // the gateway asked sessions over NATS; sessions handled it
    const asked = samplesOf(gateway, 'nats_request_duration_seconds_count', { outcome: 'ok' }).filter((s) =>
      s.labels.subject!.startsWith('sessions.'),
    );
    expect(asked.length).toBeGreaterThan(0);
    const handled = samplesOf(await scrape('sessions'), 'nats_request_duration_seconds_count', { outcome: 'ok' });
    expect(handled.map((s) => s.labels.subject)).toEqual(expect.arrayContaining(asked.map((s) => s.labels.subject)));
    expect(handled.every((s) => !s.labels.subject!.startsWith(env.stack.env.NATS_SUBJECT_PREFIX!))).toBe(true);
  });

  it('follows an inbound message: stream drained, fanned out to the socket, sessions by status', async () => {
    const sent = await sandboxCall<{ id: string }>(env.sandbox, 'POST', '/messages', {
      from: CUSTOMER,
      to: BUSINESS,
      body: 'métricas, por favor',
    });
    expect(sent.status).toBe(201);
    await company.socket.nextWhere<AppMessageEventPayload>(
      `company-${company.tenant.companyId}-appMessage`,
      (p) => p.message?.body === 'métricas, por favor',
      15_000,
    );

    let tickets: MetricSample[] = [];
    await eventually(
      async () => {
        tickets = await scrape('tickets');
        return sumOf(tickets, 'inbound_stream_pending_messages') === 0 && sumOf(tickets, 'inbound_stream_lag_seconds') === 0;
      },
      10_000,
      250,
    );
    expect(samplesOf(tickets, 'inbound_stream_pending_messages')[0]!.labels).toMatchObject({
      app: 'tickets',
      consumer: expect.any(String),
      stream: expect.any(String),
    });

    const gateway = await scrape('gateway');
    expect(sumOf(gateway, 'gateway_sockets')).toBeGreaterThanOrEqual(1);
    expect(sumOf(gateway, 'gateway_fanout_duration_seconds_count')).toBeGreaterThan(0);
    expect(samplesOf(gateway, 'gateway_fanout_duration_seconds_bucket', { le: '+Inf' })).toHaveLength(1);

    const sessions = await scrape('sessions');
    expect(sumOf(sessions, 'sessions_by_status', { status: 'CONNECTED' })).toBe(1);
    expect(
      samplesOf(sessions, 'sessions_lease_handovers_total')
        .map((s) => s.labels.reason)
        .sort(),
    ).toEqual(['rebalance', 'shutdown', 'takeover']);
  });

  it('reports queue depths, the PostgreSQL pool and the Node.js runtime of every app', async () => {
    for (const app of ['tickets', 'campaigns', 'billing'] as const) {
      const samples = await scrape(app);
      expect(
        samplesOf(samples, 'bullmq_queue_jobs', { queue: app })
          .map((s) => s.labels.state)
          .sort(),
      ).toEqual(['active', 'delayed', 'failed', 'waiting']);
    }
    for (const app of [...SERVICES, 'gateway'] as const) {
      const samples = await scrape(app);
      expect(samples.every((s) => s.labels.app === app)).toBe(true);
      expect(samplesOf(samples, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
      expect(sumOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      if (app !== 'gateway')
        expect(
          samplesOf(samples, 'pg_pool_connections')
            .map((s) => s.labels.state)
            .sort(),
        ).toEqual(['idle', 'total', 'waiting']);
    }
  });
});
