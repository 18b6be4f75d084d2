import path from 'node:path';
import type { WhatsappView } from '@atrium/contracts';
import { REPO_ROOT } from '@atrium/testing';
import pg from 'pg';
import { ApiClient } from '../api-client.js';
import { createPlan } from '../identity-fixtures.js';
import { eventually } from '../nats-fixtures.js';
import { signUpTenant, superAdmin } from '../tenants.js';
import {
  embeddedPostgres,
  natsServer,
  portsOutsideEphemeralRange,
  redisServer,
  startOnFreePort,
  type DependencyServer,
} from './dependency-servers.js';

const SERVICES = ['identity', 'tickets', 'sessions', 'campaigns', 'billing', 'ai'] as const;
type AppName = (typeof SERVICES)[number] | 'gateway';
type CheckName = 'nats' | 'redis' | 'database';

interface Platform {
  urls: { api: string };
  databaseUrls: { owner: string };
  stop(): Promise<void>;
  killNow(): void;
}

/** Which apps' readiness names each dependency (the gateway keeps no database). */
const DEPENDENTS: Record<DependencyServer['name'], { check: CheckName; apps: AppName[] }> = {
  nats: { check: 'nats', apps: [...SERVICES, 'gateway'] },
  redis: { check: 'redis', apps: [...SERVICES, 'gateway'] },
  postgres: { check: 'database', apps: [...SERVICES] },
};
/** Lets the readiness probes read the gateway's dependency states on its public port. */
const METRICS_TOKEN = 'dependency-restarts-metrics-token';
/** How long each dependency stays down. */
const OUTAGE_MS = 5_000;
const SEND_EVERY_MS = 100;
const CUSTOMERS = ['5511966000001', '5511966000002', '5511966000003'];

/**
 * The platform (every service, the gateway and wa-sandbox as child processes, tools/platform.mjs)
 * on a NATS, a Redis and a PostgreSQL of this suite's own, while sandbox customers write steadily:
 * each dependency in turn is stopped for OUTAGE_MS and started again on the same port with the
 * same data. Every app's readiness turns false while it is down and true after, with no restart
 * of the app, and every message a customer sent is stored exactly once.
 */
describe('dependency restarts: NATS, Redis and PostgreSQL each stopped and started again', () => {
  let servers: Record<DependencyServer['name'], DependencyServer>;
  let platform: Platform | undefined;
  let readyUrls: Record<AppName, string>;
  let sandboxUrl: string;
  let companyId: number;
  let business: string;
  const sent: string[] = [];
  let sending: Promise<void> | undefined;
  let keepSending = true;
  const exits: string[] = [];

  const readiness = async (app: AppName): Promise<{ status: number; checks: Record<string, string> }> => {
    try {
      // the gateway's public port names the dependencies only to the metrics token's holder
      const response = await fetch(readyUrls[app], {
        signal: AbortSignal.timeout(4_000),
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      return { status: response.status, checks: ((await response.json()) as { checks: Record<string, string> }).checks };
    } catch {
      return { status: 0, checks: {} };
    }
  };

  beforeAll(async () => {
    // ports no other suite's servers or connections are handed by the OS, each server started again elsewhere if one was named meanwhile
    const started = await Promise.allSettled([
      startOnFreePort(natsServer),
      startOnFreePort(redisServer),
      startOnFreePort(embeddedPostgres),
    ]);
    const [nats, redis, postgres] = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined));
    if (!nats || !redis || !postgres) {
      await Promise.allSettled([nats, redis, postgres].map((server) => server?.destroy()));
      const reasons = started.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
      throw new Error(`the suite's own servers did not start: ${reasons.join('\n')}`);
    }
    servers = { nats, redis, postgres };
    const [natsPort, redisPort, pgPort] = [nats.port, redis.port, postgres.port];
    const [gateway, waSandbox, smtp, ...servicePorts] = await portsOutsideEphemeralRange(3 + SERVICES.length);
    const { startPlatform } = (await import(path.join(REPO_ROOT, 'tools', 'platform.mjs'))) as {
      startPlatform(options: unknown): Promise<Platform>;
    };
    const ports = { gateway, 'wa-sandbox': waSandbox, smtp, ...Object.fromEntries(SERVICES.map((name, i) => [name, servicePorts[i]])) };
    platform = await startPlatform({
      build: false,
      web: false,
      apps: [...SERVICES, 'wa-sandbox'],
      postgres: { host: '127.0.0.1', port: pgPort },
      embeddedPostgres: false,
      database: 'atrium',
      redisUrl: `redis://127.0.0.1:${redisPort}`,
      natsUrl: `nats://127.0.0.1:${natsPort}`,
      ports,
      env: {
        METRICS_TOKEN,
        LOG_LEVEL: 'error',
        BAILEYS_ENABLED: 'false',
        SANDBOX_AUTO_SCAN_MS: '200',
        SANDBOX_ACK_DELAY_MS: '50',
        SANDBOX_DEMO: 'false',
      },
      log: () => undefined,
      onAppExit: (app: string) => exits.push(app),
    });
    readyUrls = Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, `http://127.0.0.1:${port}/health/ready`])) as Record<
      AppName,
      string
    >;
    sandboxUrl = `http://127.0.0.1:${waSandbox}`;

    const api = { client: () => new ApiClient(platform!.urls.api) };
    const plan = await createPlan(await superAdmin(api), { connections: 1 });
    const tenant = await signUpTenant(api, plan.id);
    companyId = tenant.companyId;
    const created = await tenant.admin.post<WhatsappView>('/whatsapp', { name: 'Restarts', provider: 'sandbox' });
    expect(created.status).toBe(201);
    await eventually(
      async () => {
        const shown = await tenant.admin.get<WhatsappView>(`/whatsapp/${created.body.id}`);
        business = shown.body.number ?? '';
        return shown.body.status === 'CONNECTED' && business !== '';
      },
      30_000,
      200,
    );

    // the customers write all along, through every outage (the sandbox is the outside world: it never stops)
    sending = (async () => {
      for (let n = 0; keepSending; n += 1) {
        const body = `restarts-${n}`;
        const response = await fetch(`${sandboxUrl}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ from: CUSTOMERS[n % CUSTOMERS.length], to: business, body }),
        });
        if (response.status === 201) sent.push(body);
        await new Promise((resolve) => setTimeout(resolve, SEND_EVERY_MS));
      }
    })();
  }, 150_000);

  afterAll(async () => {
    keepSending = false;
    await sending?.catch(() => undefined);
    await platform?.stop();
    await Promise.allSettled(Object.values(servers ?? {}).map((server) => server.destroy()));
  }, 60_000);

  it.each(['nats', 'redis', 'postgres'] as const)(
    '%s: readiness false while it is down, true after, no app restarted',
    async (name) => {
      const { check, apps } = DEPENDENTS[name];
      const before = sent.length;
      const stoppedAt = Date.now();
      await servers[name].stop();
      for (const app of apps) {
        await eventually(
          async () => {
            const { status, checks } = await readiness(app);
            return status === 503 && checks[check] === 'down';
          },
          OUTAGE_MS + 5_000,
          200,
        ).catch(async (error: unknown) => {
          throw new Error(`${app} still ready with ${name} down: ${JSON.stringify(await readiness(app))} (${String(error)})`);
        });
      }
      const remaining = stoppedAt + OUTAGE_MS - Date.now();
      if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining)); // the outage's length, not a wait for a condition
      await servers[name].start();
      for (const app of apps) {
        await eventually(async () => (await readiness(app)).status === 200, 30_000, 200);
      }
      expect(sent.length).toBeGreaterThan(before); // the customers kept writing meanwhile
      expect(exits).toEqual([]); // every app reconnected by itself
    },
    60_000,
  );

  it('stores every message the customers sent exactly once: nothing lost, nothing twice', async () => {
    keepSending = false;
    await sending;
    const client = new pg.Client({ connectionString: platform!.databaseUrls.owner });
    await client.connect();
    try {
      let counts = new Map<string, number>();
      const stored = async () => {
        const result = await client.query<{ body: string; copies: number }>(
          `select body, count(*)::int as copies from tickets.messages where company_id = $1 and body like 'restarts-%' and not from_me group by body`,
          [companyId],
        );
        counts = new Map(result.rows.map((row) => [row.body, row.copies]));
        return sent.every((body) => counts.has(body));
      };
      await eventually(stored, 60_000, 500).catch(() => undefined);
      const lost = sent.filter((body) => !counts.has(body));
      const twice = [...counts].filter(([, copies]) => copies > 1).map(([body]) => body);
      const unknown = [...counts.keys()].filter((body) => !sent.includes(body));
      console.info(`dependency restarts: ${sent.length} inbound messages sent, ${lost.length} lost, ${twice.length} stored twice`);
      expect(sent.length).toBeGreaterThan(100);
      expect({ sent: sent.length, lost, twice, unknown }).toEqual({ sent: sent.length, lost: [], twice: [], unknown: [] });
    } finally {
      await client.end();
    }
  }, 90_000);
});
