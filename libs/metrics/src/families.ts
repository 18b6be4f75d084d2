import type { AppMetrics, Collector } from './app-metrics.js';

/**
 * The platform's metric families, by name (deploy/'s dashboards, alerts and autoscalers read
 * these names: change one there too). Each app registers those it has; all carry `app`.
 */
export const httpRequestDuration = (metrics: AppMetrics) =>
  metrics.histogram('http_request_duration_seconds', 'HTTP requests by route template, from arrival to the response sent.', [
    'method',
    'route',
    'status',
  ]);

/** Requests an app handles over NATS (services) and those it makes (every app's RpcClient); outcome ok|error. */
export const natsRequestDuration = (metrics: AppMetrics) =>
  metrics.histogram(
    'nats_request_duration_seconds',
    'NATS requests by subject (without the subject prefix), handled here or made from here.',
    ['subject', 'outcome'],
  );

export const bullmqJobDuration = (metrics: AppMetrics) =>
  metrics.histogram('bullmq_job_duration_seconds', 'BullMQ job runs of this process, by queue and outcome (completed|failed).', [
    'queue',
    'outcome',
  ]);

export const bullmqQueueJobs = (metrics: AppMetrics, collect?: Collector<'queue' | 'state'>) =>
  metrics.gauge(
    'bullmq_queue_jobs',
    'Jobs in the queue (all replicas), by state: waiting|active|delayed|failed.',
    ['queue', 'state'],
    collect,
  );

export const inboundStreamPending = (metrics: AppMetrics, collect?: Collector<'stream' | 'consumer'>) =>
  metrics.gauge(
    'inbound_stream_pending_messages',
    'Messages of the inbound JetStream stream not yet delivered to the consumer (num_pending).',
    ['stream', 'consumer'],
    collect,
  );

export const inboundStreamLag = (metrics: AppMetrics, collect?: Collector<never>) =>
  metrics.gauge('inbound_stream_lag_seconds', 'Age of the oldest inbound event not yet processed (0 when none waits).', [], collect);

export const sessionsByStatus = (metrics: AppMetrics, collect?: Collector<'status'>) =>
  metrics.gauge('sessions_by_status', 'WhatsApp sessions this replica runs, by status.', ['status'], collect);

export const sessionsLeaseHandovers = (metrics: AppMetrics) =>
  metrics.counter('sessions_lease_handovers_total', 'Session leases handed over, by reason: rebalance|takeover|shutdown.', ['reason']);

export const gatewaySockets = (metrics: AppMetrics, collect?: Collector<never>) =>
  metrics.gauge('gateway_sockets', 'socket.io sockets connected to this gateway.', [], collect);

export const gatewayFanOutDuration = (metrics: AppMetrics) =>
  metrics.histogram(
    'gateway_fanout_duration_seconds',
    'From a domain event received from NATS to its frames written to the sockets.',
    [],
    [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  );

export const gatewaySocketDropped = (metrics: AppMetrics) =>
  metrics.counter('gateway_socket_dropped_total', 'Sockets this gateway dropped or disconnected, by reason (e.g. a slow socket).', [
    'reason',
  ]);

export const pgPoolConnections = (metrics: AppMetrics, collect?: Collector<'state'>) =>
  metrics.gauge(
    'pg_pool_connections',
    'PostgreSQL pool of this app: total, idle connections, and queries waiting for one.',
    ['state'],
    collect,
  );
