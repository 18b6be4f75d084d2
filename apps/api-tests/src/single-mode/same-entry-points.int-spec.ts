import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@atrium/config';
import { GatewayConfig, startGateway } from '@atrium/app-gateway';
import { SERVICE_CATALOG, startSingleProcess } from '@atrium/app-single';
import { createTestDatabase, deleteTestStreams, isolatedEnv, REPO_ROOT, type TestDatabase } from '@atrium/testing';
import { startStackService, type ServiceName } from '../stack.js';
import { entryPointsOf, type EntryPoints } from './entry-points.js';

/**
 * The single process (apps/single, `npm start -- --single`) is the microservices' own modules in
 * one process, not a second implementation: every app answers the same HTTP routes and NATS
 * patterns, consumes the same integration events and runs the same jobs in both modes.
 */
describe('single and multi-process modes register the same entry points', () => {
  let database: TestDatabase;
  let env: Record<string, string>;
  const multi: Record<string, EntryPoints> = {};
  const single: Record<string, EntryPoints> = {};

  const closeAll = (apps: INestApplication[]): Promise<unknown> => Promise.allSettled(apps.map((app) => app.close()));

  beforeAll(async () => {
    database = await createTestDatabase();
    env = isolatedEnv(database, { PORT: '0' });
    // one app per service, as each service's main.ts starts it in its own process
    const apart: INestApplication[] = [];
    try {
      for (const { name } of SERVICE_CATALOG) {
        const app = await startStackService(name as ServiceName, env);
        apart.push(app);
        multi[name] = entryPointsOf(app);
      }
      const gateway = await startGateway(loadConfig(GatewayConfig, env));
      apart.push(gateway);
      multi.gateway = entryPointsOf(gateway);
    } finally {
      await closeAll(apart.reverse());
    }
    const together = await startSingleProcess({ env });
    try {
      for (const [name, app] of Object.entries(together.apps)) single[name] = entryPointsOf(app);
      single.gateway = entryPointsOf(together.gateway);
    } finally {
      await together.close();
    }
  }, 180_000);

  afterAll(async () => {
    await database?.drop();
    if (env) await deleteTestStreams(env);
  });

  it('composes every service npm start runs (those with migrations) and the gateway', async () => {
    const tools = (await import(path.join(REPO_ROOT, 'tools', 'lib', 'apps.mjs'))) as {
      APPS: { name: string; migrates: boolean }[];
      SINGLE_APP: { composes: string[] };
    };
    const services = tools.APPS.filter((app) => app.migrates).map((app) => app.name);
    expect(SERVICE_CATALOG.map((service) => service.name)).toEqual(services);
    expect(tools.SINGLE_APP.composes).toEqual([...services, 'gateway']);
    expect(Object.keys(single).sort()).toEqual([...services, 'gateway'].sort());
    expect(Object.keys(multi).sort()).toEqual(Object.keys(single).sort());
  });

  it('finds what each mode registers (the comparison has something to compare)', () => {
    expect(single.gateway!.http).toEqual(expect.arrayContaining(['POST /auth/login', 'GET /health/ready', 'GET /tickets']));
    expect(single.tickets!.http).toEqual(expect.arrayContaining(['GET /health/ready', 'GET /metrics']));
    for (const service of SERVICE_CATALOG)
      expect({ service: service.name, nats: single[service.name]!.nats.length > 0 }).toEqual({ service: service.name, nats: true });
    expect(single.campaigns!.jobs.length).toBeGreaterThan(0);
    expect(Object.values(single).some((points) => points.integrationEvents.length > 0)).toBe(true);
  });

  it.each(['identity', 'tickets', 'sessions', 'campaigns', 'billing', 'ai', 'gateway'])(
    '%s answers the same HTTP routes and NATS patterns, and handles the same events and jobs',
    (app) => {
      expect(single[app]).toEqual(multi[app]);
    },
  );
});
