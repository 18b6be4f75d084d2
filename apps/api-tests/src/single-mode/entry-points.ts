import type { INestApplication } from '@nestjs/common';
import { JobQueue } from '@atrium/jobs';
import { IntegrationEvents } from '@atrium/messaging';
import { natsPatternsOf } from '@atrium/service-kit';

/**
 * What a started app answers: its HTTP routes (`GET /health/ready`), NATS request patterns, the
 * integration events its durable consumer handles and the jobs its worker runs, each sorted.
 */
export interface EntryPoints {
  http: string[];
  nats: string[];
  integrationEvents: string[];
  jobs: string[];
}

type ExpressLayer = { route?: { path: string; methods: Record<string, boolean> } };

function optional<T>(app: INestApplication, token: abstract new (...args: never[]) => T): T | undefined {
  try {
    return app.get(token, { strict: false });
  } catch {
    return undefined; // this app has none (the gateway has no jobs)
  }
}

export function entryPointsOf(app: INestApplication): EntryPoints {
  const express = app.getHttpAdapter().getInstance() as { router?: { stack: ExpressLayer[] } };
  const http = (express.router?.stack ?? []).flatMap((layer) =>
    layer.route ? Object.keys(layer.route.methods).map((method) => `${method.toUpperCase()} ${layer.route!.path}`) : [],
  );
  return {
    http: [...new Set(http)].sort(),
    nats: natsPatternsOf(app),
    integrationEvents: optional(app, IntegrationEvents)?.handledEvents() ?? [],
    jobs: optional(app, JobQueue)?.handledJobs() ?? [],
  };
}
